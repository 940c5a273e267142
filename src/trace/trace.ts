/**
 * The recorded trace, as the browser holds it.
 *
 * The recorder (src/runtime/recorder/) sends a JSON `TraceMeta` plus one binary blob of
 * fixed-width columns. `Trace` wraps typed-array views over that blob: nothing
 * is decoded per event, so a million-event trace costs a few dozen bytes per
 * event and any position can be inspected in O(changes walked back).
 * The format is described in docs/trace-format.md.
 */

import { COLUMN_NAMES, lastAtOrBefore, readColumns } from './columns';

export { RELAYOUT_MIN_BYTES } from './columns';

/** The trace format version this reader reads (recorder/config.py FORMAT_VERSION). */
export const TRACE_FORMAT_VERSION = 2;

/** Kinds of events, in the numbering the recorder uses. */
export const EventKind = {
  Call: 0,
  Line: 1,
  Return: 2,
  Exception: 3,
  /** The frame was left because an exception propagated out of it. */
  Unwind: 4,
} as const;
/** One of the values of {@link EventKind}. */
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

/** How a run ended. `stopped` means a budget or an interrupt ended it early. */
export type Outcome = 'completed' | 'error' | 'stopped';

/** Where and why a run failed or was stopped. */
export interface RunError {
  /** Python exception type name, or `BudgetExceeded` / `KeyboardInterrupt`. */
  type: string;
  message: string;
  /** For budget stops: `events`, `seconds`, `depth` or `interrupted`. */
  reason?: string;
  /** For budget stops: the limit that was reached (events, seconds or call depth). */
  limit?: number;
  /** The lesson file (Python file name) where it happened, if known. */
  file?: string | null;
  line?: number | null;
  column?: number | null;
  traceback?: string;
}

/**
 * An entry of the value table: an atom `[typeName, text, 0, [], 0]`, or one recorded state
 * of an object `[typeName, text, objectId, children, size, kind]` whose `children` are
 * `[label, ref]` pairs (see {@link Ref}). A container's or an instance's `text` is empty:
 * it is composed from its children at the step shown (values.ts). A 7th field, when present,
 * is the index of an earlier state of the same object whose children this one keeps (a
 * container that grew past the items shown changed only its size).
 */
export type ValueNode =
  | [string, string, number, [string, number][], number]
  | [string, string, number, [string, number][], number, string]
  | [string, string, number, [string, number][], number, string, number];

/**
 * What a name, a slot, a return value or an exception holds: a value-table index of an
 * atom (>= 0), or an object `-(id + 1)` (<= -2). -1 means nothing (deleted, no value).
 */
export type Ref = number;

/**
 * `[function, fileIndex, parentFrameId, depth, firstEventIndex, scopeFrameId, paramCount]`.
 * `scopeFrameId` is the frame whose bindings this frame shows (itself, except for module
 * frames sharing one namespace: setup, scenario and entry share `__main__`'s);
 * the first `paramCount` names bound at its call event are its parameters.
 */
export type FrameRow = [string, number, number, number, number, number, number];

/** Result of evaluating a breakpoint condition or logpoint at one event. */
export type ProbeResult = [number, string, 'ok' | 'log' | 'error', string];

/** Something the recorder capped, shown to the user as a notice. */
export interface TraceNotice {
  kind: 'output' | 'values';
  limit: number;
}

/** The JSON half of a recorded trace. */
export interface TraceMeta {
  /** {@link TRACE_FORMAT_VERSION}. */
  version: number;
  outcome: Outcome;
  error: RunError | null;
  /** Python file names, indexed by the `file` column. */
  files: string[];
  eventCount: number;
  deltaCount: number;
  /** How many object ids the run gave out (ids are 1..objectCount). */
  objectCount: number;
  /** `[typecode, itemsize, length]` per column, in blob order. */
  columns: [string, number, number][];
  names: string[];
  frames: FrameRow[];
  values: ValueNode[];
  output: string;
  probes: ProbeResult[];
  notices: TraceNotice[];
  budget: { maxEvents: number; maxSeconds: number };
  elapsedMs: number;
}

/** One variable as seen at an event: its name and what it holds. */
export interface VarBinding {
  name: string;
  /** A {@link Ref}: an atom's value index, or `-(objectId + 1)`. */
  value: Ref;
}

/**
 * Every event of every frame, grouped by frame (a counting sort of the `frame` column):
 * the events of frame `f` are `events[start[f] .. start[f + 1]]`, in order.
 */
interface FrameIndex {
  start: Int32Array;
  events: Int32Array;
}

/**
 * Every change grouped by what it changed (a counting sort of `deltaFrame`): slot `s` is
 * a scope frame id (`s < frames`) or object id `s - frames + 1`; its changes are
 * `order[start[s] .. start[s + 1]]`, in trace order, and `eventOf[d]` is a change's event.
 */
interface ChangeIndex {
  start: Int32Array;
  order: Int32Array;
  eventOf: Int32Array;
}

/**
 * One scope's bindings over time: for each name it ever binds (in first-binding order),
 * the events where it changed and what it held (-1: deleted), in trace order.
 */
interface ScopeHistory {
  names: number[];
  events: Int32Array[];
  values: Int32Array[];
}

/**
 * A recorded trace with random access to every event.
 * Positions are event indices `0 .. length-1`.
 */
export class Trace {
  readonly meta: TraceMeta;
  readonly length: number;
  readonly kind: Int8Array;
  readonly file: Int8Array;
  readonly line: Int32Array;
  readonly frame: Int32Array;
  readonly depth: Int16Array;
  readonly out: Int32Array;
  readonly deltaStart: Int32Array;
  /** The event's return value or exception ({@link Ref}), else -1. */
  readonly aux: Int32Array;
  /** A change's target: a scope frame id (a binding), or `-objectId` (an object's state). */
  readonly deltaFrame: Int32Array;
  readonly deltaName: Int32Array;
  /** A binding's {@link Ref} (-1: deleted), or an object's new value-table index. */
  readonly deltaValue: Int32Array;
  /** Probe results by event index (conditions and logpoints). */
  readonly probesAt: Map<number, ProbeResult[]>;
  private frameIndexCache: FrameIndex | null = null;
  private changeIndexCache: ChangeIndex | null = null;
  private readonly historyCache = new Map<number, ScopeHistory>();
  private readonly objectEventsCache = new Map<number, Int32Array>();

  constructor(meta: TraceMeta, buffer: ArrayBuffer) {
    this.meta = meta;
    this.length = meta.eventCount;
    const cols = readColumns(meta.columns, meta.eventCount, meta.deltaCount, buffer);
    this.kind = cols.kind as Int8Array;
    this.file = cols.file as Int8Array;
    this.line = cols.line as Int32Array;
    this.frame = cols.frame as Int32Array;
    this.depth = cols.depth as Int16Array;
    this.out = cols.out as Int32Array;
    this.deltaStart = cols.deltaStart as Int32Array;
    this.aux = cols.aux as Int32Array;
    this.deltaFrame = cols.deltaFrame as Int32Array;
    this.deltaName = cols.deltaName as Int32Array;
    this.deltaValue = cols.deltaValue as Int32Array;
    this.probesAt = new Map();
    for (const p of meta.probes) {
      const list = this.probesAt.get(p[0]);
      if (list) list.push(p);
      else this.probesAt.set(p[0], [p]);
    }
  }

  /** Python file name of the event at `i`. */
  fileOf(i: number): string {
    return this.meta.files[this.file[i]];
  }

  /** Function name of the frame of the event at `i`. */
  functionOf(i: number): string {
    return this.meta.frames[this.frame[i]][0];
  }

  /** The output printed before the event at `i` ran (all of it at the end). */
  outputAt(i: number): string {
    // Before the start (-1) nothing has run yet; `this.out[-1]` would be
    // undefined and `slice(0, undefined)` would return the whole output.
    if (i < 0) return '';
    if (i >= this.length) return this.meta.output;
    return this.meta.output.slice(0, this.out[i]);
  }

  /** Frame ids from the innermost (the event's own) outwards. */
  stackAt(i: number): number[] {
    const stack: number[] = [];
    let f = this.frame[i];
    while (f >= 0) {
      stack.push(f);
      f = this.meta.frames[f][2];
    }
    return stack;
  }

  /** The frame whose bindings `frameId` shows (see {@link FrameRow}). */
  scopeOf(frameId: number): number {
    return this.meta.frames[frameId][5] ?? frameId;
  }

  /** How many parameters `frameId`'s function has (its first names). */
  paramCount(frameId: number): number {
    return this.meta.frames[frameId][6] ?? 0;
  }

  /** The end (exclusive) of event `i`'s changes. */
  deltaEnd(i: number): number {
    return i + 1 < this.length ? this.deltaStart[i + 1] : this.meta.deltaCount;
  }

  /**
   * The events of every frame, grouped by frame. Built once, on first use, in two passes
   * over the `frame` column (4 bytes per event): from then on a frame's own events are
   * found without walking over its callees' (a module frame may wait a million events
   * for the call it made to return).
   */
  private frameIndex(): FrameIndex {
    if (this.frameIndexCache) return this.frameIndexCache;
    const frames = this.meta.frames.length;
    const start = new Int32Array(frames + 1);
    const n = this.length;
    const frame = this.frame;
    for (let e = 0; e < n; e++) {
      const f = frame[e];
      if (f >= 0 && f < frames) start[f + 1]++;
    }
    for (let f = 0; f < frames; f++) start[f + 1] += start[f];
    const next = start.slice(0, frames);
    const events = new Int32Array(start[frames]);
    for (let e = 0; e < n; e++) {
      const f = frame[e];
      if (f >= 0 && f < frames) events[next[f]++] = e;
    }
    this.frameIndexCache = { start, events };
    return this.frameIndexCache;
  }

  /** The slot of a change target in the {@link ChangeIndex}, or -1 if out of range. */
  private slotOf(target: number): number {
    const frames = this.meta.frames.length;
    if (target >= 0) return target < frames ? target : -1;
    const oid = -target;
    return oid <= (this.meta.objectCount ?? 0) ? frames + oid - 1 : -1;
  }

  /** Every change grouped by target, built once on first use (8 bytes per change). */
  private changeIndex(): ChangeIndex {
    if (this.changeIndexCache) return this.changeIndexCache;
    const slots = this.meta.frames.length + (this.meta.objectCount ?? 0);
    const count = this.meta.deltaCount;
    const start = new Int32Array(slots + 1);
    const eventOf = new Int32Array(count);
    for (let e = 0; e < this.length; e++) {
      eventOf.fill(e, this.deltaStart[e], this.deltaEnd(e));
    }
    for (let d = 0; d < count; d++) {
      const s = this.slotOf(this.deltaFrame[d]);
      if (s >= 0) start[s + 1]++;
    }
    for (let s = 0; s < slots; s++) start[s + 1] += start[s];
    const next = start.slice(0, slots);
    const order = new Int32Array(start[slots]);
    for (let d = 0; d < count; d++) {
      const s = this.slotOf(this.deltaFrame[d]);
      if (s >= 0) order[next[s]++] = d;
    }
    this.changeIndexCache = { start, order, eventOf };
    return this.changeIndexCache;
  }

  /** The range of `frameIndex().events` holding the events of `frameId` from its first on. */
  private frameRange(frameId: number): [number, number] {
    const { start, events } = this.frameIndex();
    const firstEvent = this.meta.frames[frameId][4];
    const hi = start[frameId + 1];
    // Events listed before the frame's own first event are not its own.
    const lo = lastAtOrBefore(events, start[frameId], hi, firstEvent - 1) + 1;
    return [lo, hi];
  }

  /** A scope's binding history (see {@link ScopeHistory}), built on first use. */
  private history(scope: number): ScopeHistory {
    const cached = this.historyCache.get(scope);
    if (cached) return cached;
    const { start, order, eventOf } = this.changeIndex();
    const lo = start[scope];
    const hi = start[scope + 1];
    const slot = new Map<number, number>();
    const names: number[] = [];
    const counts: number[] = [];
    for (let k = lo; k < hi; k++) {
      const name = this.deltaName[order[k]];
      const at = slot.get(name);
      if (at === undefined) {
        slot.set(name, names.length);
        names.push(name);
        counts.push(1);
      } else counts[at]++;
    }
    const evs = counts.map((c) => new Int32Array(c));
    const vals = counts.map((c) => new Int32Array(c));
    const fill = new Array<number>(names.length).fill(0);
    for (let k = lo; k < hi; k++) {
      const d = order[k];
      const at = slot.get(this.deltaName[d]) as number;
      evs[at][fill[at]] = eventOf[d];
      vals[at][fill[at]++] = this.deltaValue[d];
    }
    const history = { names, events: evs, values: vals };
    this.historyCache.set(scope, history);
    return history;
  }

  /**
   * Every name the frame ever binds, in first-binding order (Python Tutor's
   * `ordered_varnames`), so rows never jump around between steps. Computed
   * once per scope, on demand.
   */
  frameNames(frameId: number): number[] {
    return this.history(this.scopeOf(frameId)).names;
  }

  /**
   * Variables of `frameId` as they were at event `i` (a parent frame's state at `i` is
   * its state at its last event <= i, or as changed since by its callees). One binary
   * search per name the frame binds, wherever `i` is: never a walk back through the trace.
   */
  variablesAt(frameId: number, i: number): VarBinding[] {
    const { names, events, values } = this.history(this.scopeOf(frameId));
    const at = Math.min(i, this.length - 1);
    const bindings: VarBinding[] = [];
    for (let k = 0; k < names.length; k++) {
      const evs = events[k];
      const j = lastAtOrBefore(evs, 0, evs.length, at);
      if (j >= 0 && values[k][j] !== -1) {
        bindings.push({ name: this.meta.names[names[k]], value: values[k][j] });
      }
    }
    return bindings;
  }

  /**
   * The binding history of one name of a frame: the events where it changed and what it
   * held from then on (-1: deleted), or null if the frame never binds it.
   */
  bindingHistory(frameId: number, name: string): { events: Int32Array; values: Int32Array } | null {
    const h = this.history(this.scopeOf(frameId));
    const k = h.names.findIndex((n) => this.meta.names[n] === name);
    return k < 0 ? null : { events: h.events[k], values: h.values[k] };
  }

  /**
   * The value-table index of object `id`'s state at event `i` (its last change at or
   * before `i`), or -1 if it was not recorded by then. A binary search.
   */
  objectAt(id: number, i: number): number {
    const s = this.slotOf(-id);
    if (s < 0 || id <= 0) return -1;
    const { start, order, eventOf } = this.changeIndex();
    let a = start[s];
    let b = start[s + 1];
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (eventOf[order[mid]] <= i) a = mid + 1;
      else b = mid;
    }
    return a > start[s] ? this.deltaValue[order[a - 1]] : -1;
  }

  /** The events at which object `id`'s state was recorded, in order (cached per object). */
  objectEvents(id: number): Int32Array {
    let events = this.objectEventsCache.get(id);
    if (events) return events;
    const s = this.slotOf(-id);
    if (s < 0 || id <= 0) return new Int32Array(0);
    const { start, order, eventOf } = this.changeIndex();
    events = new Int32Array(start[s + 1] - start[s]);
    for (let k = start[s]; k < start[s + 1]; k++) events[k - start[s]] = eventOf[order[k]];
    this.objectEventsCache.set(id, events);
    return events;
  }

  /** Every recorded state of object `id`: the events and value-table indices, in order. */
  objectChanges(id: number): { events: number[]; values: number[] } {
    const s = this.slotOf(-id);
    const out = { events: [] as number[], values: [] as number[] };
    if (s < 0 || id <= 0) return out;
    const { start, order, eventOf } = this.changeIndex();
    for (let k = start[s]; k < start[s + 1]; k++) {
      out.events.push(eventOf[order[k]]);
      out.values.push(this.deltaValue[order[k]]);
    }
    return out;
  }

  /** Ids of the objects whose state was recorded (changed or first seen) at event `i`. */
  objectsChangedAt(i: number): number[] {
    const ids: number[] = [];
    if (i < 0 || i >= this.length) return ids;
    for (let d = this.deltaStart[i], end = this.deltaEnd(i); d < end; d++) {
      if (this.deltaFrame[d] < 0) ids.push(-this.deltaFrame[d]);
    }
    return ids;
  }

  /**
   * The last event of `frameId` at or before event `i`, or -1 if it has none (it had not
   * started yet). For a frame on the stack at `i`, this is where that frame is (paused
   * in a call); the line it is at is `line[lastEventAt(frameId, i)]`.
   */
  lastEventAt(frameId: number, i: number): number {
    const { events } = this.frameIndex();
    const [lo, hi] = this.frameRange(frameId);
    const k = lastAtOrBefore(events, lo, hi, i);
    return k >= lo ? events[k] : -1;
  }

  /** The line `frameId` is at when event `i` happens (0 if it had not started). */
  lineAt(frameId: number, i: number): number {
    const e = this.lastEventAt(frameId, i);
    return e >= 0 ? this.line[e] : 0;
  }

  /** The names (re)bound at event `i` in the scope of the event's own frame. */
  changedAt(i: number): Set<string> {
    const changed = new Set<string>();
    if (i < 0 || i >= this.length) return changed;
    const scope = this.scopeOf(this.frame[i]);
    for (let d = this.deltaStart[i]; d < this.deltaEnd(i); d++) {
      if (this.deltaFrame[d] === scope) changed.add(this.meta.names[this.deltaName[d]]);
    }
    return changed;
  }

  /** The value-table entry at `index`. */
  value(index: number): ValueNode {
    return this.meta.values[index];
  }

  /**
   * Bytes held in typed arrays: the columns and every index built so far (frame index,
   * change index, binding histories). For the bench.
   */
  memoryBytes(): number {
    let bytes = this.byteSize;
    if (this.frameIndexCache) {
      bytes += this.frameIndexCache.start.byteLength + this.frameIndexCache.events.byteLength;
    }
    const c = this.changeIndexCache;
    if (c) bytes += c.start.byteLength + c.order.byteLength + c.eventOf.byteLength;
    for (const h of this.historyCache.values()) {
      for (const a of h.events) bytes += a.byteLength;
      for (const a of h.values) bytes += a.byteLength;
    }
    return bytes;
  }

  /** Approximate bytes this trace's columns hold in typed arrays (for the bench). */
  get byteSize(): number {
    return this.meta.columns.reduce((sum, [, size, len]) => sum + size * len, 0);
  }
}

/**
 * A trace with no events, for runs that produced none of their own (the
 * worker crashed or had to be replaced). Keeps the UI on one code path.
 */
export function emptyTrace(outcome: Outcome, error: RunError, files: string[] = []): Trace {
  const meta: TraceMeta = {
    version: TRACE_FORMAT_VERSION,
    outcome,
    error,
    files,
    eventCount: 0,
    deltaCount: 0,
    objectCount: 0,
    columns: COLUMN_NAMES.map((_, i) =>
      i < 2 ? ['b', 1, 0] : i === 4 ? ['h', 2, 0] : ['i', 4, 0],
    ),
    names: [],
    frames: [],
    values: [],
    output: '',
    probes: [],
    notices: [],
    budget: { maxEvents: 0, maxSeconds: 0 },
    elapsedMs: 0,
  };
  return new Trace(meta, new ArrayBuffer(0));
}
