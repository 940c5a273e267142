/**
 * The recorded trace, as the browser holds it.
 *
 * The recorder (src/runtime/recorder/) sends a JSON `TraceMeta` (./meta.ts) plus one binary
 * blob of fixed-width columns (./columns.ts). `Trace` wraps typed-array views over that
 * blob: nothing is decoded per event, so a million-event trace costs a few dozen bytes per
 * event and any position can be inspected in O(changes walked back), through indexes built
 * on first use (./indexes.ts). The format is described in docs/trace-format.md.
 */

import { emptyLayout, lastAtOrBefore } from './columns.ts';
import { TraceEvents } from './events.ts';
import {
  buildChangeIndex,
  buildFrameIndex,
  buildScopeHistory,
  type ChangeIndex,
  changeSlot,
  type FrameIndex,
  frameRange,
  type ScopeHistory,
} from './indexes.ts';
import {
  type Outcome,
  type Ref,
  type RunError,
  TRACE_FORMAT_VERSION,
  type TraceMeta,
} from './meta.ts';

/** One variable as seen at an event: its name and what it holds. */
export interface VarBinding {
  name: string;
  /** A {@link Ref}: an atom's value index, or `-(objectId + 1)`. */
  value: Ref;
}

/**
 * A recorded trace with random access to every event.
 * Positions are event indices `0 .. length-1`.
 */
export class Trace extends TraceEvents {
  private frameIndexCache: FrameIndex | null = null;
  private changeIndexCache: ChangeIndex | null = null;
  private readonly historyCache = new Map<number, ScopeHistory>();
  private readonly objectEventsCache = new Map<number, Int32Array>();

  /** The events of every frame, grouped by frame; built once, on first use. */
  private frameIndex(): FrameIndex {
    this.frameIndexCache ??= buildFrameIndex(this.frame, this.length, this.frames.length);
    return this.frameIndexCache;
  }

  /**
   * Build now the whole-trace indexes that the first step or Debug would otherwise build
   * (frames and changes: one pass each over the trace, tens of milliseconds at a million
   * events), e.g. while the page is idle. Idempotent; nothing else changes.
   */
  prepare(): void {
    this.frameIndex();
    this.changeIndex();
  }

  /** The slot of a change target in the {@link ChangeIndex}, or -1 if out of range. */
  private slotOf(target: number): number {
    return changeSlot(target, this.frames.length, this.meta.objectCount ?? 0);
  }

  /** Every change grouped by target, built once on first use. */
  private changeIndex(): ChangeIndex {
    this.changeIndexCache ??= buildChangeIndex({
      length: this.length,
      deltaCount: this.meta.deltaCount,
      frames: this.frames.length,
      objectCount: this.meta.objectCount ?? 0,
      deltaStart: this.deltaStart,
      deltaFrame: this.deltaFrame,
    });
    return this.changeIndexCache;
  }

  /** A scope's binding history (see {@link ScopeHistory}), built on first use. */
  private history(scope: number): ScopeHistory {
    let history = this.historyCache.get(scope);
    if (!history) {
      history = buildScopeHistory(this.changeIndex(), scope, this.deltaName, this.deltaValue);
      this.historyCache.set(scope, history);
    }
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

  /**
   * The last event of `frameId` at or before event `i`, or -1 if it has none (it had not
   * started yet). For a frame on the stack at `i`, this is where that frame is (paused
   * in a call); the line it is at is `line[lastEventAt(frameId, i)]`.
   */
  lastEventAt(frameId: number, i: number): number {
    const index = this.frameIndex();
    const { events } = index;
    const [lo, hi] = frameRange(index, frameId, this.frames.firstEventOf(frameId));
    const k = lastAtOrBefore(events, lo, hi, i);
    return k >= lo ? events[k] : -1;
  }

  /**
   * The line `frameId` is at when event `i` happens (0 if it had not started). A record of
   * a generator resumed under another caller may have no event of its own yet (`yield
   * from` passes the resume straight through to the generator it delegates to): it is
   * where the same frame's earlier record left it.
   */
  lineAt(frameId: number, i: number): number {
    let e = this.lastEventAt(frameId, i);
    if (e < 0 && this.frames.firstEventOf(frameId) <= i) {
      const scope = this.frames.scopeOf(frameId);
      for (let f = frameId - 1; f >= 0 && e < 0; f--)
        if (this.frames.scopeOf(f) === scope) e = this.lastEventAt(f, i);
    }
    return e >= 0 ? this.line[e] : 0;
  }

  /**
   * Bytes held in typed arrays: the columns, the packed value and frame tables, and every
   * index built so far (frame index, change index, binding histories). For the bench.
   */
  memoryBytes(): number {
    let bytes = this.byteSize + this.values.byteSize + this.frames.byteSize;
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
}

/** The JSON half of a trace with no events (see {@link emptyTrace}). */
export function emptyMeta(
  outcome: Outcome,
  error: RunError | null,
  files: string[] = [],
): TraceMeta {
  return {
    version: TRACE_FORMAT_VERSION,
    outcome,
    error,
    files,
    eventCount: 0,
    deltaCount: 0,
    objectCount: 0,
    columns: emptyLayout(),
    names: [],
    frames: [],
    values: [],
    output: '',
    probes: [],
    notices: [],
    budget: { maxEvents: 0, maxSeconds: 0 },
    elapsedMs: 0,
  };
}

/**
 * A trace with no events, for runs that produced none of their own (the
 * worker crashed or had to be replaced). Keeps the UI on one code path.
 */
export function emptyTrace(outcome: Outcome, error: RunError, files: string[] = []): Trace {
  return new Trace(emptyMeta(outcome, error, files), new ArrayBuffer(0));
}

/**
 * The trace of a run the app could not record (`failure`, an `AppFailure` of ./meta.ts):
 * no event, and an error marked `fromApp`, which `recordingFailure` recognises.
 */
export function unrecordedTrace(failure: string, message: string, files: string[]): Trace {
  return emptyTrace('error', { type: failure, message, fromApp: true }, files);
}
