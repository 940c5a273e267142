import { describe, expect, it } from 'vitest';
import { diagramFromGraph } from '../../../src/diagram/fromGraph';
import { layoutDiagram } from '../../../src/diagram/layout';
import { RESULT_ROW } from '../../../src/trace/graph';
import type { Graph } from '../../../src/trace/graph-types';

// def g(a): a.append(1) / def f(): x = []; y = x; g(x) — paused in g after the append.
const graph: Graph = {
  step: 9,
  frames: [
    {
      frameId: 2,
      function: 'g',
      file: 'm.py',
      line: 2,
      isModule: false,
      isClassBody: false,
      args: [{ name: 'a', value: { kind: 'ref', id: 3 }, now: null }],
      variables: [{ name: 'a', value: { kind: 'ref', id: 3 }, changed: false }],
      result: null,
    },
    {
      frameId: 1,
      function: 'f',
      file: 'm.py',
      line: 6,
      isModule: false,
      isClassBody: false,
      args: [],
      variables: [
        { name: 'x', value: { kind: 'ref', id: 3 }, changed: false },
        { name: 'y', value: { kind: 'ref', id: 3 }, changed: false },
      ],
      result: null,
    },
    {
      frameId: 0,
      function: '<module>',
      file: 'm.py',
      line: 7,
      isModule: true,
      isClassBody: false,
      args: [],
      variables: [{ name: 'n', value: { kind: 'atom', type: 'int', text: '7' }, changed: false }],
      result: null,
    },
  ],
  nodes: [
    {
      id: 3,
      type: 'list',
      kind: 'list',
      text: '[1]',
      entries: [{ label: '0', value: { kind: 'atom', type: 'int', text: '1' } }],
      size: 1,
      more: 0,
      changed: true,
      ownText: false,
    },
  ],
  edges: [
    { from: 'frame:2:a', to: 3 },
    { from: 'frame:1:x', to: 3 },
    { from: 'frame:1:y', to: 3 },
  ],
  changed: [3],
  beyond: 0,
};

describe('the diagram from the object graph', () => {
  it("puts the module first, keeps the graph's ids, and draws the same edges", () => {
    const d = diagramFromGraph(graph, 1);
    expect(d.frames.map((f) => [f.key, f.function, f.module])).toEqual([
      ['0', '<module>', true],
      ['1', 'f', false],
      ['2', 'g', false],
    ]);
    expect(d.frames.map((f) => f.call)).toEqual(['<module>', 'f()', 'g(a=#3)']);
    expect(d.selectedFrame).toBe('1');
    expect([...d.changed]).toEqual([3]);
    const l = layoutDiagram(d);
    expect(l.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(
      graph.edges.map((e) => `${e.from}>${e.to}`).sort(),
    );
    expect(l.objects.map((o) => [o.id, o.changed, o.rows[0].atom])).toEqual([[3, true, '1']]);
  });

  it("writes a function's box as its name, since the heading already says function", () => {
    const fn = (id: number, text: string, kind: 'function' | 'other' = 'function') => ({
      id,
      type: 'function',
      kind,
      text,
      entries: [],
      size: 0,
      more: 0,
      changed: false,
      ownText: true,
    });
    const d = diagramFromGraph({
      ...graph,
      nodes: [
        fn(5, '<function permission_hook>'),
        fn(6, '<function deco.<locals>.wrapper>'),
        fn(7, '<built-in function len>'),
        fn(8, '<function looks like one>', 'other'),
      ],
    });
    const summary = (id: number) => d.objects.get(id)?.summary;
    expect(summary(5)).toBe('permission_hook');
    expect(summary(6)).toBe('deco.<locals>.wrapper');
    expect(summary(7)).toBe('<built-in function len>');
    expect(summary(8)).toBe('<function looks like one>');
  });
  it("draws a frame's return value as its last row, labelled in the reader's words", () => {
    const returning: Graph = {
      ...graph,
      frames: graph.frames.map((f) =>
        f.frameId === 2 ? { ...f, result: { kind: 'return', value: { kind: 'ref', id: 3 } } } : f,
      ),
      edges: [...graph.edges, { from: `frame:2:${RESULT_ROW}`, to: 3 }],
    };
    const d = diagramFromGraph(returning, 2, (kind) => `<${kind}>`);
    const g = d.frames.find((f) => f.key === '2');
    expect(g?.names.map((n) => [n.label, n.result])).toEqual([
      ['a', undefined],
      ['<return>', 'return'],
    ]);
    const l = layoutDiagram(d);
    const row = l.frames.find((f) => f.key === '2')?.rows.at(-1);
    expect(row).toMatchObject({ label: '<return>', result: 'return', ref: 3, drawn: true });
    expect(l.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(
      returning.edges.map((e) => `${e.from}>${e.to}`).sort(),
    );
    // a variable named like the label is still a row (and an arrow) of its own
    const clash = diagramFromGraph(
      {
        ...returning,
        frames: returning.frames.map((f) =>
          f.frameId === 2
            ? {
                ...f,
                variables: [
                  ...f.variables,
                  { name: '<return>', value: { kind: 'ref', id: 3 }, changed: false },
                ],
              }
            : f,
        ),
      },
      2,
      (kind) => `<${kind}>`,
    );
    const slots = layoutDiagram(clash).edges.map((e) => e.slot);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('writes an atom handed back, and an exception raised, as such', () => {
    const d = diagramFromGraph(
      {
        ...graph,
        frames: graph.frames.map((f) =>
          f.frameId === 2
            ? {
                ...f,
                result: { kind: 'return', value: { kind: 'atom', type: 'NoneType', text: 'None' } },
              }
            : f.frameId === 1
              ? { ...f, result: { kind: 'exception', value: { kind: 'ref', id: 3 } } }
              : f,
        ),
      },
      2,
      (kind) => (kind === 'return' ? 'return value' : 'raised'),
    );
    const rows = layoutDiagram(d).frames.flatMap((f) => f.rows.filter((r) => r.result));
    expect(rows.map((r) => [r.label, r.result, r.atom ?? r.ref])).toEqual([
      ['raised', 'exception', 3],
      ['return value', 'return', 'None'],
    ]);
  });
});
