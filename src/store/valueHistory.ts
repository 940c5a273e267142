/**
 * The panel's "where did this value come from?" and call stack rows, read from the
 * object-centric trace (src/trace/history.ts, src/trace/graph.ts): a name's history over
 * the whole run (later steps shown as still to come), the newest change at or before the
 * position, and each frame of the stack as a call with its arguments.
 */
import { callOf } from '../diagram/args';
import { framesAt } from '../trace/graph';
import { type HistoryEntry, historyOf, lastChange } from '../trace/history';
import type { Trace } from '../trace/trace';
import type { HistoryTarget } from './panels';

/** The history ("where did this value come from?") the panel shows. */
export interface HistoryDisplay {
  target: HistoryTarget;
  /** Every change of the name over the run (the most recent 1000), oldest first. */
  entries: readonly HistoryEntry[];
  /** The newest change at or before the position: "go to last change" goes there. */
  last: HistoryEntry | null;
}

const cache = new WeakMap<Trace, Map<string, readonly HistoryEntry[]>>();

/** The history of `name` in `frameId` over the whole run, computed once per trace and name. */
function wholeHistory(trace: Trace, frameId: number, name: string): readonly HistoryEntry[] {
  let byName = cache.get(trace);
  if (!byName) {
    byName = new Map();
    cache.set(trace, byName);
  }
  const key = `${frameId}:${name}`;
  let entries = byName.get(key);
  if (!entries) {
    const known = frameId >= 0 && frameId < trace.frames.length && trace.length > 0;
    entries = known ? historyOf(trace, trace.length - 1, frameId, name) : [];
    byName.set(key, entries);
  }
  return entries;
}

/** The history display of `target` at `position`. Pure (memoised per trace). */
export function historyDisplay(
  trace: Trace,
  target: HistoryTarget,
  position: number,
): HistoryDisplay {
  const entries = wholeHistory(trace, target.frameId, target.name);
  const known = target.frameId >= 0 && target.frameId < trace.frames.length;
  const at = Math.min(position, trace.length - 1);
  const step = known && at >= 0 ? lastChange(trace, at, target.frameId, target.name) : null;
  let last: HistoryEntry | null = null;
  if (step !== null) {
    // Older than the entries kept: read that one change on its own.
    last =
      entries.find((e) => e.step === step) ??
      historyOf(trace, step, target.frameId, target.name, 1)[0] ??
      null;
  }
  return { target, entries, last };
}

/** Each frame of the stack at `step` (innermost first) as a call with its arguments. */
export function callsAt(trace: Trace, step: number): string[] {
  return framesAt(trace, step).map(callOf);
}
