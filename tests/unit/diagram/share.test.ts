/**
 * Structural sharing between two layouts (src/diagram/share.ts): what a step did not
 * change stays the same object, so the memoised boxes of the picture and of its text
 * alternative are not drawn again; what it changed is new.
 */
import { describe, expect, it } from 'vitest';
import { type DiagramLayout, layoutDiagram } from '../../../src/diagram/layout';
import { sameData, shareLayout } from '../../../src/diagram/share';
import { runAction } from '../../../src/ui/diagram/diagramActions';
import { atom, frame, input, obj, ref } from './fixtures';

/** The flagship's shape: a caller's dict, a hook's own copy, a list of warnings. */
function at(step: { hookId: string; warnings: string[]; hook: boolean; changed?: number[] }) {
  const frames = [frame('0', '<module>', [ref('call', 13)])];
  if (step.hook) frames.push(frame('4', 'first', [ref('payload', 32)], 'payload=#32'));
  const objects = [
    obj(13, 'dict', [atom("'id'", "'run_1'"), ref("'log'", 40)]),
    obj(
      40,
      'list',
      step.warnings.map((w, i) => atom(String(i), w)),
    ),
  ];
  if (step.hook) objects.push(obj(32, 'dict', [atom("'id'", step.hookId)]));
  return layoutDiagram(input(frames, objects, step.changed ?? []));
}

const objectById = (l: DiagramLayout, id: number) => l.objects.find((o) => o.id === id);

describe('sameData', () => {
  it('compares layout data by value, arrays in order, objects by their own keys', () => {
    expect(sameData(1, 1)).toBe(true);
    expect(sameData('a', 'b')).toBe(false);
    expect(sameData([1, { a: 'x' }], [1, { a: 'x' }])).toBe(true);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData([1], [1, 2])).toBe(false);
    expect(sameData({ a: 1, b: [2] }, { b: [2], a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    // a key missing is not a key set to undefined, and an array is not an object
    expect(sameData({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
  });
});

describe('shareLayout', () => {
  it('without a layout before, is the new one', () => {
    const next = at({ hookId: "'run_1'", warnings: [], hook: true });
    expect(shareLayout(null, next)).toBe(next);
  });

  it('gives back the layout shown when nothing differs', () => {
    const before = at({ hookId: "'run_1'", warnings: [], hook: true });
    const next = at({ hookId: "'run_1'", warnings: [], hook: true });
    expect(next).not.toBe(before);
    expect(shareLayout(before, next)).toBe(before);
  });

  it('keeps what a step did not change and renews what it did', () => {
    const before = at({ hookId: "'run_1'", warnings: [], hook: true });
    const next = at({ hookId: "'run_999'", warnings: [], hook: true, changed: [32] });
    const shared = shareLayout(before, next);
    expect(shared).not.toBe(before);
    // the hook's copy changed: a new box, with the new text
    expect(objectById(shared, 32)).not.toBe(objectById(before, 32));
    expect(objectById(shared, 32)?.rows[0].atom).toBe("'run_999'");
    expect(objectById(shared, 32)?.changed).toBe(true);
    // the caller's dict and the list did not: the same objects as before
    expect(objectById(shared, 13)).toBe(objectById(before, 13));
    expect(objectById(shared, 40)).toBe(objectById(before, 40));
    expect(shared.frames).toEqual(before.frames);
    shared.frames.forEach((f, i) => expect(f).toBe(before.frames[i]));
    shared.edges.forEach((e, i) => expect(e).toBe(before.edges[i]));
    // and the whole is what the layout itself says
    expect(shared).toEqual(next);
  });

  it('renews a box whose place or size changed, and the arrows that moved with it', () => {
    const before = at({ hookId: "'run_1'", warnings: [], hook: false });
    const next = at({ hookId: "'run_1'", warnings: ["'late'", "'again'"], hook: true });
    const shared = shareLayout(before, next);
    expect(shared).toEqual(next);
    // the list grew: a new box
    expect(objectById(shared, 40)).not.toBe(objectById(before, 40));
    expect(objectById(shared, 40)?.rows).toHaveLength(2);
    // a frame that was not there is new; the module's frame, laid out as before, is kept
    expect(shared.frames).toHaveLength(2);
    expect(shared.frames[0]).toBe(before.frames[0]);
    for (const e of shared.edges) {
      const old = before.edges.find((b) => b.slot === e.slot);
      if (old && old.path === e.path && old.to === e.to) expect(e).toBe(old);
      else expect(e).not.toBe(old);
    }
  });

  it('drops the boxes a step took away', () => {
    const before = at({ hookId: "'run_1'", warnings: [], hook: true });
    const next = at({ hookId: "'run_1'", warnings: [], hook: false });
    const shared = shareLayout(before, next);
    expect(shared).toEqual(next);
    expect(objectById(shared, 32)).toBeUndefined();
    expect(shared.frames).toHaveLength(1);
  });
});

describe('the diagram controls', () => {
  it('run the action written on them', () => {
    const calls: unknown[] = [];
    const handlers = {
      onExpand: (id: number) => calls.push(['expand', id]),
      onOpenGlobals: (key: string) => calls.push(['globals', key]),
      onHistory: (target: unknown) => calls.push(['history', target]),
    };
    runAction('expand:40', handlers);
    runAction('globals:0', handlers);
    runAction('name:4:a:b', handlers); // a name may hold the separator
    runAction('object:32', handlers);
    runAction('unknown:1', handlers);
    expect(calls).toEqual([
      ['expand', 40],
      ['globals', '0'],
      ['history', { kind: 'name', frameKey: '4', name: 'a:b' }],
      ['history', { kind: 'object', id: 32 }],
    ]);
  });
});
