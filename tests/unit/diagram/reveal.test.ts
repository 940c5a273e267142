/**
 * What the diagram opens so that an object asked for by its `#id` is drawn
 * (src/diagram/reveal.ts), and the view that does it (HeapView, rendered to a string).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  type HeapExpansions,
  type RevealSource,
  revealObject,
  withReveal,
} from '../../../src/diagram/reveal';
import { HeapView } from '../../../src/ui/diagram/HeapView';
import { buildTrace, type FixtureSpec } from '../replay/fixtures';

/** A heap by hand: each object's slots (0: an atom), and the frames' names. */
function source(
  heap: Record<number, number[]>,
  roots: { ref: number; folded?: boolean; frameKey?: string }[],
): RevealSource & { walked: number[] } {
  const walked: number[] = [];
  return {
    walked,
    roots: roots.map((r) => ({ frameKey: r.frameKey ?? '1', ref: r.ref, folded: !!r.folded })),
    refsOf(id) {
      walked.push(id);
      return heap[id] ?? [];
    },
  };
}
const atoms = (n: number) => Array.from({ length: n }, () => 0);
const NONE = new Set<number>();

describe('revealObject', () => {
  it('opens nothing for an object the drawn slots already reach', () => {
    const s = source({ 1: [2, 0], 2: [3] }, [{ ref: 1 }]);
    expect(revealObject(s, 3, 8, NONE)).toEqual({ ids: [], globals: [] });
  });

  it('opens each container that cuts the way short, outermost first', () => {
    // list 5's eleventh item is list 6, whose tenth item is the object asked for
    const s = source({ 5: [...atoms(10), 6], 6: [...atoms(9), 7] }, [{ ref: 5 }]);
    expect(revealObject(s, 7, 8, NONE)).toEqual({ ids: [5, 6], globals: [] });
    // one of them open already: only the other
    expect(revealObject(s, 7, 8, new Set([5]))).toEqual({ ids: [6], globals: [] });
    // a phone draws fewer slots, a wide pane as many as these lists hold
    expect(revealObject(s, 7, 12, NONE)).toEqual({ ids: [], globals: [] });
  });

  it('takes a longer way through drawn slots over a shorter one that opens a container', () => {
    const s = source({ 1: [...atoms(9), 9], 2: [3], 3: [4], 4: [9] }, [{ ref: 1 }, { ref: 2 }]);
    expect(revealObject(s, 9, 8, NONE)).toEqual({ ids: [], globals: [] });
  });

  it('shows the folded globals when only a global holds the way there', () => {
    const s = source({ 1: [2] }, [{ ref: 1, folded: true, frameKey: '0' }]);
    expect(revealObject(s, 2, 8, NONE)).toEqual({ ids: [], globals: ['0'] });
    // a name of the frame being stepped that reaches it too is enough
    const both = source({ 1: [2], 3: [2] }, [
      { ref: 1, folded: true, frameKey: '0' },
      { ref: 3, frameKey: '4' },
    ]);
    expect(revealObject(both, 2, 8, NONE)).toEqual({ ids: [], globals: [] });
  });

  it('ends on cycles, and says null when no name reaches the object or the search gives up', () => {
    const s = source({ 1: [2], 2: [1, 3], 3: [2] }, [{ ref: 1 }]);
    expect(revealObject(s, 42, 8, NONE)).toBeNull();
    expect([...new Set(s.walked)].sort()).toEqual([1, 2, 3]);
    expect(s.walked).toHaveLength(3);
    const chain = source(
      Object.fromEntries(Array.from({ length: 50 }, (_, i) => [i + 1, [i + 2]])),
      [{ ref: 1 }],
    );
    expect(revealObject(chain, 40, 8, NONE, 10)).toBeNull();
    expect(revealObject(chain, 40, 8, NONE)).toEqual({ ids: [], globals: [] });
  });
});

describe('withReveal', () => {
  const opened: HeapExpansions = { ids: new Set([5]), globals: new Set() };
  it('keeps what is open as it is when the reveal adds nothing', () => {
    expect(withReveal(opened, null)).toBe(opened);
    expect(withReveal(opened, { ids: [5], globals: [] })).toBe(opened);
  });
  it('adds what the reveal opens', () => {
    const more = withReveal(opened, { ids: [6], globals: ['0'] });
    expect([...more.ids]).toEqual([5, 6]);
    expect([...more.globals]).toEqual(['0']);
  });
});

/** `f` holds a list of twelve dicts (objects 2–13); the diagram draws eight of them. */
const twelve: FixtureSpec = {
  frames: [
    { fn: '<module>', file: 'main.py' },
    { fn: 'f', file: 'main.py', parent: 0 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 1 },
    { kind: 'call', frame: 1, line: 1 },
    {
      kind: 'line',
      frame: 1,
      line: 2,
      vars: { items: { ref: 1 } },
      objects: {
        1: {
          kind: 'list',
          entries: Array.from({ length: 12 }, (_, i): [string, { ref: number }] => [
            String(i),
            { ref: i + 2 },
          ]),
        },
        ...Object.fromEntries(
          Array.from({ length: 12 }, (_, i) => [i + 2, { kind: 'dict' as const, entries: [] }]),
        ),
      },
    },
    { kind: 'line', frame: 1, line: 3 },
  ],
};

describe('the diagram asked for an object it cuts short', () => {
  const view = (
    objectId: number | null,
    expanded: HeapExpansions = { ids: NONE, globals: new Set() },
  ) => {
    const opened: HeapExpansions[] = [];
    const html = renderToStaticMarkup(
      createElement(HeapView, {
        trace: buildTrace(twelve),
        step: 3,
        selectedFrameId: 1,
        code: 'def f(): ...',
        narrow: false,
        width: 1200,
        expanded,
        located: objectId === null ? null : { objectId, scenario: 's', position: 3 },
        onExpand: (next) => opened.push(next),
        onHistory: () => {},
        lang: 'en',
      }),
    );
    return { html, opened };
  };

  it('draws the list whole and marks the object, where it drew eight items before', () => {
    const before = view(null).html;
    expect(before).toContain('… 4 more');
    expect(before).not.toContain('data-object-id="12"');
    const { html } = view(12);
    expect(html).not.toContain('… 4 more');
    expect(html).toMatch(/data-object-id="12"[^>]*data-located="true"/);
    expect(html).toContain('Object #12 is marked in the diagram');
  });

  it('leaves what is open alone when the object is drawn as it is', () => {
    const { html } = view(3);
    expect(html).toContain('… 4 more');
    expect(html).toMatch(/data-object-id="3"[^>]*data-located="true"/);
  });
});
