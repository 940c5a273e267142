/**
 * The per-event half of a recorded trace: the JSON half and typed-array views over the
 * columns, with the questions one event's row answers on its own (its file, function,
 * output so far, call stack, what it changed). Nothing here builds an index; the queries
 * that need one (a frame's variables at any step, an object's states) are on `Trace`
 * (./trace.ts), which extends this class.
 */
import { columnOffsets, readColumns } from './columns.ts';
import {
  EventKind,
  type ProbeResult,
  type TraceHead,
  type TraceMeta,
  type ValueNode,
} from './meta.ts';
import { FrameTable, type PackedFrames, type PackedValues, ValueTable } from './tables.ts';

/**
 * The JSON half with its value and frame tables already packed (./tables.ts): what the
 * worker decodes a recording into, so that the page does not parse and pack the tables
 * itself (runtime/decode.ts).
 */
export type PackedMeta = TraceHead & { values: PackedValues; frames: PackedFrames };

/** A recorded trace's columns and per-event accessors. Positions are event indices. */
export class TraceEvents {
  readonly meta: TraceHead;
  /** The value table: what atoms hold and every recorded state of every object. */
  readonly values: ValueTable;
  /** The frame table: one row per call, by frame id. */
  readonly frames: FrameTable;
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

  /**
   * The JSON half (its tables as written or already packed) and the columns' blob. The
   * JSON half is trusted here: whoever decoded it checked it (runtime/decode.ts).
   */
  constructor(meta: TraceMeta | PackedMeta, buffer: ArrayBuffer) {
    const { values, frames, ...head } = meta;
    this.meta = head;
    this.values = new ValueTable(values);
    this.frames = new FrameTable(frames);
    this.length = meta.eventCount;
    const cols = readColumns(meta.columns, meta.eventCount, meta.deltaCount, buffer);
    // The typecodes are checked by readColumns against COLUMN_TYPES.
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

  /**
   * Where the run was when it ended: the file and line of its last line event (for a run a
   * budget stopped, a line of the loop that never ended), or null when no line ran. With
   * `inFile`, the last line event in a file it accepts.
   */
  lastLine(inFile?: (file: string) => boolean): { file: string; line: number } | null {
    for (let e = this.length - 1; e >= 0; e--) {
      if (this.kind[e] !== EventKind.Line) continue;
      const file = this.fileOf(e);
      if (!inFile || inFile(file)) return { file, line: this.line[e] };
    }
    return null;
  }

  /** Function name of the frame of the event at `i`. */
  functionOf(i: number): string {
    return this.frames.functionOf(this.frame[i]);
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
      f = this.frames.parentOf(f);
    }
    return stack;
  }

  /** The frame whose bindings `frameId` shows (see {@link FrameRow}). */
  scopeOf(frameId: number): number {
    return this.frames.scopeOf(frameId);
  }

  /** How many parameters `frameId`'s function has (its first names). */
  paramCount(frameId: number): number {
    return this.frames.paramCountOf(frameId);
  }

  /** The end (exclusive) of event `i`'s changes. */
  deltaEnd(i: number): number {
    return i + 1 < this.length ? this.deltaStart[i + 1] : this.meta.deltaCount;
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
  value(index: number): ValueNode | undefined {
    return this.values.get(index);
  }

  /** Bytes this trace's columns hold: their blob, padding included (for the bench). */
  get byteSize(): number {
    return columnOffsets(this.meta.columns).size;
  }
}
