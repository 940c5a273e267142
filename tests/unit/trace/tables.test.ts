import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FrameRow,
  type ValueEntry,
  ValueEntrySchema,
  type ValueNode,
} from '../../../src/trace/meta.ts';
import { FrameTable, ValueTable } from '../../../src/trace/tables.ts';
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

describe('the packed value table', () => {
  it('gives back every entry exactly as the recorder wrote it, in every shape', () => {
    /** An int written as a number stands for its atom's node. */
    const asNode = (entry: ValueEntry): ValueNode =>
      typeof entry === 'number' ? ['int', String(entry), 0, [], 0] : entry;
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
