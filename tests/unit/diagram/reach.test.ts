/**
 * What the selected frame reaches (src/diagram/reach.ts): its own arrows and every arrow
 * after the objects they point at; the picture fades the rest.
 */
import { describe, expect, it } from 'vitest';
import { layoutDiagram } from '../../../src/diagram/layout';
import { reachedArrows } from '../../../src/diagram/reach';
import { atom, frame, input, obj, ref } from './fixtures';

// The caller holds `snapshot` (10, holding 11); the hook's `payload` is its own copy (20,
// holding 21, which holds itself: a cycle). Both hold the hooks dict 30.
const caller = frame('1', 'execute_hooked', [ref('snapshot', 10), ref('hooks', 30)]);
const hook = frame('2', 'first', [ref('payload', 20), ref('hooks', 30), atom('n', '1')]);
const objects = [
  obj(10, 'dict', [ref("'call'", 11)]),
  obj(11, 'dict', [atom("'id'", "'run_1'")]),
  obj(20, 'dict', [ref("'call'", 21)]),
  obj(21, 'dict', [atom("'id'", "'run_999'"), ref("'self'", 21)]),
  obj(30, 'dict', [ref("'before'", 31)]),
  obj(31, 'list', []),
];
const laid = (selected: string | undefined) =>
  layoutDiagram({ ...input([hook, caller], objects), selectedFrame: selected });
/** The arrows reached, each as `from → to`. */
const reached = (selected: string | undefined) => {
  const layout = laid(selected);
  const from = reachedArrows(layout);
  if (from === null) return null;
  return layout.edges
    .filter((e) => from.has(e.from))
    .map((e) => `${e.from}→${e.to}`)
    .sort();
};

describe('the arrows the selected frame reaches', () => {
  it("are its names' arrows and every arrow after them, a cycle included, and none of another frame's", () => {
    expect(reached('2')).toEqual([
      'frame:2:hooks→30',
      'frame:2:payload→20',
      'object:20:0→21',
      'object:21:1→21',
      'object:30:0→31',
    ]);
  });

  it("leave out the caller's copy, but not what both frames hold", () => {
    const fromCaller = reached('1') ?? [];
    expect(fromCaller).toContain('object:10:0→11');
    expect(fromCaller).toContain('object:30:0→31');
    expect(fromCaller).not.toContain('object:20:0→21');
    expect(fromCaller.some((a) => a.startsWith('frame:2:'))).toBe(false);
  });

  it('fade nothing when no frame is selected', () => {
    expect(reached(undefined)).toBeNull();
  });
});
