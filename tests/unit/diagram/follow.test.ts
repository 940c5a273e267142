/**
 * The diagram follows the step (src/diagram/follow.ts): the selected frame and the objects
 * the step changed are scrolled into view when they are out of it, and only then.
 */
import { describe, expect, it } from 'vitest';
import { focusBand, scrollToShow } from '../../../src/diagram/follow';
import { layoutDiagram } from '../../../src/diagram/layout';
import { NARROW } from '../../../src/diagram/layoutOptions';
import { atom, frame, input, obj, ref } from './fixtures';

// The globals hold ten lists; `run(payload)` is selected; the step changed object 20.
const globals = frame(
  '0',
  '<module>',
  Array.from({ length: 10 }, (_, i) => ref(`l${i}`, 100 + i)),
);
const run = frame('5', 'run', [ref('payload', 20)], 'payload=#20');
const objects = [
  ...Array.from({ length: 10 }, (_, i) => obj(100 + i, 'list', [atom('0', String(i))])),
  obj(20, 'dict', [atom("'id'", "'run_999'")]),
];

describe('the boxes a step is about', () => {
  it('span the selected frame and the changed objects', () => {
    const l = layoutDiagram(
      { ...input([globals, run], objects, [20]), selectedFrame: '5' },
      NARROW,
    );
    const f = l.frames.find((x) => x.key === '5');
    const o = l.objects.find((x) => x.id === 20);
    if (!f || !o) throw new Error('fixture not laid out');
    expect(focusBand(l)).toEqual({
      top: Math.min(f.y, o.y),
      bottom: Math.max(f.y + f.h, o.y + o.h),
    });
  });

  it('are only the selected frame when the step changed nothing, and none without one', () => {
    const l = layoutDiagram({ ...input([globals, run], objects, []), selectedFrame: '5' }, NARROW);
    const f = l.frames.find((x) => x.key === '5');
    expect(focusBand(l)).toEqual({ top: f?.y, bottom: (f?.y ?? 0) + (f?.h ?? 0) });
    const none = layoutDiagram(input([globals, run], objects, []), NARROW);
    expect(focusBand(none)).toBeNull();
  });
});

describe('the scroll that shows them', () => {
  const view = { scrollTop: 100, height: 300 };
  it('leaves the view alone when they are in it', () => {
    expect(scrollToShow(view, { top: 150, bottom: 350 })).toBeNull();
  });
  it('moves as little as it can, up or down, with a margin', () => {
    expect(scrollToShow(view, { top: 40, bottom: 120 })).toBe(32);
    expect(scrollToShow(view, { top: 500, bottom: 560 })).toBe(568 - 300);
    expect(scrollToShow(view, { top: 2, bottom: 50 })).toBe(0);
  });
  it('shows the top of what is taller than the view, once', () => {
    expect(scrollToShow(view, { top: 600, bottom: 1200 })).toBe(592);
    expect(scrollToShow({ scrollTop: 592, height: 300 }, { top: 600, bottom: 1200 })).toBeNull();
  });
  it('counts in pixels where the picture is drawn smaller (a phone)', () => {
    expect(scrollToShow(view, { top: 1000, bottom: 1100 }, 0.5)).toBe(558 - 300);
  });
});
