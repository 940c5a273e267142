import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FrameRow,
  type ValueEntry,
  ValueEntrySchema,
  type ValueNode,
} from '../../../src/trace/meta.ts';
import { checkPackedFrames, checkPackedValues } from '../../../src/trace/packedCheck.ts';
import {
  buffersOf,
  FrameTable,
  type PackedValues,
  packFrames,
  packValues,
  ValueTable,
} from '../../../src/trace/tables.ts';
import { Trace } from '../../../src/trace/trace.ts';
import { encodeTrace, nestedCallSpec } from '../replay/fixtures.ts';

const label = fc.constantFrom('0', '1', 'name', 'key', "'a'", '');
const child = fc.tuple(label, fc.integer({ min: -1_000, max: 1_000 }));
const head = fc.tuple(
  fc.constantFrom('int', 'str', 'list', 'dict', 'Hook'),
  fc.string({ maxLength: 12 }),
  fc.nat(500),
  fc.array(child, { maxLength: 6 }),
  fc.nat(50),
);
/** Every shape the value table's schema allows: an atom, a state, a state keeping children. */
const valueNode: fc.Arbitrary<ValueNode> = fc.oneof(
  head,
  fc.tuple(head, fc.constantFrom('list', 'dict', 'instance')).map(([h, k]) => [...h, k]),
  fc
    .tuple(head, fc.constantFrom('list', 'dict'), fc.nat(200))
    .map(([h, k, keep]) => [...h, k, keep]),
) as fc.Arbitrary<ValueNode>;

const frameRow: fc.Arbitrary<FrameRow> = fc.tuple(
  fc.constantFrom('<module>', 'run_hooks', 'f', 'g'),
  fc.nat(5),
  fc.integer({ min: -1, max: 50 }),
  fc.nat(40),
  fc.nat(100_000),
  fc.nat(50),
  fc.nat(6),
  fc.constantFrom(0, 1),
);

/** An int written as a number stands for its atom's node. */
const asNode = (entry: ValueEntry): ValueNode =>
  typeof entry === 'number' ? ['int', String(entry), 0, [], 0] : entry;

describe('the packed value table', () => {
  it('gives back every entry exactly as the recorder wrote it, in every shape', () => {
    const entry: fc.Arbitrary<ValueEntry> = fc.oneof(
      valueNode,
      fc.maxSafeInteger(),
      fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        // the arbitrary stays within the schema the decoder checks
        for (const e of entries) expect(ValueEntrySchema.safeParse(e).success).toBe(true);
        const table = new ValueTable(entries);
        const nodes = entries.map(asNode);
        expect(table.length).toBe(nodes.length);
        expect(table.toArray()).toEqual(nodes);
        nodes.forEach((node, i) => {
          expect(table.get(i)).toEqual(node);
          expect(table.get(i)?.length).toBe(node.length);
          expect(table.textOf(i)).toBe(node[1]);
          expect(table.typeOf(i)).toBe(node[0]);
        });
      }),
    );
  });

  it('reads a number as an int only when JavaScript holds it exactly', () => {
    for (const exact of [0, -7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(ValueEntrySchema.safeParse(exact).success).toBe(true);
    }
    // 2 ** 53 + 1 would arrive as 2 ** 53: the recorder writes such ints as nodes
    for (const inexact of [2 ** 53, -(2 ** 53), 1.5, Number.NaN, 1e300]) {
      expect(ValueEntrySchema.safeParse(inexact).success).toBe(false);
    }
  });

  it('answers undefined outside the table, as an array would', () => {
    const table = new ValueTable([['int', '1', 0, [], 0]]);
    expect(table.get(-1)).toBeUndefined();
    expect(table.get(1)).toBeUndefined();
    expect(table.get(0.5)).toBeUndefined();
    expect(table.textOf(1)).toBeUndefined();
    expect(table.typeOf(-1)).toBeUndefined();
  });

  it('hands out a fresh entry each time, so a caller cannot change the table', () => {
    const table = new ValueTable([['list', '', 3, [['0', 1]], 1, 'list']]);
    const first = table.get(0) as ValueNode;
    first[3].push(['1', 2]);
    first[1] = 'changed';
    expect(table.get(0)).toEqual(['list', '', 3, [['0', 1]], 1, 'list']);
  });

  it('holds children in typed arrays: 8 bytes per child beside 24 per entry', () => {
    const nodes: ValueNode[] = Array.from({ length: 100 }, (_, i) => [
      'list',
      '',
      i + 1,
      [
        ['0', i],
        ['1', i + 1],
      ],
      2,
      'list',
    ]);
    expect(new ValueTable(nodes).byteSize).toBe(100 * 24 + 4 + 200 * 8);
  });
});

describe('the packed frame table', () => {
  it('gives back every row exactly, and each field by name', () => {
    fc.assert(
      fc.property(fc.array(frameRow, { maxLength: 40 }), (rows) => {
        const table = new FrameTable(rows);
        expect(table.length).toBe(rows.length);
        expect(table.toArray()).toEqual(rows);
        rows.forEach((row, f) => {
          expect([
            table.functionOf(f),
            table.fileOf(f),
            table.parentOf(f),
            table.depthOf(f),
            table.firstEventOf(f),
            table.scopeOf(f),
            table.paramCountOf(f),
            table.isClassBody(f) ? 1 : 0,
          ]).toEqual(row);
        });
      }),
    );
  });

  it('reads a row of an older trace, without classBody, as not a class body', () => {
    const table = new FrameTable([['f', 0, -1, 0, 0, 0, 1]]);
    expect(table.isClassBody(0)).toBe(false);
    expect(table.row(0)).toEqual(['f', 0, -1, 0, 0, 0, 1, 0]);
  });
});

describe('a packed table handed from the worker to the page', () => {
  const entry: fc.Arbitrary<ValueEntry> = fc.oneof(valueNode, fc.maxSafeInteger());

  it('crosses with every typed array transferred, and reads back every entry and row', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 40 }),
        fc.array(frameRow, { maxLength: 20 }),
        (entries, rows) => {
          const values = packValues(entries);
          const frames = packFrames(rows);
          const transfer = [...buffersOf(values), ...buffersOf(frames)];
          const arrived = structuredClone({ values, frames }, { transfer });
          // transferred, not copied: the sender's arrays are detached
          for (const b of transfer) expect(b.byteLength).toBe(0);
          expect(new ValueTable(checkPackedValues(arrived.values)).toArray()).toEqual(
            entries.map(asNode),
          );
          expect(new FrameTable(checkPackedFrames(arrived.frames)).toArray()).toEqual(rows);
        },
      ),
    );
  });

  it('is refused when any part is of the wrong kind, length or range, naming the field', () => {
    const entries: ValueEntry[] = [
      7,
      ['list', '', 3, [['0', 0]], 1, 'list'],
      ['str', "'a'", 0, [], 0],
    ];
    const broken: [Partial<Record<keyof PackedValues, unknown>>, RegExp][] = [
      [{ pool: 'int' }, /^values\.pool: expected an array of strings$/],
      [{ pool: ['int', 3] }, /^values\.pool\[1\]: expected a string$/],
      [{ text: undefined }, /^values\.text: expected an array of strings$/],
      [{ type: new Int32Array(2) }, /^values\.type: has 2 entries, expected 3$/],
      [{ type: new Float64Array(3) }, /^values\.type: expected an Int32Array$/],
      [{ type: Int32Array.of(0, 0, 9) }, /^values\.type\[2\]: 9 is not a string of the pool/],
      [{ kind: Int32Array.of(-1, -2, -1) }, /^values\.kind\[1\]: -2 is not a string of the pool/],
      [{ childStart: Int32Array.of(1, 1, 1, 1) }, /^values\.childStart\[0\]: expected 0$/],
      [{ childStart: Int32Array.of(0, 1, 0, 1) }, /^values\.childStart\[2\]: goes back from 1$/],
      [
        { childStart: Int32Array.of(0, 0, 2, 2) },
        /^values\.childLabel: has 1 entries, expected 2$/,
      ],
      [{ childLabel: Int32Array.of(-1) }, /^values\.childLabel\[0\]: -1 is not a string/],
      [{ childRef: new Int32Array(0) }, /^values\.childRef: has 0 entries, expected 1$/],
      [{ objectId: [0, 3, 0] }, /^values\.objectId: expected an Int32Array$/],
      [{ size: null }, /^values\.size: expected an Int32Array$/],
      [{ keeps: new Int32Array(4) }, /^values\.keeps: has 4 entries, expected 3$/],
    ];
    const good = packValues(entries);
    expect(new ValueTable(checkPackedValues(good)).toArray()).toEqual(entries.map(asNode));
    for (const [patch, reason] of broken) {
      expect(() => checkPackedValues({ ...good, ...patch }), JSON.stringify(patch)).toThrow(reason);
    }
    expect(() => checkPackedValues(null)).toThrow(/^values: expected an object$/);

    const frames = packFrames([['f', 0, -1, 0, 0, 0, 1, 0]]);
    expect(() => checkPackedFrames({ ...frames, fn: Int32Array.of(1) })).toThrow(
      /^frames\.fn\[0\]: 1 is not a string of the pool/,
    );
    expect(() => checkPackedFrames({ ...frames, cols: frames.cols.slice(1) })).toThrow(
      /^frames\.cols: expected 7 columns$/,
    );
    expect(() =>
      checkPackedFrames({ ...frames, cols: [...frames.cols.slice(1), new Int32Array(2)] }),
    ).toThrow(/^frames\.cols\[6\]: has 2 entries, expected 1$/);
    expect(() => checkPackedFrames('frames')).toThrow(/^frames: expected an object$/);
  });
});

describe('a decoded trace', () => {
  it('keeps its value and frame tables packed, not as the JSON arrays it was sent', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const trace = new Trace(meta, buffer);
    expect('values' in trace.meta).toBe(false);
    expect('frames' in trace.meta).toBe(false);
    expect(trace.values.toArray()).toEqual(meta.values);
    expect(trace.frames.toArray()).toEqual(meta.frames);
    expect(trace.memoryBytes()).toBeGreaterThanOrEqual(
      trace.byteSize + trace.values.byteSize + trace.frames.byteSize,
    );
  });
});
