/**
 * "Where did this value come from?": the steps where a name was bound or the object it
 * holds changed, each with the line that did it and the value after it.
 *
 * Interim: reads the name-centric trace's changes of one frame (a linear pass over the
 * trace's delta columns); the object-centric history of the trace reader replaces it.
 */

import { lineMarks } from '../replay/lineMarks';
import type { Trace } from '../trace/trace';

/** One change in a history. */
export interface HistoryEntry {
  /** The event to jump to: the first step at which the change is visible. */
  step: number;
  /** The line that made the change. */
  file: string;
  line: number;
  /**
   * `assigned`: the name was bound to this value; `changed`: the object it held changed
   * in place; `deleted`: the name was deleted.
   */
  kind: 'assigned' | 'changed' | 'deleted';
  /** The value's text from this step on (empty when deleted). */
  text: string;
}

/** Every change of `name` in frame `frameId`, oldest first. */
export function nameHistory(trace: Trace, frameId: number, name: string): HistoryEntry[] {
  const nameIndex = trace.meta.names.indexOf(name);
  if (nameIndex < 0) return [];
  const out: HistoryEntry[] = [];
  const deltas = trace.deltaName.length;
  let heldId = 0;
  for (let i = 0; i < trace.length; i++) {
    if (trace.frame[i] !== frameId) continue;
    const end = i + 1 < trace.length ? trace.deltaStart[i + 1] : deltas;
    for (let d = trace.deltaStart[i]; d < end; d++) {
      if (trace.deltaName[d] !== nameIndex) continue;
      const v = trace.deltaValue[d];
      const made = lineMarks(trace, frameId, i).justRan;
      const node = v >= 0 ? trace.value(v) : null;
      const id = node?.[2] ?? 0;
      out.push({
        step: i,
        file: made?.file ?? trace.fileOf(i),
        line: made?.line ?? trace.line[i],
        kind: !node ? 'deleted' : id !== 0 && id === heldId ? 'changed' : 'assigned',
        text: node?.[1] ?? '',
      });
      heldId = id;
    }
  }
  return out;
}

const cache = new WeakMap<Trace, Map<string, readonly HistoryEntry[]>>();

/** {@link nameHistory}, computed once per trace and name (a trace never changes). */
export function historyOf(trace: Trace, frameId: number, name: string): readonly HistoryEntry[] {
  let byName = cache.get(trace);
  if (!byName) {
    byName = new Map();
    cache.set(trace, byName);
  }
  const key = `${frameId}:${name}`;
  let entries = byName.get(key);
  if (!entries) {
    entries =
      frameId >= 0 && frameId < trace.meta.frames.length ? nameHistory(trace, frameId, name) : [];
    byName.set(key, entries);
  }
  return entries;
}

/** The newest change at or before `position`, or null. */
export function lastChangeAt(
  entries: readonly HistoryEntry[],
  position: number,
): HistoryEntry | null {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].step <= position) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? entries[lo - 1] : null;
}
