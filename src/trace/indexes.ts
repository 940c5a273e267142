/**
 * The indexes a `Trace` builds over its columns on first use, so that any position can be
 * inspected without walking the trace: events grouped by frame, changes grouped by what
 * they changed, and one scope's binding history. Pure functions over typed arrays; the
 * `Trace` (./trace.ts) caches what they return.
 */
import { lastAtOrBefore } from './columns.ts';

/**
 * Every event of every frame, grouped by frame (a counting sort of the `frame` column):
 * the events of frame `f` are `events[start[f] .. start[f + 1]]`, in order.
 */
export interface FrameIndex {
  start: Int32Array;
  events: Int32Array;
}

/**
 * Every change grouped by what it changed (a counting sort of `deltaFrame`): slot `s` is
 * a scope frame id (`s < frames`) or object id `s - frames + 1`; its changes are
 * `order[start[s] .. start[s + 1]]`, in trace order, and `eventOf[d]` is a change's event.
 */
export interface ChangeIndex {
  start: Int32Array;
  order: Int32Array;
  eventOf: Int32Array;
}

/**
 * One scope's bindings over time: for each name it ever binds (in first-binding order),
 * the events where it changed and what it held (-1: deleted), in trace order.
 */
export interface ScopeHistory {
  names: number[];
  events: Int32Array[];
  values: Int32Array[];
}

/**
 * Group the events by frame, in two passes over the `frame` column (4 bytes per event):
 * a frame's own events are then found without walking over its callees' (a module frame
 * may wait a million events for the call it made to return).
 */
export function buildFrameIndex(frame: Int32Array, length: number, frames: number): FrameIndex {
  const start = new Int32Array(frames + 1);
  for (let e = 0; e < length; e++) {
    const f = frame[e];
    if (f >= 0 && f < frames) start[f + 1]++;
  }
  for (let f = 0; f < frames; f++) start[f + 1] += start[f];
  const next = start.slice(0, frames);
  const events = new Int32Array(start[frames]);
  for (let e = 0; e < length; e++) {
    const f = frame[e];
    if (f >= 0 && f < frames) events[next[f]++] = e;
  }
  return { start, events };
}

/**
 * The slot of a change target in a {@link ChangeIndex} (a scope frame id, or `-objectId`),
 * or -1 if it is out of range.
 */
export function changeSlot(target: number, frames: number, objectCount: number): number {
  if (target >= 0) return target < frames ? target : -1;
  const oid = -target;
  return oid <= objectCount ? frames + oid - 1 : -1;
}

/** The columns and counts {@link buildChangeIndex} reads. */
export interface ChangeColumns {
  /** Events in the trace. */
  length: number;
  deltaCount: number;
  frames: number;
  objectCount: number;
  deltaStart: Int32Array;
  deltaFrame: Int32Array;
}

/** Group every change by its target (8 bytes per change). */
export function buildChangeIndex(c: ChangeColumns): ChangeIndex {
  const slots = c.frames + c.objectCount;
  const count = c.deltaCount;
  const start = new Int32Array(slots + 1);
  const eventOf = new Int32Array(count);
  for (let e = 0; e < c.length; e++) {
    const end = e + 1 < c.length ? c.deltaStart[e + 1] : count;
    eventOf.fill(e, c.deltaStart[e], end);
  }
  const slotOf = (d: number) => changeSlot(c.deltaFrame[d], c.frames, c.objectCount);
  for (let d = 0; d < count; d++) {
    const s = slotOf(d);
    if (s >= 0) start[s + 1]++;
  }
  for (let s = 0; s < slots; s++) start[s + 1] += start[s];
  const next = start.slice(0, slots);
  const order = new Int32Array(start[slots]);
  for (let d = 0; d < count; d++) {
    const s = slotOf(d);
    if (s >= 0) order[next[s]++] = d;
  }
  return { start, order, eventOf };
}

/** The binding history of scope frame `scope`, from the change index. */
export function buildScopeHistory(
  index: ChangeIndex,
  scope: number,
  deltaName: Int32Array,
  deltaValue: Int32Array,
): ScopeHistory {
  const { start, order, eventOf } = index;
  const lo = start[scope];
  const hi = start[scope + 1];
  const slot = new Map<number, number>();
  const names: number[] = [];
  const counts: number[] = [];
  for (let k = lo; k < hi; k++) {
    const name = deltaName[order[k]];
    const at = slot.get(name);
    if (at === undefined) {
      slot.set(name, names.length);
      names.push(name);
      counts.push(1);
    } else counts[at]++;
  }
  const events = counts.map((c) => new Int32Array(c));
  const values = counts.map((c) => new Int32Array(c));
  const fill = new Array<number>(names.length).fill(0);
  for (let k = lo; k < hi; k++) {
    const d = order[k];
    const at = slot.get(deltaName[d]) as number;
    events[at][fill[at]] = eventOf[d];
    values[at][fill[at]++] = deltaValue[d];
  }
  return { names, events, values };
}

/**
 * The range of `index.events` holding the events of `frameId` from `firstEvent` (its own
 * first event) on: events listed before it are not the frame's own.
 */
export function frameRange(
  index: FrameIndex,
  frameId: number,
  firstEvent: number,
): [number, number] {
  const { start, events } = index;
  const hi = start[frameId + 1];
  const lo = lastAtOrBefore(events, start[frameId], hi, firstEvent - 1) + 1;
  return [lo, hi];
}
