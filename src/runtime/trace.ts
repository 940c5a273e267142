/**
 * The recorded trace, as the browser holds it.
 *
 * The recorder (recorder.py) sends a JSON `TraceMeta` plus one binary blob of
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
  /** For budget stops: `events`, `seconds` or `interrupted`. */
  reason?: string;
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
  private readonly namesCache = new Map<number, number[]>();

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
   * Every name the frame ever binds, in first-binding order (Python Tutor's
   * `ordered_varnames`), so rows never jump around between steps. Computed
   * once per frame, on demand.
   */
  frameNames(frameId: number): number[] {
    const cached = this.namesCache.get(frameId);
    if (cached) return cached;
    const seen = new Set<number>();
    const names: number[] = [];
    for (let e = this.meta.frames[frameId][4]; e < this.length; e++) {
      if (this.frame[e] !== frameId) continue;
      for (let d = this.deltaStart[e]; d < this.deltaEnd(e); d++) {
        const name = this.deltaName[d];
        if (!seen.has(name)) {
          seen.add(name);
          names.push(name);
        }
      }
    }
    this.namesCache.set(frameId, names);
    return names;
  }

  /**
   * Variables of `frameId` as they were at event `i`. Walks back through the
   * frame's events only until every name it ever binds is resolved: the cost
   * is bounded by how long ago the oldest unchanged variable was set, never by
   * a copy of the whole state per event.
   */
  variablesAt(frameId: number, i: number): VarBinding[] {
    const firstEvent = this.meta.frames[frameId][4];
    const all = this.frameNames(frameId);
    const found = new Map<number, number>();
    // A parent frame's state at `i` is its state at its last event <= i.
    for (let e = Math.min(i, this.length - 1); e >= firstEvent; e--) {
      if (this.frame[e] !== frameId) continue;
      for (let d = this.deltaEnd(e) - 1; d >= this.deltaStart[e]; d--) {
        const name = this.deltaName[d];
        if (!found.has(name)) found.set(name, this.deltaValue[d]);
      }
      if (found.size === all.length) break;
    }
    const bindings: VarBinding[] = [];
    for (const name of all) {
      const value = found.get(name);
      if (value !== undefined && value >= 0) {
        bindings.push({ name: this.meta.names[name], value });
      }
    }
    return bindings;
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

  /** Approximate bytes this trace holds in typed arrays (for the bench). */
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
