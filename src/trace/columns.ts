/**
 * The binary half of a trace: typed-array views over the columns the recorder wrote one
 * after the other, each padded to a multiple of 4 bytes (docs/trace-format.md), validated
 * before any view is made. Every column starts aligned, so every view is a view of the
 * blob itself: nothing is copied.
 */

/** The columns, in blob order: one row per event, then one row per change. */
export const COLUMN_NAMES = [
  'kind',
  'file',
  'line',
  'frame',
  'depth',
  'out',
  'deltaStart',
  'aux',
  'deltaFrame',
  'deltaName',
  'deltaValue',
] as const;

/** How many of {@link COLUMN_NAMES} have one row per event (the rest: one per change). */
export const EVENT_COLUMNS = 8;

/**
 * Each column's typecode, as the recorder writes it (recorder/serialise.py): `b` 8-bit,
 * `h` 16-bit, `i` 32-bit signed integers. `readColumns` rejects any other.
 */
export const COLUMN_TYPES: Record<(typeof COLUMN_NAMES)[number], 'b' | 'h' | 'i'> = {
  kind: 'b',
  file: 'b',
  line: 'i',
  frame: 'i',
  depth: 'h',
  out: 'i',
  deltaStart: 'i',
  aux: 'i',
  deltaFrame: 'i',
  deltaName: 'i',
  deltaValue: 'i',
};

/** One column's view. */
export type TypedColumn = Int8Array | Int16Array | Int32Array;

/** The views by column name. */
export type Columns = Record<(typeof COLUMN_NAMES)[number], TypedColumn>;

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

/**
 * Check `layout` (`[typecode, itemsize, length]` per column) against the event and change
 * counts and the blob, then make one view per column.
 */
export function readColumns(
  layout: [string, number, number][],
  eventCount: number,
  deltaCount: number,
  buffer: ArrayBuffer,
): Columns {
  if (layout.length !== COLUMN_NAMES.length) {
    throw new Error(`trace has ${layout.length} columns, expected ${COLUMN_NAMES.length}`);
  }
  // Validate the whole layout before creating any view: a short blob would
  // otherwise fail inside a typed-array constructor with an opaque RangeError.
  layout.forEach(([typecode, itemsize, length], i) => {
    const expectedSize = ITEM_SIZE[typecode];
    if (expectedSize === undefined) {
      throw new Error(`trace column has unsupported typecode '${typecode}'`);
    }
    if (typecode !== COLUMN_TYPES[COLUMN_NAMES[i]]) {
      throw new Error(
        `trace column '${COLUMN_NAMES[i]}' has typecode '${typecode}', expected '${COLUMN_TYPES[COLUMN_NAMES[i]]}'`,
      );
    }
    if (itemsize !== expectedSize) {
      throw new Error(
        `trace column '${COLUMN_NAMES[i]}' has itemsize ${itemsize}, expected ${expectedSize}`,
      );
    }
    const rows = i < EVENT_COLUMNS ? eventCount : deltaCount;
    if (length !== rows) {
      throw new Error(`trace column '${COLUMN_NAMES[i]}' has ${length} rows, expected ${rows}`);
    }
  });
  const { offsets, size } = columnOffsets(layout);
  if (size !== buffer.byteLength) {
    throw new Error(`trace blob has ${buffer.byteLength} bytes, columns describe ${size}`);
  }
  const cols = {} as Columns;
  layout.forEach(([typecode, , length], i) => {
    cols[COLUMN_NAMES[i]] = view(buffer, offsets[i], typecode, length);
  });
  return cols;
}

/**
 * Where each column of `layout` starts in the blob, and the blob's size: each column's
 * bytes padded with zeros to a multiple of 4, so that every column after it starts
 * aligned for any typecode (the recorder's serialise.py writes the same layout).
 */
export function columnOffsets(layout: readonly (readonly [string, number, number])[]): {
  offsets: number[];
  size: number;
} {
  const offsets: number[] = [];
  let size = 0;
  for (const [, itemsize, length] of layout) {
    offsets.push(size);
    size += Math.ceil((itemsize * length) / 4) * 4;
  }
  return { offsets, size };
}

/** The layout of a trace with no events: every column, empty. */
export function emptyLayout(): [string, number, number][] {
  return COLUMN_NAMES.map((name) => [COLUMN_TYPES[name], ITEM_SIZE[COLUMN_TYPES[name]], 0]);
}

/** Index of the last element of sorted `arr[lo..hi)` that is <= x, or lo - 1. */
export function lastAtOrBefore(arr: Int32Array, lo: number, hi: number, x: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (arr[mid] <= x) a = mid + 1;
    else b = mid;
  }
  return a - 1;
}
