/**
 * The recorded trace, as the browser holds it.
 *
 * The recorder (src/runtime/recorder/) sends a JSON `TraceMeta` plus one binary blob of
 * fixed-width columns. `Trace` wraps typed-array views over that blob: nothing
 * is decoded per event, so a million-event trace costs a few dozen bytes per
 * event and any position can be inspected in O(changes walked back).
 * The format is described in docs/trace-format.md.
 */

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
 * A rendered value: `[typeName, text, objectId, children, totalChildren]`.
 * `objectId` is 0 for atoms (numbers, strings, None); equal non-zero ids mean
 * the same Python object. `children` are `[label, valueIndex]` pairs.
 */
export type ValueNode = [string, string, number, [string, number][], number];

/** `[function, fileIndex, parentFrameId, depth, firstEventIndex]`. */
export type FrameRow = [string, number, number, number, number];

/** Result of evaluating a breakpoint condition or logpoint at one event. */
export type ProbeResult = [number, string, 'ok' | 'log' | 'error', string];

/** Something the recorder capped, shown to the user as a notice. */
export interface TraceNotice {
  kind: 'output' | 'values';
  limit: number;
}

/** The JSON half of a recorded trace. */
export interface TraceMeta {
  version: number;
  outcome: Outcome;
  error: RunError | null;
  /** Python file names, indexed by the `file` column. */
  files: string[];
  eventCount: number;
  deltaCount: number;
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

const COLUMN_NAMES = [
  'kind',
  'file',
  'line',
  'frame',
  'depth',
  'out',
  'deltaStart',
  'aux',
  'deltaName',
  'deltaValue',
] as const;

type TypedColumn = Int8Array | Int16Array | Int32Array;

/**
 * Blobs at least this big whose columns are not all aligned get one aligned copy (see the
 * constructor); smaller ones just copy their misaligned columns.
 */
export const RELAYOUT_MIN_BYTES = 1 << 20;

/** Bytes per item of each supported typecode. */
const ITEM_SIZE: Record<string, number> = { b: 1, h: 2, i: 4 };

function view(buffer: ArrayBuffer, offset: number, typecode: string, length: number): TypedColumn {
  switch (typecode) {
    case 'b':
      return new Int8Array(buffer, offset, length);
    case 'h':
      return new Int16Array(buffer, offset, length);
    case 'i':
      return new Int32Array(buffer, offset, length);
    default:
      throw new Error(`trace column has unsupported typecode '${typecode}'`);
  }
}

/** One variable as seen at an event: its name and value-table index. */
export interface VarBinding {
  name: string;
  value: number;
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
 * One frame's variable history: for each name it ever binds (in first-binding order),
 * the events where it changed and the value it took (-1: deleted), in trace order.
 */
interface FrameHistory {
  names: number[];
  events: Int32Array[];
  values: Int32Array[];
}

/** Index of the last element of sorted `arr[lo..hi)` that is <= x, or lo - 1. */
function lastAtOrBefore(arr: Int32Array, lo: number, hi: number, x: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (arr[mid] <= x) a = mid + 1;
    else b = mid;
  }
  return a - 1;
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
  readonly aux: Int32Array;
  readonly deltaName: Int32Array;
  readonly deltaValue: Int32Array;
  /** Probe results by event index (conditions and logpoints). */
  readonly probesAt: Map<number, ProbeResult[]>;
  private frameIndexCache: FrameIndex | null = null;
  private readonly historyCache = new Map<number, FrameHistory>();

  constructor(meta: TraceMeta, buffer: ArrayBuffer) {
    this.meta = meta;
    this.length = meta.eventCount;
    if (meta.columns.length !== COLUMN_NAMES.length) {
      throw new Error(`trace has ${meta.columns.length} columns, expected ${COLUMN_NAMES.length}`);
    }
    // Validate the whole layout before creating any view: a short blob would
    // otherwise fail inside a typed-array constructor with an opaque RangeError.
    let size = 0;
    meta.columns.forEach(([typecode, itemsize, length], i) => {
      const expectedSize = ITEM_SIZE[typecode];
      if (expectedSize === undefined) {
        throw new Error(`trace column has unsupported typecode '${typecode}'`);
      }
      if (itemsize !== expectedSize) {
        throw new Error(
          `trace column '${COLUMN_NAMES[i]}' has itemsize ${itemsize}, expected ${expectedSize}`,
        );
      }
      const rows = i < 8 ? meta.eventCount : meta.deltaCount;
      if (length !== rows) {
        throw new Error(`trace column '${COLUMN_NAMES[i]}' has ${length} rows, expected ${rows}`);
      }
      size += itemsize * length;
    });
    if (size !== buffer.byteLength) {
      throw new Error(`trace blob has ${buffer.byteLength} bytes, columns describe ${size}`);
    }
    const cols: Record<string, TypedColumn> = {};
    let offset = 0;
    let aligned = true;
    for (const [, itemsize, length] of meta.columns) {
      if (offset % itemsize !== 0) aligned = false;
      offset += itemsize * length;
    }
    if (!aligned && buffer.byteLength >= RELAYOUT_MIN_BYTES) {
      // A big blob with misaligned columns (an odd number of events): one aligned copy
      // of all of it, so the original can be freed, rather than copies of the
      // misaligned columns next to the original (8 more bytes per event).
      const layout: number[] = [];
      let size = 0;
      for (const [, itemsize, length] of meta.columns) {
        layout.push(size);
        size += Math.ceil((itemsize * length) / 4) * 4;
      }
      const copy = new ArrayBuffer(size);
      const to = new Uint8Array(copy);
      const from = new Uint8Array(buffer);
      offset = 0;
      meta.columns.forEach(([typecode, itemsize, length], i) => {
        to.set(from.subarray(offset, offset + itemsize * length), layout[i]);
        cols[COLUMN_NAMES[i]] = view(copy, layout[i], typecode, length);
        offset += itemsize * length;
      });
    } else {
      offset = 0;
      meta.columns.forEach(([typecode, itemsize, length], i) => {
        // Typed-array views need aligned offsets; the recorder writes columns
        // back to back, so copy a misaligned column into its own buffer.
        if (offset % itemsize !== 0) {
          const copy = buffer.slice(offset, offset + itemsize * length);
          cols[COLUMN_NAMES[i]] = view(copy, 0, typecode, length);
        } else {
          cols[COLUMN_NAMES[i]] = view(buffer, offset, typecode, length);
        }
        offset += itemsize * length;
      });
    }
    this.kind = cols.kind as Int8Array;
    this.file = cols.file as Int8Array;
    this.line = cols.line as Int32Array;
    this.frame = cols.frame as Int32Array;
    this.depth = cols.depth as Int16Array;
    this.out = cols.out as Int32Array;
    this.deltaStart = cols.deltaStart as Int32Array;
    this.aux = cols.aux as Int32Array;
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

  private deltaEnd(i: number): number {
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

  /** The range of `frameIndex().events` holding the events of `frameId` from its first on. */
  private frameRange(frameId: number): [number, number] {
    const { start, events } = this.frameIndex();
    const firstEvent = this.meta.frames[frameId][4];
    const hi = start[frameId + 1];
    // Events listed before the frame's own first event are not its own.
    const lo = lastAtOrBefore(events, start[frameId], hi, firstEvent - 1) + 1;
    return [lo, hi];
  }

  /**
   * The frame's variable history (see {@link FrameHistory}), built on first use from the
   * frame's own events: a few bytes per change of that frame, kept while the trace is.
   */
  private history(frameId: number): FrameHistory {
    const cached = this.historyCache.get(frameId);
    if (cached) return cached;
    const { events } = this.frameIndex();
    const [lo, hi] = this.frameRange(frameId);
    const slot = new Map<number, number>();
    const names: number[] = [];
    const counts: number[] = [];
    for (let k = lo; k < hi; k++) {
      const e = events[k];
      for (let d = this.deltaStart[e], end = this.deltaEnd(e); d < end; d++) {
        const name = this.deltaName[d];
        const at = slot.get(name);
        if (at === undefined) {
          slot.set(name, names.length);
          names.push(name);
          counts.push(1);
        } else counts[at]++;
      }
    }
    const evs = counts.map((c) => new Int32Array(c));
    const vals = counts.map((c) => new Int32Array(c));
    const fill = new Array<number>(names.length).fill(0);
    for (let k = lo; k < hi; k++) {
      const e = events[k];
      for (let d = this.deltaStart[e], end = this.deltaEnd(e); d < end; d++) {
        const at = slot.get(this.deltaName[d]) as number;
        evs[at][fill[at]] = e;
        vals[at][fill[at]++] = this.deltaValue[d];
      }
    }
    const history = { names, events: evs, values: vals };
    this.historyCache.set(frameId, history);
    return history;
  }

  /**
   * Every name the frame ever binds, in first-binding order (Python Tutor's
   * `ordered_varnames`), so rows never jump around between steps. Computed
   * once per frame, on demand.
   */
  frameNames(frameId: number): number[] {
    return this.history(frameId).names;
  }

  /**
   * Variables of `frameId` as they were at event `i` (a parent frame's state at `i` is
   * its state at its last event <= i). One binary search per name the frame binds,
   * wherever `i` is: never a walk back through the trace.
   */
  variablesAt(frameId: number, i: number): VarBinding[] {
    const { names, events, values } = this.history(frameId);
    const at = Math.min(i, this.length - 1);
    const bindings: VarBinding[] = [];
    for (let k = 0; k < names.length; k++) {
      const evs = events[k];
      const j = lastAtOrBefore(evs, 0, evs.length, at);
      if (j >= 0 && values[k][j] >= 0) {
        bindings.push({ name: this.meta.names[names[k]], value: values[k][j] });
      }
    }
    return bindings;
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

  /** The names whose value changed at event `i` (its own frame). */
  changedAt(i: number): Set<string> {
    const changed = new Set<string>();
    if (i < 0 || i >= this.length) return changed;
    for (let d = this.deltaStart[i]; d < this.deltaEnd(i); d++) {
      changed.add(this.meta.names[this.deltaName[d]]);
    }
    return changed;
  }

  /** The rendered value at `index` of the value table. */
  value(index: number): ValueNode {
    return this.meta.values[index];
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
    version: 1,
    outcome,
    error,
    files,
    eventCount: 0,
    deltaCount: 0,
    columns: [
      ['b', 1, 0],
      ['b', 1, 0],
      ['i', 4, 0],
      ['i', 4, 0],
      ['h', 2, 0],
      ['i', 4, 0],
      ['i', 4, 0],
      ['i', 4, 0],
      ['i', 4, 0],
      ['i', 4, 0],
    ],
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
