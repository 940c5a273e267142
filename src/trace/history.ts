/**
 * Where did this value come from: the history of a name (each assignment, and each
 * change of what it held meanwhile, the objects inside included) and of an object, from
 * the trace's indexes (binary searches, never a walk over the events).
 */

import type { HistoryEntry } from './graph-types';
import { EventKind } from './meta';
import type { Trace } from './trace';
import { objectState, refId, slotOf, textAt } from './values';

export type { HistoryEntry } from './graph-types';

/** Entries returned at most (the most recent ones). */
export const HISTORY_LIMIT = 1000;

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
 * at `step`): the caller's line for a call, and for a generator resumed (its previous
 * event a yield, or none in this record of it: resumed under another caller), the line
 * that resumed it (`g.send(lst.append(1))`); else the frame's previous line. Null at a
 * frame's first event without a caller.
 */
export function lineThatRan(trace: Trace, step: number): { file: string; line: number } | null {
  if (step < 0 || step >= trace.length) return null;
  const frameId = trace.frame[step];
  let at = trace.kind[step] === EventKind.Call ? -1 : trace.lastEventAt(frameId, step - 1);
  if (at < 0 || trace.kind[at] === EventKind.Yield) {
    const parent = trace.frames.parentOf(frameId);
    const resumer = parent >= 0 ? trace.lastEventAt(parent, step) : -1;
    if (resumer >= 0) at = resumer;
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
 * Objects followed below a name's object. Not a depth: a value view opens a linked list
 * of any length, so its history follows it as deep as it goes.
 */
const DEEP_MAX_OBJECTS = 1000;

/** Set when a walk stopped at {@link DEEP_MAX_OBJECTS}: changes further inside are missed. */
export interface HistoryCut {
  cut: boolean;
}

/** Object `id` and the objects it reaches at `step` (breadth first, bounded). */
function reachableAt(trace: Trace, id: number, step: number, seenCut?: HistoryCut): number[] {
  const seen = new Set([id]);
  let level = [id];
  while (level.length > 0) {
    const next: number[] = [];
    for (const parent of level) {
      for (const [, ref] of objectState(trace, parent, step)?.children ?? []) {
        const child = refId(ref);
        if (!child || seen.has(child)) continue;
        if (seen.size >= DEEP_MAX_OBJECTS) {
          if (seenCut) seenCut.cut = true;
          continue;
        }
        seen.add(child);
        next.push(child);
      }
    }
    level = next;
  }
  return [...seen];
}

/**
 * The last `max` steps in (`from`, `to`] at which what object `id` shows changed: the
 * object itself, or any object inside it at the time (a hook appended to the list in a
 * dict, a field of a nested dict), oldest first. Walks back from `to`: the objects inside
 * can only change at a step where one of them changed, so between two such steps the set
 * to watch stays the same.
 */
function deepSteps(
  trace: Trace,
  id: number,
  from: number,
  to: number,
  max = Infinity,
  cut?: HistoryCut,
): number[] {
  const out: number[] = [];
  let bound = to;
  while (bound > from && out.length < max) {
    let latest = -1;
    for (const o of reachableAt(trace, id, bound, cut)) {
      const events = trace.objectEvents(o);
      const k = lastAtOrBefore(events, bound);
      if (k >= 0 && events[k] > latest) latest = events[k];
    }
    if (latest <= from) break;
    out.push(latest);
    bound = latest - 1;
  }
  return out.reverse();
}

/**
 * The history of `name` in frame `frameId` up to `step`: every assignment (and deletion),
 * and every change of what it held in between (its object, or an object inside it),
 * oldest first (the last `limit`). `cut` is set when some walk inside stopped at the
 * object bound, so the list may miss changes deeper in.
 */
export function historyOf(
  trace: Trace,
  step: number,
  frameId: number,
  name: string,
  limit = HISTORY_LIMIT,
  cut?: HistoryCut,
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
      const steps = deepSteps(trace, id, at, until, limit - out.length, cut);
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
  limit = HISTORY_LIMIT,
): HistoryEntry[] {
  const steps = objectSteps(trace, id, -1, step);
  return steps
    .slice(Math.max(0, steps.length - limit))
    .map((s, k) =>
      entry(trace, s, k === 0 && steps.length <= limit ? 'assigned' : 'changed', -id - 1),
    );
}

/**
 * The last step (<= `step`) at which `name` in `frameId` was assigned or what it holds
 * changed (its object, or an object inside it), or null if it has no such step.
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
  return deepSteps(trace, id, bound, step, 1)[0] ?? bound;
}
