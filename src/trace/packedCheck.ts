/**
 * The checks the page runs on the value and frame tables that the worker packed
 * (./tables.ts, runtime/decode.ts): the page takes nothing from the worker on trust, and
 * these cost a pass over integers where checking the tables' JSON would cost half a second
 * at a million events. Each throws an `Error` naming the field and the entry.
 */
import { FRAME_FIELDS, NONE, type PackedFrames, type PackedValues } from './tables.ts';

/** Throws unless `value` is an array of strings. */
function checkStrings(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected an array of strings`);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') throw new Error(`${where}[${i}]: expected a string`);
  }
  return value;
}

/** Throws unless `value` is an `Int32Array` of `length` entries. */
function checkInts(value: unknown, length: number, where: string): Int32Array {
  if (!(value instanceof Int32Array)) throw new Error(`${where}: expected an Int32Array`);
  if (value.length !== length) {
    throw new Error(`${where}: has ${value.length} entries, expected ${length}`);
  }
  return value;
}

/** Throws unless every entry of `ints` is an index into a pool of `size` (or -1, if `orNone`). */
function checkPoolIndices(ints: Int32Array, size: number, where: string, orNone = false) {
  for (let i = 0; i < ints.length; i++) {
    const v = ints[i];
    if ((v < 0 || v >= size) && !(orNone && v === NONE)) {
      throw new Error(`${where}[${i}]: ${v} is not a string of the pool (${size})`);
    }
  }
}

/** Throws unless `value` is an object (not null). */
function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new Error(`${where}: expected an object`);
  return value as Record<string, unknown>;
}

/**
 * `value` as {@link PackedValues}, checked as the page checks whatever the worker sends:
 * every column of the right type and length, the children's ranges in order, every string
 * index inside the pool. Throws, naming the field, when it is not; a table that passes
 * answers every `ValueTable` query as the table packed from the checked entries would.
 */
export function checkPackedValues(value: unknown): PackedValues {
  const p = record(value, 'values');
  const pool = checkStrings(p.pool, 'values.pool');
  const text = checkStrings(p.text, 'values.text');
  const n = text.length;
  const type = checkInts(p.type, n, 'values.type');
  const kind = checkInts(p.kind, n, 'values.kind');
  const childStart = checkInts(p.childStart, n + 1, 'values.childStart');
  if (childStart[0] !== 0) throw new Error('values.childStart[0]: expected 0');
  for (let i = 0; i < n; i++) {
    if (childStart[i + 1] < childStart[i]) {
      throw new Error(`values.childStart[${i + 1}]: goes back from ${childStart[i]}`);
    }
  }
  const children = childStart[n];
  const childLabel = checkInts(p.childLabel, children, 'values.childLabel');
  checkPoolIndices(type, pool.length, 'values.type');
  checkPoolIndices(kind, pool.length, 'values.kind', true);
  checkPoolIndices(childLabel, pool.length, 'values.childLabel');
  return {
    pool,
    text,
    type,
    objectId: checkInts(p.objectId, n, 'values.objectId'),
    size: checkInts(p.size, n, 'values.size'),
    kind,
    keeps: checkInts(p.keeps, n, 'values.keeps'),
    childStart,
    childLabel,
    childRef: checkInts(p.childRef, children, 'values.childRef'),
  };
}

/** `value` as {@link PackedFrames}, checked as {@link checkPackedValues} checks its table. */
export function checkPackedFrames(value: unknown): PackedFrames {
  const p = record(value, 'frames');
  const pool = checkStrings(p.pool, 'frames.pool');
  if (!(p.fn instanceof Int32Array)) throw new Error('frames.fn: expected an Int32Array');
  const fn = p.fn;
  checkPoolIndices(fn, pool.length, 'frames.fn');
  if (!Array.isArray(p.cols) || p.cols.length !== FRAME_FIELDS) {
    throw new Error(`frames.cols: expected ${FRAME_FIELDS} columns`);
  }
  const cols = p.cols.map((c, k) => checkInts(c, fn.length, `frames.cols[${k}]`));
  return { pool, fn, cols };
}
