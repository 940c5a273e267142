/**
 * The globals folded (src/diagram/fold.ts): only those the code on screen names or that
 * share an object with the calls stay, the rest are counted, and the layout and the
 * picture give them a "… N more" row that opens them.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { foldGlobals, namesIn, scopeOf } from '../../../src/diagram/fold';
import { layoutDiagram } from '../../../src/diagram/layout';
import { NARROW } from '../../../src/diagram/layoutOptions';
import { HeapDiagram } from '../../../src/ui/diagram/HeapDiagram';
import { atom, frame, input, obj, ref } from './fixtures';

// setup: SCENARIO = 'pass'; tools = {...}; call = {'input': args}; helper = <function>
// paused in run(payload) called as run(call): payload and call are one dict; args is
// reached from both through it; tools and helper belong to the setup alone.
const module = frame('0', '<module>', [
  atom('SCENARIO', "'pass'"),
  ref('tools', 10),
  ref('call', 11),
  ref('args', 12),
  ref('helper', 13),
]);
const run = frame('5', 'run', [ref('payload', 11)], "payload={'input': {…}}");
const objects = [
  obj(10, 'dict', [atom("'ls'", '1')]),
  obj(11, 'dict', [ref("'input'", 12)]),
  obj(12, 'dict', [atom("'path'", "'/tmp'")]),
  { ...obj(13, 'function', []), summary: '<function helper>' },
];

describe('globals folded while a call is on the stack', () => {
  it('keeps the globals that share an object with a call, directly or inside one', () => {
    const folded = foldGlobals(input([module, run], objects), new Set());
    expect(folded.frames[0].names.map((n) => n.label)).toEqual(['call', 'args']);
    expect(folded.frames[0].hidden).toBe(3);
    // the call's frame is untouched
    expect(folded.frames[1]).toEqual(run);
  });

  it('finds names that are not ASCII in the code on screen, as Python reads them', () => {
    const named = namesIn('def 打招呼(人):\n    记录["问候"].append(人)  # x1 _y');
    for (const name of ['打招呼', '人', '记录', '问候', 'append', 'x1', '_y'])
      expect(named.has(name)).toBe(true);
    expect(named.has('1')).toBe(false);
  });

  it('also keeps the globals the code on screen names, shared or not', () => {
    const named = namesIn('def run(payload):\n    return tools[payload["name"]]  # SCENARIO aside');
    expect(named.has('tools')).toBe(true);
    const folded = foldGlobals(input([module, run], objects), new Set(), named);
    expect(folded.frames[0].names.map((n) => n.label)).toEqual([
      'SCENARIO',
      'tools',
      'call',
      'args',
    ]);
    expect(folded.frames[0].hidden).toBe(1);
  });

  it('folds nothing at module level, when the globals are selected, or once opened', () => {
    const alone = input([module], objects);
    expect(foldGlobals(alone, new Set())).toBe(alone);
    const selected = { ...input([module, run], objects), selectedFrame: '0' };
    expect(foldGlobals(selected, new Set())).toBe(selected);
    const both = input([module, run], objects);
    expect(foldGlobals(both, new Set(['0']))).toBe(both);
  });

  it('draws the kept names, a "… N more" row under them, and only the boxes they reach', () => {
    const l = layoutDiagram(foldGlobals(input([module, run], objects), new Set()), NARROW);
    const globals = l.frames[0];
    expect(globals.rows.map((r) => r.label)).toEqual(['call', 'args']);
    expect(globals.hidden).toBe(3);
    // heading, two names and the "more" row: the height of three rows
    const three = frame('0', '<module>', [atom('a', '1'), atom('b', '2'), atom('c', '3')]);
    expect(globals.h).toBe(layoutDiagram(input([three], []), NARROW).frames[0].h);
    expect(l.objects.map((o) => o.id).sort()).toEqual([11, 12]);
    expect(l.frames[1].y).toBeGreaterThanOrEqual(globals.y + globals.h);

    const html = renderToStaticMarkup(
      createElement(HeapDiagram, {
        layout: l,
        lang: 'en',
        onExpand: () => {},
        onOpenGlobals: () => {},
      }),
    );
    expect(html).toContain('data-action="globals:0"');
    expect(html).toContain('… 3 more');
    expect(html).toContain('Show every global');
  });
});

describe('the code the globals are folded by', () => {
  // file lines 10..24 of a setup file
  const file = [
    'SCENARIO = "pass"', // 10
    'visited = []', // 11
    '', // 12
    'def first(', // 13
    '    payload,', // 14
    '):', // 15
    '    visited.append(payload)', // 16
    '    if SCENARIO == "block":', // 17
    '        # a comment at any depth', // 18
    '',
    '        return "no"', // 20
    '    return None', // 21
    '', // 22
    'def second(payload):', // 23
    '    return tools[payload]', // 24
  ].join('\n');

  it('is the function around the line, from its def to the end of its body', () => {
    for (const line of [13, 16, 20, 21]) {
      const scope = scopeOf(file, 10, line);
      expect(scope.split('\n')[0]).toBe('def first(');
      expect(scope).toContain('return None');
      expect(scope).not.toContain('second');
      expect(namesIn(scope).has('SCENARIO')).toBe(true);
      expect(namesIn(scope).has('tools')).toBe(false);
    }
    expect(scopeOf(file, 10, 24)).toBe('def second(payload):\n    return tools[payload]');
  });

  it('is the innermost function when one is defined inside another', () => {
    const nested = 'def outer():\n    x = 1\n    def inner():\n        return x\n    return inner';
    expect(scopeOf(nested, 1, 4)).toBe('    def inner():\n        return x');
    expect(scopeOf(nested, 1, 5)).toBe(nested);
  });

  it('is the whole text at module level or for a line outside it', () => {
    expect(scopeOf(file, 10, 11)).toBe(file);
    expect(scopeOf(file, 10, 3)).toBe(file);
    expect(scopeOf(file, 10, 99)).toBe(file);
  });
});
