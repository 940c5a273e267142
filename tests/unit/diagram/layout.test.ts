import { describe, expect, it } from 'vitest';
import {
  clip,
  type DiagramLayout,
  HEAD_H,
  labelColumn,
  layoutDiagram,
  ROW_H,
} from '../../../src/diagram/layout';
import { fitWide, MIN_OBJECT_WIDTH, NARROW, WIDE } from '../../../src/diagram/layoutOptions';
import { atom, frame, input, obj, ref } from './fixtures';

function overlaps(l: DiagramLayout): boolean {
  const boxes = [...l.frames, ...l.objects];
  return boxes.some((a, i) =>
    boxes.some(
      (b, j) => j > i && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h,
    ),
  );
}

const edgesTo = (l: DiagramLayout, id: number) => l.edges.filter((e) => e.to === id);

/** The furthest x an arrow's path data names (its control points bound the curve). */
function furthestX(path: string): number {
  const xs = [...path.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => Number(m[1]));
  return Math.max(...xs);
}

describe('reference diagram layout', () => {
  it('draws one box for an object two names hold, with an arrow from each name', () => {
    // def g(a): a.append(1) / def f(): x = []; y = x; g(x) — paused in g after the append.
    const l = layoutDiagram(
      input(
        [frame('1', 'f', [ref('x', 3), ref('y', 3)]), frame('2', 'g', [ref('a', 3)], 'a=[1]')],
        [obj(3, 'list', [atom('0', '1')])],
        [3],
      ),
    );
    expect(l.objects.map((o) => o.id)).toEqual([3]);
    expect(edgesTo(l, 3).map((e) => e.from)).toEqual(['frame:1:x', 'frame:1:y', 'frame:2:a']);
    expect(l.objects[0].changed).toBe(true);
    expect(l.objects[0].rows[0].atom).toBe('1');
    expect(l.frames[1].heading).toBe('g(a=[1])');
  });

  it('fits its columns to the box it is drawn in, narrower first, then fewer', () => {
    // a name holding a chain three objects deep, the last pointing back at the first
    const chain = input(
      [frame('0', '<module>', [ref('a', 1)])],
      [
        obj(1, 'dict', [ref("'b'", 2)]),
        obj(2, 'dict', [ref("'c'", 3)]),
        obj(3, 'dict', [ref("'a'", 1)]),
      ],
    );
    // the panel's box at 1400 px: WIDE alone is wider and cuts the last column
    expect(layoutDiagram(chain, WIDE).width).toBeGreaterThan(934);
    const fitted = fitWide(934);
    expect(fitted.maxColumns).toBe(3);
    expect(fitted.objectWidth).toBeGreaterThanOrEqual(MIN_OBJECT_WIDTH);
    expect(fitted.objectWidth).toBeLessThan(WIDE.objectWidth);
    expect(layoutDiagram(chain, fitted).width).toBeLessThanOrEqual(934);
    // a narrower box: two columns, the deepest object sharing the last one
    const two = fitWide(680);
    expect(two.maxColumns).toBe(2);
    expect(layoutDiagram(chain, two).width).toBeLessThanOrEqual(680);
    // room to spare: WIDE as it is
    expect(fitWide(1600)).toEqual(WIDE);
  });

  it('gives a frame and its arrows the same identity in another call at the same depth', () => {
    // Two calls of score(), each its own frame id: the view updates one box, not two.
    const at = (key: string) =>
      layoutDiagram(
        input(
          [frame('0', 'run', [ref('weights', 7)]), frame(key, 'score', [ref('weights', 7)])],
          [obj(7, 'dict', [atom("'a'", '3')])],
        ),
      );
    const [one, two] = [at('41'), at('42')];
    expect(one.frames.map((f) => f.slot)).toEqual(['depth:0', 'depth:1']);
    expect(two.frames.map((f) => f.slot)).toEqual(one.frames.map((f) => f.slot));
    expect(one.frames[1].key).toBe('41');
    expect(two.frames[1].key).toBe('42');
    expect(one.edges.map((e) => e.slot)).toEqual(['depth:0:weights', 'depth:1:weights']);
    expect(two.edges.map((e) => e.slot)).toEqual(one.edges.map((e) => e.slot));
    // Arrows still say which frame they leave.
    expect(two.edges.map((e) => e.from)).toEqual(['frame:0:weights', 'frame:42:weights']);
  });

  it('draws a deep copy as a second box', () => {
    const l = layoutDiagram(
      input(
        [
          frame('1', 'execute_hooked', [ref('snapshot', 10)]),
          frame('2', 'first', [atom('event', "'before'"), ref('payload', 20)]),
        ],
        [
          obj(10, 'dict', [atom("'id'", "'run_1'")]),
          obj(20, 'dict', [ref("'call'", 21)]),
          obj(21, 'dict', [atom("'id'", "'run_999'")]),
        ],
        [21],
      ),
    );
    expect(l.objects.map((o) => o.id).sort()).toEqual([10, 20, 21]);
    const snapshot = l.objects.find((o) => o.id === 10);
    const copy = l.objects.find((o) => o.id === 21);
    expect(snapshot?.rows[0].atom).toBe("'run_1'");
    expect(copy?.rows[0].atom).toBe("'run_999'");
    expect(copy?.changed).toBe(true);
    expect(snapshot?.changed).toBe(false);
    expect(overlaps(l)).toBe(false);
  });

  it('puts nested containers one column further right, with arrows from their slots', () => {
    const l = layoutDiagram(
      input(
        [frame('0', '<module>', [ref('hooks', 1)])],
        [
          obj(1, 'dict', [ref("'before'", 2), ref("'after'", 3)]),
          obj(2, 'list', [ref('0', 4)]),
          obj(3, 'list', [ref('0', 4)]),
          {
            id: 4,
            type: 'function',
            kind: 'function',
            summary: 'first(event, payload)',
            slots: [],
            length: 0,
          },
        ],
      ),
    );
    const col = (id: number) => l.objects.find((o) => o.id === id)?.column;
    expect([col(1), col(2), col(3), col(4)]).toEqual([0, 1, 1, 2]);
    expect(edgesTo(l, 4).map((e) => e.from)).toEqual(['object:2:0', 'object:3:0']);
    expect(l.objects.find((o) => o.id === 4)?.rows).toEqual([]);
    expect(overlaps(l)).toBe(false);
    // Arrows run from the row's right end to the box's left side.
    for (const e of l.edges) expect(e.x2).toBeGreaterThan(e.x1);
  });

  it('draws a cycle as an arrow back to the box, without recursing', () => {
    const l = layoutDiagram(
      input(
        [frame('0', '<module>', [ref('a', 1)])],
        [obj(1, 'list', [atom('0', '1'), ref('1', 1)])],
      ),
    );
    expect(l.objects).toHaveLength(1);
    const back = l.edges.find((e) => e.from === 'object:1:1');
    expect(back?.to).toBe(1);
    expect(back?.x2).toBe(l.objects[0].x + l.objects[0].w);
    expect(l.width).toBeGreaterThanOrEqual(furthestX(back?.path ?? ''));
  });

  it('holds every arrow whole, loops back into a box of the same column included', () => {
    // A list of lists on a phone (one column): each slot's arrow loops out to the right
    // and comes back into a box below it; so does a cycle in the last column on a desktop.
    const nested = input(
      [frame('0', '<module>', [ref('rows', 1), ref('first', 2)])],
      [
        obj(1, 'list', [ref('0', 2), ref('1', 3)]),
        obj(2, 'list', [atom('0', '1')]),
        obj(3, 'list', [ref('0', 1)]),
      ],
    );
    for (const l of [layoutDiagram(nested, NARROW), layoutDiagram(nested, fitWide(934))]) {
      const boxesEnd = Math.max(...l.objects.map((o) => o.x + o.w));
      // the case in question: some arrow loops out beyond the right-most box
      expect(l.edges.some((e) => furthestX(e.path) > boxesEnd)).toBe(true);
      for (const e of l.edges) expect(furthestX(e.path)).toBeLessThanOrEqual(l.width);
      for (const o of l.objects) expect(o.x + o.w).toBeLessThanOrEqual(l.width);
    }
  });

  it('cuts a huge list with "… N more" and shows every slot once expanded', () => {
    const items = Array.from({ length: 30 }, (_, i) => atom(String(i), String(i * i)));
    const big = obj(7, 'list', items, 100_000);
    const cut = layoutDiagram(input([frame('0', '<module>', [ref('xs', 7)])], [big]));
    const box = cut.objects[0];
    expect(box.rows).toHaveLength(WIDE.maxSlots);
    expect(box.hidden).toBe(100_000 - WIDE.maxSlots);
    expect(box.expandable).toBe(true);
    const open = layoutDiagram(
      input([frame('0', '<module>', [ref('xs', 7)])], [big]),
      WIDE,
      new Set([7]),
    );
    expect(open.objects[0].rows).toHaveLength(30);
    expect(open.objects[0].hidden).toBe(100_000 - 30);
    expect(open.objects[0].expandable).toBe(false);
    expect(open.objects[0].h).toBeGreaterThan(box.h);
  });

  it('offers to expand a container whose input was already cut, and not a small one', () => {
    const pre = obj(8, 'list', [atom('0', '1'), atom('1', '2')], 50);
    const l = layoutDiagram(input([frame('0', '<module>', [ref('xs', 8)])], [pre]));
    expect(l.objects[0]).toMatchObject({ hidden: 48, expandable: true });
    const small = obj(9, 'list', [atom('0', '1')]);
    const s = layoutDiagram(input([frame('0', '<module>', [ref('ys', 9)])], [small]));
    expect(s.objects[0]).toMatchObject({ hidden: 0, expandable: false });
  });

  it('does not follow slots that are cut, and stops at maxObjects', () => {
    const children = Array.from({ length: 20 }, (_, i) => obj(100 + i, 'list', []));
    const parent = obj(
      1,
      'list',
      children.map((c, i) => ref(String(i), c.id)),
    );
    const l = layoutDiagram(input([frame('0', '<module>', [ref('xs', 1)])], [parent, ...children]));
    expect(l.objects).toHaveLength(1 + WIDE.maxSlots);
    const small = layoutDiagram(
      input([frame('0', '<module>', [ref('xs', 1)])], [parent, ...children]),
      { ...WIDE, maxObjects: 3 },
    );
    expect(small.objects).toHaveLength(3);
    expect(small.omitted).toBe(WIDE.maxSlots - 2);
    const undrawn = small.objects[0].rows[5];
    expect(undrawn.drawn).toBe(false);
    expect(undrawn.valueShown).toBe('#105');
    expect(small.edges.some((e) => e.to === 105)).toBe(false);
  });

  it('draws the value an instance holds besides its attributes as its first row', () => {
    const named = {
      ...obj(1, 'instance', [atom('tag', '1')]),
      summary: "Name('bob')",
      ownText: true,
    };
    const box = { ...obj(2, 'instance', [atom('v', '1')]), summary: 'Box(v=1)' };
    const l = layoutDiagram(
      input([frame('0', '<module>', [ref('n', 1), ref('b', 2)])], [named, box]),
    );
    const [n, b] = [1, 2].map((id) => l.objects.find((o) => o.id === id));
    expect(n?.valueRow).toBe(true);
    expect(b?.valueRow).toBe(false);
    // the attribute row sits below the value row, and the box is one row taller
    expect((n?.rows[0].y ?? 0) - (n?.y ?? 0)).toBe((b?.rows[0].y ?? 0) - (b?.y ?? 0) + ROW_H);
    expect((n?.h ?? 0) - (b?.h ?? 0)).toBe(ROW_H);
  });

  it('counts every object it does not draw, and what those reach, not just the first', () => {
    // xs → #1 → #2 → #3 → #4, one box allowed: three are left out, not one
    const objs = [1, 2, 3, 4].map((id) => obj(id, 'list', id < 4 ? [ref('0', id + 1)] : []));
    const l = layoutDiagram(input([frame('0', '<module>', [ref('xs', 1)])], objs), {
      ...WIDE,
      maxObjects: 1,
    });
    expect(l.objects.map((o) => o.id)).toEqual([1]);
    expect(l.omitted).toBe(3);
    expect(l.omittedAtLeast).toBe(false);
    // the graph stopped short: its count is added, and the total is a floor
    const short = layoutDiagram({
      ...input([frame('0', '<module>', [ref('xs', 1)])], objs),
      beyond: 2,
    });
    expect(short.omitted).toBe(2);
    expect(short.omittedAtLeast).toBe(true);
  });

  it('keeps every box in place when only atoms change', () => {
    const at = (i: number) =>
      layoutDiagram(
        input(
          [
            frame('0', '<module>', [atom('n', String(i)), ref('d', 1)]),
            frame('1', 'grow', [atom('i', String(i * 1000)), ref('xs', 2)], `i=${i}`),
          ],
          [
            obj(1, 'dict', [atom("'k'", `'${'v'.repeat(i)}'`)]),
            obj(2, 'list', [atom('0', String(i))]),
          ],
        ),
      );
    const place = (l: DiagramLayout) => [
      ...l.frames.map((f) => [f.key, f.x, f.y, f.w, f.h]),
      ...l.objects.map((o) => [o.id, o.x, o.y, o.w, o.h]),
      l.width,
      l.height,
    ];
    expect(place(at(1))).toEqual(place(at(40)));
  });

  it('with the previous layout, does not move a box up when an earlier object goes away', () => {
    const frames = (withA: boolean) => [
      frame('0', '<module>', [...(withA ? [ref('a', 1)] : []), ref('b', 2)]),
    ];
    const objects = [obj(1, 'list', [atom('0', '1'), atom('1', '2')]), obj(2, 'list', [])];
    const first = layoutDiagram(input(frames(true), objects));
    const bBefore = first.objects.find((o) => o.id === 2);
    const again = layoutDiagram(input(frames(false), objects), WIDE, new Set(), first);
    expect(again.objects.find((o) => o.id === 2)?.y).toBe(bBefore?.y);
    const fresh = layoutDiagram(input(frames(false), objects));
    expect(fresh.objects.find((o) => o.id === 2)?.y).toBeLessThan(bBefore?.y ?? 0);
  });

  it('lays out afresh when the frames changed: a box held low by the step before comes up', () => {
    // A module-level step draws many globals above the function `countdown`; the next step
    // is inside countdown, whose code names only it. Held at its old height, its box would
    // sit under 28 empty rows.
    const many = Array.from({ length: 28 }, (_, k) => obj(100 + k, 'list', []));
    const module = frame('0', '<module>', [
      ...many.map((o, k) => ref(`g${k}`, o.id)),
      ref('countdown', 1),
    ]);
    const fn = obj(1, 'function', []);
    const before = layoutDiagram(input([module], [...many, fn]));
    const low = before.objects.find((o) => o.id === 1)?.y ?? 0;
    const inside = [frame('0', '<module>', [ref('countdown', 1)]), frame('1', 'countdown', [])];
    const next = layoutDiagram(
      { ...input(inside, [fn]), selectedFrame: '1' },
      WIDE,
      new Set(),
      before,
    );
    const fresh = layoutDiagram({ ...input(inside, [fn]), selectedFrame: '1' });
    expect(next.objects[0].y).toBe(fresh.objects[0].y);
    expect(next.objects[0].y).toBeLessThan(low);
    // The same frames with another one selected are another picture too.
    const crowded = [module, frame('1', 'countdown', [])];
    const held = layoutDiagram({ ...input(crowded, [...many, fn]), selectedFrame: '1' });
    expect(held.objects.find((o) => o.id === 1)?.y).toBe(low);
    const picked = { ...input(inside, [fn]), selectedFrame: '0' };
    expect(layoutDiagram(picked, WIDE, new Set(), held).objects[0].y).toBe(
      layoutDiagram(picked).objects[0].y,
    );
  });

  it("aligns a name's object with its row and fits a phone in one object column", () => {
    const l = layoutDiagram(
      input(
        [frame('0', '<module>', [atom('n', '1'), atom('m', '2'), ref('d', 1)])],
        [obj(1, 'dict', [ref("'x'", 2)]), obj(2, 'list', [ref('0', 3)]), obj(3, 'set', [])],
      ),
      NARROW,
    );
    const d = l.objects[0];
    expect(d.y).toBe(l.frames[0].rows[2].y);
    expect(l.edges[0].y2).toBe(d.y + HEAD_H / 2);
    expect(new Set(l.objects.map((o) => o.column))).toEqual(new Set([0]));
    expect(l.width).toBeLessThanOrEqual(370);
    expect(overlaps(l)).toBe(false);
  });

  it("starts a box's value column after its longest label, within 35–50 % of the box, never after a value", () => {
    const rows = (...labels: string[]) => labels.map((label) => ({ label }));
    expect(labelColumn(rows('n', 'id'), 200)).toBe(70); // short labels: 35 %
    expect(labelColumn(rows('a'.repeat(12)), 200)).toBe(Math.ceil(12 * 7.3) + 8);
    expect(labelColumn(rows('a'.repeat(40)), 200)).toBe(100); // long ones: cut at 50 %
    expect(labelColumn(rows('维护窗口'), 200)).toBe(labelColumn(rows('a'.repeat(8)), 200));
    expect(labelColumn([], 164)).toBe(57);
    // On a phone a frame's names of up to ten characters read whole; the values still get
    // eight ('mutate' in its quotes), and the column stays put as they change.
    const at = (n: string) =>
      layoutDiagram(
        input(
          [
            frame('0', '<module>', [
              atom('SCENARIO', n),
              ref('run_main', 1),
              atom('execute_hooked', '0'),
            ]),
          ],
          [obj(1, 'dict', [atom("'type'", "'tool_use'")])],
        ),
        NARROW,
      );
    const l = at("'mutate'");
    expect(l.frames[0].rows.map((r) => r.labelShown)).toEqual([
      'SCENARIO',
      'run_main',
      'execute_h…',
    ]);
    expect(l.frames[0].rows[0].valueShown).toBe("'mutate'");
    expect(at("'a much longer scenario name'").frames[0].labelW).toBe(l.frames[0].labelW);
    // an object with short keys gives its values the room: 'tool_use' whole
    expect(l.objects[0].rows[0].valueShown).toBe("'tool_use'");
  });

  it('gives the labels the room when every value of a box is an arrow', () => {
    // The hook registry: a dict whose values are all lists, keyed by long event names.
    const keys = ["'UserPromptSubmit'", "'PreToolUse'", "'PostToolUse'", "'Stop'"];
    const refs = keys.map((label, i) => ({ label, value: { ref: 10 + i } }));
    const col = labelColumn(refs, 170);
    expect(col).toBeGreaterThan(85); // past half the box
    expect(col).toBeLessThanOrEqual(170 - 16 - 3 * 7.3); // a dot, or '#13' when not drawn
    const l = layoutDiagram(
      input(
        [frame('0', '<module>', [ref('HOOKS', 1)])],
        [obj(1, 'dict', refs), ...refs.map((_, i) => obj(10 + i, 'list', []))],
      ),
    );
    expect(l.objects[0].rows.map((r) => r.labelShown)).toEqual(keys);
    // one value that is not an arrow: the 50 % bound again, so the text has room
    expect(labelColumn([...refs, { label: "'n'", value: { atom: '3' } }], 170)).toBe(85);
  });

  it('clips long text to the box, counting wide characters twice', () => {
    expect(clip('short', 100)).toBe('short');
    expect(clip('a'.repeat(50), 73)).toBe(`${'a'.repeat(9)}…`);
    expect(clip('维护窗口：程序已暂停', 73)).toBe('维护窗口…');
    expect(clip('two\nlines', 200)).toBe('two lines');
  });
});
