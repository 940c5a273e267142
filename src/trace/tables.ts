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
const NONE = -1;

/** The value table (see {@link ValueNode}), packed. Indices are value-table indices. */
export class ValueTable {
  readonly length: number;
  private readonly pool: string[];
  private readonly type: Int32Array;
  private readonly text: string[];
  private readonly objectId: Int32Array;
  private readonly size: Int32Array;
  private readonly kind: Int32Array;
  private readonly keeps: Int32Array;
  /** Children of entry `i` are `childStart[i] .. childStart[i + 1]`. */
  private readonly childStart: Int32Array;
  private readonly childLabel: Int32Array;
  private readonly childRef: Int32Array;

  /** `nodes` as the recorder wrote them: an int written as a number is its atom's node. */
  constructor(nodes: readonly ValueEntry[]) {
    const n = nodes.length;
    const pool = new StringPool();
    this.length = n;
    this.type = new Int32Array(n);
    this.text = new Array<string>(n);
    this.objectId = new Int32Array(n);
    this.size = new Int32Array(n);
    this.kind = new Int32Array(n);
    this.keeps = new Int32Array(n);
    this.childStart = new Int32Array(n + 1);
    let children = 0;
    for (const node of nodes) if (typeof node !== 'number') children += node[3].length;
    this.childLabel = new Int32Array(children);
    this.childRef = new Int32Array(children);
    const int = pool.add('int');
    let c = 0;
    for (let i = 0; i < n; i++) {
      const node = nodes[i];
      if (typeof node === 'number') {
        // ["int", String(node), 0, [], 0]: the zeros are the typed arrays' own
        this.type[i] = int;
        this.text[i] = String(node);
        this.kind[i] = NONE;
        this.keeps[i] = NONE;
        this.childStart[i] = c;
        continue;
      }
      this.type[i] = pool.add(node[0]);
      this.text[i] = node[1];
      this.objectId[i] = node[2];
      this.size[i] = node[4];
      this.kind[i] = node[5] === undefined ? NONE : pool.add(node[5]);
      this.keeps[i] = node[6] === undefined ? NONE : node[6];
      this.childStart[i] = c;
      for (const [label, ref] of node[3]) {
        this.childLabel[c] = pool.add(label);
        this.childRef[c] = ref;
        c++;
      }
    }
    this.childStart[n] = c;
    this.pool = pool.strings;
  }

  /**
   * The entry at `i` as the recorder wrote it (an int written as a number: its atom's
   * node), or undefined outside the table.
   */
  get(i: number): ValueNode | undefined {
    if (!this.has(i)) return undefined;
    const head = [
      this.pool[this.type[i]],
      this.text[i],
      this.objectId[i],
      this.children(i),
      this.size[i],
    ] as const;
    if (this.kind[i] === NONE) return [...head];
    const kind = this.pool[this.kind[i]];
    return this.keeps[i] === NONE ? [...head, kind] : [...head, kind, this.keeps[i]];
  }

  /** Entry `i`'s type name, without building the whole entry. */
  typeOf(i: number): string | undefined {
    return this.has(i) ? this.pool[this.type[i]] : undefined;
  }

  /** Entry `i`'s text (an atom's value), without building the whole entry. */
  textOf(i: number): string | undefined {
    return this.has(i) ? this.text[i] : undefined;
  }

  private has(i: number): boolean {
    return Number.isInteger(i) && i >= 0 && i < this.length;
  }

  /** Entry `i`'s `[label, ref]` children. */
  private children(i: number): [string, number][] {
    const out: [string, number][] = [];
    for (let c = this.childStart[i]; c < this.childStart[i + 1]; c++) {
      out.push([this.pool[this.childLabel[c]], this.childRef[c]]);
    }
    return out;
  }

  /** Every entry, as written (for tests and tools; the UI reads entries one at a time). */
  toArray(): ValueNode[] {
    return Array.from({ length: this.length }, (_, i) => this.get(i) as ValueNode);
  }

  /** Bytes held in typed arrays (strings not counted). For the bench. */
  get byteSize(): number {
    return [
      this.type,
      this.objectId,
      this.size,
      this.kind,
      this.keeps,
      this.childStart,
      this.childLabel,
      this.childRef,
    ].reduce((sum, a) => sum + a.byteLength, 0);
  }
}

/** The frame table (see {@link FrameRow}), packed. Indices are frame ids. */
export class FrameTable {
  readonly length: number;
  private readonly pool: string[];
  private readonly fn: Int32Array;
  private readonly cols: Int32Array[];

  constructor(rows: readonly FrameRow[]) {
    const n = rows.length;
    const pool = new StringPool();
    this.length = n;
    this.fn = new Int32Array(n);
    this.cols = Array.from({ length: 7 }, () => new Int32Array(n));
    for (let f = 0; f < n; f++) {
      const [fn, ...numbers] = rows[f];
      this.fn[f] = pool.add(fn);
      for (let k = 0; k < 7; k++) this.cols[k][f] = numbers[k] ?? 0;
    }
    this.pool = pool.strings;
  }

  /** The function's name (`<module>` for a module's code). */
  functionOf(f: number): string {
    return this.pool[this.fn[f]];
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
    return this.fn.byteLength + this.cols.reduce((sum, a) => sum + a.byteLength, 0);
  }
}
