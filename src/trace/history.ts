/**
 * Where did this value come from: the history of a name (each assignment, and each
 * change of the object it held meanwhile) and of an object, from the trace's indexes
 * (binary searches, never a walk over the events).
 */

import type { HistoryEntry } from './graph-types';
import { EventKind } from './meta';
import type { Trace } from './trace';
import { refId, slotOf, textAt } from './values';

export type { HistoryEntry } from './graph-types';

/** Entries returned at most (the most recent ones). */
const DEFAULT_LIMIT = 1000;

/** Index of the last element of sorted `arr` that is <= x, or -1. */
function lastAtOrBefore(arr: ArrayLike<number>, x: number): number {
  let a = 0;
  let b = arr.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (arr[mid] <= x) a = mid + 1;
    else b = mid;
  }
  return a - 1;
}

/**
 * The place of the line that ran just before event `step` (what made the changes recorded
 * at `step`): the caller's line for a call, else the frame's previous line. Null at a
 * frame's first event without a caller.
 */
export function lineThatRan(trace: Trace, step: number): { file: string; line: number } | null {
  if (step < 0 || step >= trace.length) return null;
  const frameId = trace.frame[step];
  let at = -1;
  if (trace.kind[step] === EventKind.Call) {
    const parent = trace.frames.parentOf(frameId);
    if (parent >= 0) at = trace.lastEventAt(parent, step);
  } else {
    at = trace.lastEventAt(frameId, step - 1);
  }
  if (at < 0) return null;
  return { file: trace.fileOf(at), line: trace.line[at] };
}

function entry(trace: Trace, step: number, kind: HistoryEntry['kind'], ref: number): HistoryEntry {
  const place = lineThatRan(trace, step) ?? { file: trace.fileOf(step), line: trace.line[step] };
  return {
    step,
    file: place.file,
    line: place.line,
    kind,
    value: ref === -1 ? null : slotOf(trace, ref),
    text: ref === -1 ? '' : textAt(trace, ref, step),
  };
}

/** The last `max` steps in (`from`, `to`] at which object `id` changed, oldest first. */
function objectSteps(trace: Trace, id: number, from: number, to: number, max = Infinity): number[] {
  const events = trace.objectEvents(id);
  const lo = lastAtOrBefore(events, from) + 1;
  const out: number[] = [];
  for (let k = lastAtOrBefore(events, to); k >= lo && out.length < max; k--) out.push(events[k]);
  return out.reverse();
}

/**
 * The history of `name` in frame `frameId` up to `step`: every assignment (and deletion),
 * and every change of the object it held in between, oldest first (the last `limit`).
 */
export function historyOf(
  trace: Trace,
  step: number,
  frameId: number,
  name: string,
  limit = DEFAULT_LIMIT,
): HistoryEntry[] {
  const h = trace.bindingHistory(frameId, name);
  if (!h) return [];
  const last = lastAtOrBefore(h.events, step);
  const out: [number, HistoryEntry['kind'], number][] = [];
  for (let k = last; k >= 0 && out.length < limit; k--) {
    const at = h.events[k];
    const ref = h.values[k];
    const until = k === last ? step : h.events[k + 1] - 1;
    const id = refId(ref);
    if (id) {
      const steps = objectSteps(trace, id, at, until, limit - out.length);
      for (let j = steps.length - 1; j >= 0 && out.length < limit; j--) {
        out.push([steps[j], 'changed', ref]);
      }
    }
    if (out.length < limit) out.push([at, ref === -1 ? 'deleted' : 'assigned', ref]);
  }
  return out.reverse().map(([s, kind, ref]) => entry(trace, s, kind, ref));
}

/** The history of object `id` up to `step`: each recorded change, oldest first. */
export function objectHistory(
  trace: Trace,
  id: number,
  step: number,
  limit = DEFAULT_LIMIT,
): HistoryEntry[] {
  const steps = objectSteps(trace, id, -1, step);
  return steps
    .slice(Math.max(0, steps.length - limit))
    .map((s, k) =>
      entry(trace, s, k === 0 && steps.length <= limit ? 'assigned' : 'changed', -id - 1),
    );
}

/**
 * The last step (<= `step`) at which `name` in `frameId` was assigned or the object it
 * holds changed, or null if it has no such step. Two binary searches.
 */
export function lastChange(
  trace: Trace,
  step: number,
  frameId: number,
  name: string,
): number | null {
  const h = trace.bindingHistory(frameId, name);
  if (!h) return null;
  const k = lastAtOrBefore(h.events, step);
  if (k < 0) return null;
  const bound = h.events[k];
  const id = refId(h.values[k]);
  if (!id) return bound;
  const events = trace.objectEvents(id);
  const j = lastAtOrBefore(events, step);
  return j >= 0 && events[j] > bound ? events[j] : bound;
}
