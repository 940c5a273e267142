/**
 * The trace's value table and frame table, packed into typed arrays when a trace is
 * decoded. The JSON half carries them as arrays of small tuples (meta.ts); kept that way,
 * a million-event trace held ~150,000 tuples, each an array object with its own array of
 * children and strings: more bytes in the page than all of the event columns together.
 * Packed, an entry costs a few 32-bit slots (a container 8 bytes per child shown) and its
 * text; strings that repeat (type names, kinds, child labels, function names) are stored
 * once. `get`/`row` rebuild the recorder's tuple on demand, exactly as it was written.
 */
import type { FrameRow, ValueEntry, ValueNode } from './meta.ts';

/** Distinct strings, each stored once, by index. */
class StringPool {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  add(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

/** Absent optional field (a value's kind or kept state). */
export const NONE = -1;

/**
 * The value table's columns, packed: what a {@link ValueTable} holds, and what the worker
 * hands the page (every typed array owns its buffer, so it can be transferred; the
 * strings are copied). Entry `i`'s type, kind and child labels are indices into `pool`.
 */
export interface PackedValues {
  pool: string[];
  /** Entry `i`'s text (an atom's value; empty for a container or an instance). */
  text: string[];
  type: Int32Array;
  objectId: Int32Array;
  size: Int32Array;
  /** An index into `pool`, or -1 when the entry has no kind. */
  kind: Int32Array;
  /** The earlier state whose children this one keeps, or -1. */
  keeps: Int32Array;
  /** Children of entry `i` are `childStart[i] .. childStart[i + 1]`. */
  childStart: Int32Array;
  childLabel: Int32Array;
  childRef: Int32Array;
}

/** Pack `nodes` as the recorder wrote them: an int written as a number is its atom's node. */
export function packValues(nodes: readonly ValueEntry[]): PackedValues {
  const n = nodes.length;
  const pool = new StringPool();
  const type = new Int32Array(n);
  const text = new Array<string>(n);
  const objectId = new Int32Array(n);
  const size = new Int32Array(n);
  const kind = new Int32Array(n);
  const keeps = new Int32Array(n);
  const childStart = new Int32Array(n + 1);
  let children = 0;
  for (const node of nodes) if (typeof node !== 'number') children += node[3].length;
  const childLabel = new Int32Array(children);
  const childRef = new Int32Array(children);
  const int = pool.add('int');
  let c = 0;
  for (let i = 0; i < n; i++) {
    const node = nodes[i];
    if (typeof node === 'number') {
      // ["int", String(node), 0, [], 0]: the zeros are the typed arrays' own
      type[i] = int;
      text[i] = String(node);
      kind[i] = NONE;
      keeps[i] = NONE;
      childStart[i] = c;
      continue;
    }
    type[i] = pool.add(node[0]);
    text[i] = node[1];
    objectId[i] = node[2];
    size[i] = node[4];
    kind[i] = node[5] === undefined ? NONE : pool.add(node[5]);
    keeps[i] = node[6] === undefined ? NONE : node[6];
    childStart[i] = c;
    for (const [label, ref] of node[3]) {
      childLabel[c] = pool.add(label);
      childRef[c] = ref;
      c++;
    }
  }
  childStart[n] = c;
  return {
    pool: pool.strings,
    text,
    type,
    objectId,
    size,
    kind,
    keeps,
    childStart,
    childLabel,
    childRef,
  };
}

/** The value table (see {@link ValueNode}), packed. Indices are value-table indices. */
export class ValueTable {
  readonly length: number;
  private readonly p: PackedValues;

  /**
   * The entries as the recorder wrote them (packed here), or already packed by
   * {@link packValues} (and checked by ./packedCheck.ts if they crossed from the worker).
   */
  constructor(source: readonly ValueEntry[] | PackedValues) {
    this.p = Array.isArray(source) ? packValues(source) : (source as PackedValues);
    this.length = this.p.text.length;
  }

  /**
   * The entry at `i` as the recorder wrote it (an int written as a number: its atom's
   * node), or undefined outside the table.
   */
  get(i: number): ValueNode | undefined {
    if (!this.has(i)) return undefined;
    const { pool, type, text, objectId, size, kind, keeps } = this.p;
    const head = [pool[type[i]], text[i], objectId[i], this.children(i), size[i]] as const;
    if (kind[i] === NONE) return [...head];
    return keeps[i] === NONE ? [...head, pool[kind[i]]] : [...head, pool[kind[i]], keeps[i]];
  }

  /** Entry `i`'s type name, without building the whole entry. */
  typeOf(i: number): string | undefined {
    return this.has(i) ? this.p.pool[this.p.type[i]] : undefined;
  }

  /** Entry `i`'s text (an atom's value), without building the whole entry. */
  textOf(i: number): string | undefined {
    return this.has(i) ? this.p.text[i] : undefined;
  }

  private has(i: number): boolean {
    return Number.isInteger(i) && i >= 0 && i < this.length;
  }

  /** Entry `i`'s `[label, ref]` children. */
  private children(i: number): [string, number][] {
    const { pool, childStart, childLabel, childRef } = this.p;
    const out: [string, number][] = [];
    for (let c = childStart[i]; c < childStart[i + 1]; c++) {
      out.push([pool[childLabel[c]], childRef[c]]);
    }
    return out;
  }

  /** Every entry, as written (for tests and tools; the UI reads entries one at a time). */
  toArray(): ValueNode[] {
    return Array.from({ length: this.length }, (_, i) => this.get(i) as ValueNode);
  }

  /** Bytes held in typed arrays (strings not counted). For the bench. */
  get byteSize(): number {
    return byteSizeOf(this.p);
  }
}

/** The number of numeric fields of a {@link FrameRow} (all but the function's name). */
export const FRAME_FIELDS = 7;

/**
 * The frame table's columns, packed: what a {@link FrameTable} holds and what the worker
 * hands the page. `fn[f]` indexes `pool`; `cols[k][f]` is field `k + 1` of row `f`.
 */
export interface PackedFrames {
  pool: string[];
  fn: Int32Array;
  cols: Int32Array[];
}

/** Pack `rows` as the recorder wrote them (an older trace's missing `classBody` as 0). */
export function packFrames(rows: readonly FrameRow[]): PackedFrames {
  const n = rows.length;
  const pool = new StringPool();
  const fn = new Int32Array(n);
  const cols = Array.from({ length: FRAME_FIELDS }, () => new Int32Array(n));
  for (let f = 0; f < n; f++) {
    const [name, ...numbers] = rows[f];
    fn[f] = pool.add(name);
    for (let k = 0; k < FRAME_FIELDS; k++) cols[k][f] = numbers[k] ?? 0;
  }
  return { pool: pool.strings, fn, cols };
}

/** The frame table (see {@link FrameRow}), packed. Indices are frame ids. */
export class FrameTable {
  readonly length: number;
  private readonly p: PackedFrames;
  /** `p.cols`: field `k + 1` of every row. */
  private readonly cols: Int32Array[];

  /** The rows as the recorder wrote them (packed here), or already packed. */
  constructor(source: readonly FrameRow[] | PackedFrames) {
    this.p = Array.isArray(source) ? packFrames(source) : (source as PackedFrames);
    this.length = this.p.fn.length;
    this.cols = this.p.cols;
  }

  /** The function's name (`<module>` for a module's code). */
  functionOf(f: number): string {
    return this.p.pool[this.p.fn[f]];
  }
  /** Index into `meta.files` of the frame's code. */
  fileOf(f: number): number {
    return this.cols[0][f];
  }
  /** The calling frame's id, or -1 for an outermost frame. */
  parentOf(f: number): number {
    return this.cols[1][f];
  }
  /** Call depth (0 outermost). */
  depthOf(f: number): number {
    return this.cols[2][f];
  }
  /** The index of the frame's first event (its call). */
  firstEventOf(f: number): number {
    return this.cols[3][f];
  }
  /** The frame whose bindings this frame shows (see {@link FrameRow}). */
  scopeOf(f: number): number {
    return this.cols[4][f];
  }
  /** How many of the names bound at its call are parameters. */
  paramCountOf(f: number): number {
    return this.cols[5][f];
  }

  /** Whether the frame runs the body of a `class` statement (its name is the class's). */
  isClassBody(f: number): boolean {
    return this.cols[6][f] === 1;
  }

  /** Row `f` as the recorder wrote it (an older trace's missing `classBody` as 0). */
  row(f: number): FrameRow {
    const [file, parent, depth, first, scope, params, classBody] = this.cols.map((c) => c[f]);
    return [this.functionOf(f), file, parent, depth, first, scope, params, classBody];
  }

  /** Every row, as written (for tests and tools). */
  toArray(): FrameRow[] {
    return Array.from({ length: this.length }, (_, f) => this.row(f));
  }

  /** Bytes held in typed arrays (names not counted). For the bench. */
  get byteSize(): number {
    return byteSizeOf(this.p);
  }
}

/** Every typed array of a packed table: the one list of them. */
function typedArraysOf(p: PackedValues | PackedFrames): Int32Array[] {
  return 'fn' in p
    ? [p.fn, ...p.cols]
    : [p.type, p.objectId, p.size, p.kind, p.keeps, p.childStart, p.childLabel, p.childRef];
}

/** The buffers of a packed table, to transfer instead of copying. */
export function buffersOf(p: PackedValues | PackedFrames): ArrayBuffer[] {
  return typedArraysOf(p).map((a) => a.buffer as ArrayBuffer);
}

/** Bytes a packed table holds in typed arrays (strings not counted). */
function byteSizeOf(p: PackedValues | PackedFrames): number {
  return typedArraysOf(p).reduce((sum, a) => sum + a.byteLength, 0);
}
