/**
 * The diagram follows the step (src/diagram/follow.ts): the selected frame, the objects the
 * step changed and (where they fit) the objects the frame refers to are scrolled into view
 * when they are out of it, and only then.
 */
import { describe, expect, it } from 'vitest';
import { focusBands, followScroll, objectBands, scrollToShow } from '../../../src/diagram/follow';
import { layoutDiagram } from '../../../src/diagram/layout';
import { NARROW } from '../../../src/diagram/layoutOptions';
import { atom, frame, input, obj, ref } from './fixtures';

// The globals hold ten lists; `run(payload)` is selected, its payload a dict (20) holding
// the call (21), laid out below the globals' lists.
const globals = frame(
  '0',
  '<module>',
  Array.from({ length: 10 }, (_, i) => ref(`l${i}`, 100 + i)),
);
const run = frame('5', 'run', [ref('payload', 20)], 'payload=#20');
const objects = [
  ...Array.from({ length: 10 }, (_, i) => obj(100 + i, 'list', [atom('0', String(i))])),
  obj(20, 'dict', [ref("'call'", 21)]),
  obj(21, 'dict', [atom("'id'", "'run_999'"), atom("'name'", "'format_disk'")]),
];

describe('the boxes a step is about', () => {
  const laid = (changed: number[], selected: string | null = '5') =>
    layoutDiagram(
      { ...input([globals, run], objects, changed), selectedFrame: selected ?? undefined },
      NARROW,
    );
  const extent = (b: { y: number; h: number } | undefined) => ({
    top: b?.y ?? Number.NaN,
    bottom: (b?.y ?? Number.NaN) + (b?.h ?? Number.NaN),
  });

  const box = (l: ReturnType<typeof laid>, id: number) =>
    extent(l.objects.find((x) => x.id === id));

  it("span the selected frame and the changed objects, then what the frame's objects hold", () => {
    const l = laid([20]);
    const f = extent(l.frames.find((x) => x.key === '5'));
    const [payload, call] = [box(l, 20), box(l, 21)];
    expect(call.top).toBeGreaterThan(payload.bottom);
    expect(focusBands(l)).toEqual([
      { top: f.top, bottom: call.bottom },
      { top: f.top, bottom: payload.bottom },
      payload,
    ]);
  });

  it("reach the frame's objects and theirs first, then the frame alone, when the step changed nothing", () => {
    const l = laid([]);
    const f = extent(l.frames.find((x) => x.key === '5'));
    const [payload, call] = [box(l, 20), box(l, 21)];
    // the payload's box sits below the ten lists the globals hold, under the frame
    expect(payload.top).toBeGreaterThan(f.bottom);
    expect(focusBands(l)).toEqual([
      { top: f.top, bottom: call.bottom },
      { top: f.top, bottom: payload.bottom },
      f,
    ]);
  });

  it('are the one box the reader asked to see, when it is drawn, in place of the step', () => {
    const l = laid([109]);
    expect(objectBands(l, 21)).toEqual([box(l, 21)]);
    expect(objectBands(l, 21)).not.toEqual(focusBands(l).slice(0, 1));
    expect(objectBands(l, 999)).toEqual([]);
    // followed as the step's bands are: the box brought into a view scrolled to the top
    const far = box(l, 21);
    expect(followScroll({ scrollTop: 0, height: 100 }, objectBands(l, 21))).toBe(
      far.bottom + 8 - 100,
    );
  });

  it("keep, at a return, the frame's return value row with the returned box, before the box alone", () => {
    const returning = frame('5', 'run', [
      ref('payload', 20),
      { ...ref('return value', 30), result: 'return' },
    ]);
    const l = layoutDiagram(
      {
        ...input([globals, returning], [...objects, obj(30, 'dict', [ref("'call'", 21)])], [30]),
        selectedFrame: '5',
      },
      NARROW,
    );
    const row = l.frames.find((x) => x.key === '5')?.rows.find((r) => r.result);
    const dict = box(l, 30);
    expect(row).toBeDefined();
    const bands = focusBands(l);
    expect(bands.at(-2)).toEqual({ top: row?.y, bottom: dict.bottom });
    expect(bands.at(-1)).toEqual(dict);
    // a view too short for the frame with the dict, tall enough for the row with it
    const view = { scrollTop: 0, height: dict.bottom - (row?.y ?? 0) + 16 };
    expect(followScroll(view, bands)).toBe((row?.y ?? 0) - 8);
  });

  it('are the changed objects alone without a selected frame, and none without either', () => {
    const o = extent(laid([103], null).objects.find((x) => x.id === 103));
    expect(focusBands(laid([103], null))).toEqual([o]);
    expect(focusBands(laid([], null))).toEqual([]);
  });
});

describe('the scroll that follows the step', () => {
  const wide = { top: 200, bottom: 560 };
  const core = { top: 200, bottom: 260 };
  it('shows the widest extent that fits the view', () => {
    expect(followScroll({ scrollTop: 0, height: 400 }, [wide, core])).toBe(568 - 400);
  });
  it('shows what the step changed when even the frame and the change do not fit together', () => {
    const news = { top: 900, bottom: 960 };
    const frameAndNews = { top: 200, bottom: 960 };
    expect(followScroll({ scrollTop: 0, height: 300 }, [frameAndNews, news])).toBe(968 - 300);
  });
  it('falls back to the frame and the change when the wider one does not fit', () => {
    expect(followScroll({ scrollTop: 0, height: 300 }, [wide, core])).toBeNull();
    expect(followScroll({ scrollTop: 500, height: 300 }, [wide, core])).toBe(192);
  });
  it('counts the wider extent in pixels on a phone, and follows nothing without one', () => {
    expect(followScroll({ scrollTop: 0, height: 200 }, [wide, core], 0.5)).toBe(288 - 200);
    expect(followScroll({ scrollTop: 0, height: 200 }, [])).toBeNull();
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
