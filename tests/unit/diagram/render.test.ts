/**
 * The diagram's markup (rendered to a string, no browser): the DOM contract and the text
 * alternative, in both languages.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutDiagram } from '../../../src/diagram/layout';
import type { Lang } from '../../../src/i18n';
import { resultVerb } from '../../../src/store/resultText';
import { HeapDiagram, type HeapDiagramProps } from '../../../src/ui/diagram/HeapDiagram';
import { HistoryList } from '../../../src/ui/diagram/HistoryList';
import { atom, frame, input, obj, ref } from './fixtures';

const drawn = input(
  [
    frame('0', '<module>', [ref('call', 13)]),
    frame('4', 'first', [ref('payload', 32)], 'payload=#32'),
  ],
  [
    obj(13, 'dict', [atom("'id'", "'run_1'"), ref("'log'", 40)]),
    obj(32, 'dict', [ref("'call'", 33)]),
    obj(33, 'dict', [atom("'id'", "'run_999'")]),
    obj(
      40,
      'list',
      Array.from({ length: 12 }, (_, i) => atom(String(i), String(i))),
    ),
  ],
  [33],
);
const layout = layoutDiagram(drawn);

/** The diagram's markup: `layout` in `lang`, with history, and `props` over those. */
const render = (lang: Lang, props: Partial<HeapDiagramProps> = {}) =>
  renderToStaticMarkup(
    createElement(HeapDiagram, {
      layout,
      lang,
      onExpand: () => {},
      onOpenGlobals: () => {},
      onHistory: () => {},
      ...props,
    }),
  );
const html = (lang: Lang, withHistory = true) =>
  render(lang, withHistory ? {} : { onHistory: undefined });
/** A locate request for `objectId` (where it was asked does not matter to the markup). */
const locate = (objectId: number) => ({ objectId, scenario: 's', position: 3 });

describe('the diagram markup', () => {
  it('keeps the DOM contract: frames, objects, edges with their ids', () => {
    const h = html('en');
    expect(h).toContain('data-testid="heap"');
    expect(h.match(/data-testid="heap-frame"/g)).toHaveLength(2);
    expect(h).toContain('data-function="first"');
    expect(h.match(/data-testid="heap-object"/g)).toHaveLength(4);
    // A cut list says how much is left, and the text alternative has a button to show it.
    expect(h).toMatch(/data-testid="heap-more" data-action="expand:40">… 4 more</);
    expect(h).toContain('data-action="expand:40">Show every item of object #40</button>');
    expect(h).toMatch(/data-testid="heap-object" data-object-id="33"[^>]*data-changed="true"/);
    expect(h).toContain('data-testid="heap-edge" data-from="frame:4:payload" data-to="32"');
    expect(h).toContain('data-testid="heap-edge" data-from="object:32:0" data-to="33"');
    // The picture is hidden from assistive technology; the text alternative is not.
    expect(h).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it('says in words which name refers to which object, in English and Chinese', () => {
    const en = html('en');
    expect(en).toContain('Frame first(payload=#32)');
    expect(en).toContain('payload refers to object #32');
    expect(en).toContain('Object #33 (dict), 1 item, changed by the last step');
    expect(en).toContain('&#x27;id&#x27; = &#x27;run_999&#x27;');
    expect(en).toContain('>Where payload came from</button>');
    const zh = html('zh');
    expect(zh).toContain('payload 指向对象 #32');
    expect(zh).toContain('上一步改动了它');
    expect(zh).toContain('全局变量');
  });

  it("draws a frame's return value as a row of its own: no history button, its own words", () => {
    const returned = (lang: Lang) => {
      const label = resultVerb(lang, 'return');
      const layout = layoutDiagram(
        input(
          [
            frame('0', '<module>', []),
            frame('4', 'run_hooks', [ref('warnings', 40), { ...ref(label, 41), result: 'return' }]),
          ],
          [obj(40, 'list', []), obj(41, 'dict', [ref("'warnings'", 40)])],
        ),
      );
      return render(lang, { layout });
    };
    const en = returned('en');
    expect(en).toMatch(/data-testid="heap-result" data-kind="return" data-to="41"/);
    expect(en).toContain('data-from="frame:4:(result)" data-to="41"');
    expect(en).toContain('returns object #41');
    // a name's history is there to open; the return value's is not
    expect(en).toContain('>Where warnings came from</button>');
    expect(en).not.toContain('Where returns came from');
    expect(en).toMatch(/<text[^>]*>returns<\/text>/);
    expect(en.match(/data-testid="heap-var"/g)).toHaveLength(1);
    expect(returned('zh')).toContain('返回对象 #41');
    // A value handed back as text (no object to point at) is written inline, with its verb.
    const raised = render('en', {
      layout: layoutDiagram(
        input(
          [frame('4', 'boom', [{ ...atom('raised', 'ValueError()'), result: 'exception' }])],
          [],
        ),
      ),
    });
    expect(raised).toContain('raises ValueError()');
    expect(raised).not.toContain('raises object');
  });

  it('says in an empty box that it is empty, so it does not read as a box not drawn yet', () => {
    const empty = layoutDiagram(
      input(
        [frame('0', '<module>', [ref('d', 5), ref('t', 6), ref('a', 7), ref('full', 8)])],
        [
          obj(5, 'dict', []),
          obj(6, 'tuple', []),
          obj(7, 'instance', []),
          obj(8, 'list', [atom('0', '1')]),
        ],
      ),
    );
    const box = (lang: Lang, id: number) => {
      const h = renderToStaticMarkup(
        createElement(HeapDiagram, {
          layout: empty,
          lang,
          onExpand: () => {},
          onOpenGlobals: () => {},
        }),
      );
      const start = h.indexOf(`data-object-id="${id}"`);
      return h.slice(start, h.indexOf('</g>', start));
    };
    expect(box('en', 5)).toContain('>empty</text>');
    expect(box('en', 6)).toContain('>empty</text>');
    expect(box('en', 7)).toContain('>no attributes</text>');
    expect(box('zh', 5)).toContain('>空</text>');
    expect(box('zh', 7)).toContain('>没有属性</text>');
    expect(box('en', 8)).not.toContain('empty');
  });

  it('has a key saying what a shaded box and an arrow mean, for the eyes only', () => {
    const key = (lang: Lang) => {
      const m = html(lang).match(/<p class="heap-key" aria-hidden="true"[^>]*>(.*?)<\/p>/);
      return m
        ? m[1]
            .replace(/<[^>]*>/g, '|')
            .split('|')
            .filter(Boolean)
        : null;
    };
    expect(key('en')).toEqual([
      'an object the last step changed',
      'the object a name or slot refers to',
    ]);
    expect(key('zh')).toEqual(['上一步改动过的对象', '名字或槽位指向的对象']);
    // Its shaded mark is drawn as a changed box is: the text alternative says it per object.
    expect(html('en')).toContain('class="heap-key-changed"');
    expect(html('en')).toContain('changed by the last step');
  });

  it('marks the object the reader asked to see, and says so, or says that it is not drawn', () => {
    const asked = (objectId: number, lang: Lang = 'en') =>
      render(lang, { located: locate(objectId) });
    const shown = asked(32);
    expect(shown.match(/data-located="true"/g)).toHaveLength(1);
    // The arrows into it say who holds it.
    expect(shown).toContain(
      'data-from="frame:4:payload" data-to="32" class="heap-edge is-into-located"',
    );
    expect(shown).toMatch(/data-object-id="32"[^>]*data-located="true"[^>]*is-located/);
    expect(shown).toContain('role="status" data-testid="heap-located">Object #32 is marked');
    expect(asked(32, 'zh')).toContain('引用图中标出了对象 #32');
    // An object outside the picture (inside the cut part of a list, say) is not marked.
    const hidden = asked(77);
    expect(hidden).not.toContain('data-located');
    expect(hidden).toContain('Object #77 is not drawn at this step');
    expect(html('en')).toMatch(/data-testid="heap-located"><\/p>/);
  });

  it('fades the arrows the selected frame cannot reach, and the key says what a faded one is', () => {
    const selected = layoutDiagram({ ...drawn, selectedFrame: '4' });
    const h = render('zh', { layout: selected });
    expect(h).toMatch(/data-from="frame:0:call" data-to="13" class="heap-edge is-faded"/);
    expect(h).toMatch(/data-from="frame:4:payload" data-to="32" class="heap-edge"/);
    expect(h).toMatch(/data-from="object:32:0" data-to="33" class="heap-edge"/);
    // Its dot on the row it leaves fades with it (both ends are the arrow's markers).
    const ends = (from: string) =>
      new RegExp(`data-from="${from}"[^>]*marker-start="url\\(#[^)]*-dot(-faded)?\\)"`).exec(
        h,
      )?.[1];
    expect(ends('frame:0:call')).toBe('-faded');
    expect(ends('frame:4:payload')).toBeUndefined();
    expect(h).toMatch(/data-from="frame:4:payload"[^>]*marker-start="url\(#[^)]*-dot\)"/);
    // no dot of its own on a row: the picture's dots are its arrows' (the key has one)
    expect(h.slice(h.indexOf('</defs>'), h.indexOf('</svg>'))).not.toContain('heap-dot');
    expect(h).toContain('淡色箭头：从选中的帧顺着图中的箭头走不到');
    // the key's faded arrow is pale from its dot to its head, as the picture's are
    const key = h.slice(h.indexOf('data-testid="heap-key-faded"'));
    expect(key.slice(0, key.indexOf('</svg>'))).toMatch(
      /class="heap-dot is-faded"[\s\S]*class="heap-edge is-faded"[\s\S]*class="heap-arrowhead is-faded"/,
    );
    // An arrow into an object the reader asked to see is never faded.
    const locatedThere = render('zh', { layout: selected, located: locate(13) });
    expect(locatedThere).toMatch(
      /data-from="frame:0:call" data-to="13" class="heap-edge is-into-located"/,
    );
    // Nothing selected, nothing faded, and the key leaves the faded arrow out.
    expect(html('en')).not.toContain('heap-edge is-faded');
    expect(html('en')).not.toContain('heap-key-faded');
  });

  it('offers history only when the panel can show it', () => {
    expect(html('en', false)).not.toContain('came from');
    expect(html('en', false)).not.toContain('data-action="name:');
  });
});

describe('the diagram markup, kept small', () => {
  it('draws the lines of a box as one path, and a tooltip only where a text was cut', () => {
    const long = `'${'x'.repeat(120)}'`;
    const small = layoutDiagram(
      input(
        [frame('0', '<module>', [atom('short', '1'), atom('note', long), ref('d', 7)])],
        [obj(7, 'dict', [atom("'k'", '2'), atom("'j'", '3')])],
      ),
    );
    const h = renderToStaticMarkup(
      createElement(HeapDiagram, {
        layout: small,
        lang: 'en',
        onExpand: () => {},
        onOpenGlobals: () => {},
      }),
    );
    // one path per box (the frame and the dict), no line per row
    expect(h.match(/class="heap-sep"/g)).toHaveLength(2);
    expect(h).not.toContain('<line');
    // the cut value keeps its whole text as a tooltip; what is shown whole gets none
    expect(h).toContain(`<title>${long.replace(/'/g, '&#x27;')}</title>`);
    expect(h).not.toContain('<title>1</title>');
    expect(h).not.toContain('<title>short</title>');
    expect(h).not.toContain("<title>'k'</title>".replace(/'/g, '&#x27;'));
  });

  it('a history that could not follow every object inside says so', () => {
    const list = (partial: boolean) =>
      renderToStaticMarkup(
        createElement(HistoryList, {
          name: 'big',
          request: {},
          entries: [],
          partial,
          position: 0,
          last: null,
          fn: 'grow',
          lang: 'en',
          shortcut: 'L',
          shortcutLabel: 'L',
          onJump: () => {},
          onClose: () => {},
        }),
      );
    expect(list(true)).toContain('changes deeper in may be missing');
    expect(list(false)).not.toContain('history-partial');
    // named after its panel's function, as two panels may each list a name `big`
    expect(list(false)).toMatch(/<section [^>]*aria-label="[^"]*big[^"]* · grow"/);
  });
});
