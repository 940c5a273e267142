/**
 * The panel's "where did this value come from?" and call stack rows, read from the
 * object-centric trace (src/trace/history.ts, src/trace/graph.ts): a name's history over
 * the whole run (later steps shown as still to come), the newest change at or before the
 * position, and each frame of the stack as a call with its arguments.
 */
import { callOf } from '../diagram/args';
import { framesAt } from '../trace/graph';
import { HISTORY_LIMIT, type HistoryCut, type HistoryEntry, historyOf } from '../trace/history';
import type { Trace } from '../trace/trace';
import type { HistoryTarget } from './panels';

/** The history ("where did this value come from?") the panel shows. */
export interface HistoryDisplay {
  target: HistoryTarget;
  /** Every change of the name over the run (the most recent 1000), oldest first. */
  entries: readonly HistoryEntry[];
  /** The newest change at or before the position: "go to last change" goes there. */
  last: HistoryEntry | null;
  /** Too many objects inside to follow them all: changes deeper in may be missing. */
  partial: boolean;
}

type Whole = { entries: readonly HistoryEntry[]; partial: boolean };
const cache = new WeakMap<Trace, Map<string, Whole>>();

/** The history of `name` in `frameId` over the whole run, computed once per trace and name. */
function wholeHistory(trace: Trace, frameId: number, name: string): Whole {
  let byName = cache.get(trace);
  if (!byName) {
    byName = new Map();
    cache.set(trace, byName);
  }
  const key = `${frameId}:${name}`;
  let whole = byName.get(key);
  if (!whole) {
    const known = frameId >= 0 && frameId < trace.frames.length && trace.length > 0;
    const cut: HistoryCut = { cut: false };
    const entries = known
      ? historyOf(trace, trace.length - 1, frameId, name, HISTORY_LIMIT, cut)
      : [];
    whole = { entries, partial: cut.cut };
    byName.set(key, whole);
  }
  return whole;
}

/** The newest of `entries` (oldest first) at or before step `at`, by binary search. */
function newestAtOrBefore(entries: readonly HistoryEntry[], at: number): HistoryEntry | null {
  let a = 0;
  let b = entries.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (entries[mid].step <= at) a = mid + 1;
    else b = mid;
  }
  return a > 0 ? entries[a - 1] : null;
}

/**
 * The history display of `target` at `position`. Pure (memoised per trace). The last
 * change is read off the whole run's entries (one binary search per step), unless the
 * position is older than every entry kept.
 */
export function historyDisplay(
  trace: Trace,
  target: HistoryTarget,
  position: number,
): HistoryDisplay {
  const { entries, partial } = wholeHistory(trace, target.frameId, target.name);
  const at = Math.min(position, trace.length - 1);
  let last = newestAtOrBefore(entries, at);
  if (last === null && entries.length >= HISTORY_LIMIT && at >= 0) {
    // Older than the entries kept: read that one change on its own.
    last = historyOf(trace, at, target.frameId, target.name, 1)[0] ?? null;
  }
  return { target, entries, last, partial };
}

/** Each frame of the stack at `step` (innermost first) as a call with its arguments. */
export function callsAt(trace: Trace, step: number): string[] {
  return framesAt(trace, step).map(callOf);
}
