import { describe, expect, it } from 'vitest';
import { framesAt, graphAt, RESULT_ROW } from '../../../src/trace/graph.ts';
import { buildTrace, type FixtureSpec, moduleHolding } from '../replay/fixtures.ts';

/** `f` holds one list under `x` and `y` and passes it to `g`, which appends to it. */
const aliasing: FixtureSpec = {
  frames: [
    { fn: '<module>', file: 'main.py' },
    { fn: 'f', file: 'main.py', parent: 0 },
    { fn: 'g', file: 'main.py', parent: 1, params: 1 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 1 },
    { kind: 'call', frame: 1, line: 4 },
    { kind: 'line', frame: 1, line: 5 },
    { kind: 'line', frame: 1, line: 6, vars: { x: { ref: 1 } }, objects: { 1: { kind: 'list' } } },
    { kind: 'line', frame: 1, line: 7, vars: { y: { ref: 1 } } },
    { kind: 'call', frame: 2, line: 1, vars: { a: { ref: 1 } } },
    { kind: 'line', frame: 2, line: 2 },
    {
      kind: 'return',
      frame: 2,
      line: 2,
      value: 'None',
      objects: { 1: { kind: 'list', entries: [['0', '1']] } },
    },
  ],
};

describe('graphAt', () => {
  it('draws two names holding one object as two arrows to one box, in every frame', () => {
    const g = graphAt(buildTrace(aliasing), 7);
    expect(g.frames.map((f) => f.function)).toEqual(['g', 'f', '<module>']);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0]).toMatchObject({ id: 1, kind: 'list', text: '[1]', size: 1, more: 0 });
    expect(g.edges).toEqual([
      { from: 'frame:2:a', to: 1 },
      { from: 'frame:1:x', to: 1 },
      { from: 'frame:1:y', to: 1 },
    ]);
  });

  it("shows the caller's names with the object's contents at that step", () => {
    const t = buildTrace(aliasing);
    expect(graphAt(t, 6).nodes[0].text).toBe('[]');
    expect(graphAt(t, 7).nodes[0].text).toBe('[1]');
  });

  it('marks the objects the last step changed', () => {
    const t = buildTrace(aliasing);
    expect(graphAt(t, 7).changed).toEqual([1]);
    expect(graphAt(t, 7).nodes[0].changed).toBe(true);
    expect(graphAt(t, 6).changed).toEqual([]);
  });

  it("gives each frame its function's arguments", () => {
    const frames = framesAt(buildTrace(aliasing), 6);
    expect(frames[0].args).toEqual([{ name: 'a', value: { kind: 'ref', id: 1 }, now: null }]);
    expect(frames[1].args).toEqual([]);
    expect(frames[2].isModule).toBe(true);
  });

  it('draws a deep copy as a second box with the same contents', () => {
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        {
          kind: 'line',
          frame: 0,
          line: 1,
          vars: { a: { ref: 1 }, c: { ref: 2 } },
          objects: {
            1: { kind: 'dict', entries: [["'k'", '1']] },
            2: { kind: 'dict', entries: [["'k'", '1']] },
          },
        },
      ],
    });
    const g = graphAt(t, 0);
    expect(g.nodes.map((n) => [n.id, n.text])).toEqual([
      [1, "{'k': 1}"],
      [2, "{'k': 1}"],
    ]);
  });

  it('follows nested containers with an arrow from the slot to the inner object', () => {
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        {
          kind: 'line',
          frame: 0,
          line: 1,
          vars: { d: { ref: 1 } },
          objects: {
            1: { kind: 'dict', entries: [["'xs'", { ref: 2 }]] },
            2: {
              kind: 'list',
              entries: [
                ['0', '1'],
                ['1', '2'],
              ],
            },
          },
        },
      ],
    });
    const g = graphAt(t, 0);
    expect(g.nodes.map((n) => n.text)).toEqual(["{'xs': [1, 2]}", '[1, 2]']);
    expect(g.edges).toContainEqual({ from: 'object:1:0', to: 2 });
    expect(g.nodes[0].entries[0]).toEqual({ label: "'xs'", value: { kind: 'ref', id: 2 } });
    expect(g.nodes[1].entries[0]).toEqual({
      label: '0',
      value: { kind: 'atom', type: 'int', text: '1' },
    });
  });

  it('draws a cycle as an arrow back to the box, not a recursion', () => {
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        {
          kind: 'line',
          frame: 0,
          line: 1,
          vars: { a: { ref: 1 } },
          objects: { 1: { kind: 'list', entries: [['0', { ref: 1 }]] } },
        },
      ],
    });
    const g = graphAt(t, 0);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0].text).toBe('[[...]]');
    expect(g.edges).toEqual([
      { from: 'frame:0:a', to: 1 },
      { from: 'object:1:0', to: 1 },
    ]);
  });

  it('shows an instance by its attributes', () => {
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        {
          kind: 'line',
          frame: 0,
          line: 1,
          vars: { p: { ref: 1 } },
          objects: {
            1: {
              kind: 'instance',
              type: 'Point',
              entries: [
                ['x', '1'],
                ['y', "'a'"],
              ],
            },
          },
        },
      ],
    });
    expect(graphAt(t, 0).nodes[0]).toMatchObject({
      kind: 'instance',
      type: 'Point',
      text: "Point(x=1, y='a')",
    });
  });

  it('cuts a huge list with "N more" and shows what was recorded when expanded', () => {
    const entries = Array.from(
      { length: 30 },
      (_, i) => [String(i), String(i)] as [string, string],
    );
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        {
          kind: 'line',
          frame: 0,
          line: 1,
          vars: { big: { ref: 1 } },
          objects: { 1: { kind: 'list', entries, size: 100_000 } },
        },
      ],
    });
    const cut = graphAt(t, 0).nodes[0];
    expect(cut.entries).toHaveLength(10);
    expect(cut.more).toBe(99_990);
    expect(cut.text).toBe('[0, 1, 2, 3, 4, 5, 6, 7, …]');
    const open = graphAt(t, 0, { expanded: new Set([1]) }).nodes[0];
    expect(open.entries).toHaveLength(30);
    expect(open.more).toBe(99_970);
  });

  it('is empty outside the trace', () => {
    expect(graphAt(buildTrace(aliasing), 99)).toEqual({
      step: 99,
      frames: [],
      nodes: [],
      edges: [],
      changed: [],
      beyond: 0,
    });
  });

  /** `head` holds a chain of `n` nested lists: #1 → #2 → … → #n. */
  const chain = (n: number): FixtureSpec => {
    const objects: Record<number, { kind: 'list'; entries: [string, { ref: number }][] }> = {};
    for (let id = 1; id <= n; id++)
      objects[id] = { kind: 'list', entries: id < n ? [['0', { ref: id + 1 }]] : [] };
    return moduleHolding({ head: { ref: 1 } }, objects);
  };

  it('says which instances hold a value besides their attributes (the recorder wrote their text)', () => {
    const t = buildTrace(
      moduleHolding(
        { n: { ref: 1 }, b: { ref: 2 } },
        {
          1: { kind: 'instance', type: 'Name', text: "Name('bob')", entries: [['tag', '1']] },
          2: { kind: 'instance', type: 'Box', entries: [['v', '1']] },
        },
      ),
    );
    const byId = new Map(graphAt(t, 1).nodes.map((n) => [n.id, n]));
    expect(byId.get(1)).toMatchObject({ text: "Name('bob')", ownText: true });
    expect(byId.get(2)).toMatchObject({ text: 'Box(v=1)', ownText: false });
  });

  it('follows a chain to its end, however deep: no object is left out unsaid', () => {
    const g = graphAt(buildTrace(chain(20)), 1);
    expect(g.nodes.map((n) => n.id)).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    expect(g.edges).toHaveLength(20);
    expect(g.beyond).toBe(0);
  });

  it('counts what it reaches past its bound on objects, never drawing a row to nothing', () => {
    const g = graphAt(buildTrace(chain(20)), 1, { maxNodes: 5 });
    expect(g.nodes).toHaveLength(5);
    expect(g.beyond).toBe(1); // the next one found; at least that many more
    expect(g.edges.every((e) => g.nodes.some((n) => n.id === e.to))).toBe(true);
  });
});

/**
 * `make` builds a dict around the list `items` holds and returns it unnamed; then the module
 * ends. Its return value is an object only the return hands back.
 */
const handedBack: FixtureSpec = {
  frames: [
    { fn: '<module>', file: 'main.py' },
    { fn: 'make', file: 'main.py', parent: 0 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 1 },
    { kind: 'call', frame: 1, line: 1 },
    {
      kind: 'line',
      frame: 1,
      line: 2,
      vars: { items: { ref: 1 } },
      objects: { 1: { kind: 'list' } },
    },
    {
      kind: 'return',
      frame: 1,
      line: 3,
      value: { ref: 2 },
      objects: { 2: { kind: 'dict', entries: [["'items'", { ref: 1 }]] } },
    },
    { kind: 'line', frame: 0, line: 5, vars: { made: { ref: 2 } } },
    { kind: 'return', frame: 0, line: 5, value: 'None' },
  ],
};

describe('graphAt: the value a frame hands back', () => {
  it('gives the returning frame a result whose object is drawn, with its arrow', () => {
    const g = graphAt(buildTrace(handedBack), 3);
    const make = g.frames.find((f) => f.function === 'make');
    expect(make?.result).toEqual({ kind: 'return', value: { kind: 'ref', id: 2 } });
    expect(g.frames.find((f) => f.isModule)?.result).toBeNull();
    expect(g.nodes.map((n) => n.id).sort()).toEqual([1, 2]);
    expect(g.edges).toContainEqual({ from: `frame:1:${RESULT_ROW}`, to: 2 });
  });

  it('has no result before the return, nor for the module ending with None', () => {
    const t = buildTrace(handedBack);
    expect(graphAt(t, 2).frames.every((f) => f.result === null)).toBe(true);
    expect(graphAt(t, 2).nodes.map((n) => n.id)).toEqual([1]);
    expect(graphAt(t, 5).frames.every((f) => f.result === null)).toBe(true);
  });
});
