/**
 * The values that differed before two scenarios part, as the divergence box shows them: a
 * name that only one run has bound is said to be missing on the other side, never left as
 * an empty cell (which reads like an empty value).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n';
import { DivergenceView } from '../../../src/ui/diagram/DivergenceView';
import { buildTrace, type FixtureSpec } from '../replay/fixtures.ts';

/** run(): binds `flag` (and `name`) on line 2, then goes to line `taken`. */
function run(flag: string, taken: number, name: string): FixtureSpec {
  return {
    frames: [{ fn: 'run', file: 'hooks.py' }],
    events: [
      { kind: 'call', frame: 0, line: 1 },
      { kind: 'line', frame: 0, line: 2, vars: { flag, [name]: '1' } },
      { kind: 'line', frame: 0, line: 3 },
      { kind: 'line', frame: 0, line: taken },
      { kind: 'return', frame: 0, line: taken, value: 'None' },
    ],
  };
}

const traces = { a: buildTrace(run('True', 4, 'in_a')), b: buildTrace(run('False', 6, 'in_b')) };
const scenarios = [
  { id: 'a', label: { zh: '甲', en: 'A run' } },
  { id: 'b', label: { zh: '乙', en: 'B run' } },
];

function markup(lang: Lang): string {
  return renderToStaticMarkup(
    createElement(DivergenceView, {
      panel: { scenarios, source: 'hooks.py', function: 'decide' },
      traceOf: (id: string) => traces[id as 'a' | 'b'],
      current: 'a',
      lang,
      onJump: () => {},
    }),
  );
}

function rows(lang: Lang): Record<string, string[]> {
  const html = markup(lang);
  // Each row: its name and its two cells' text (the markup has no nested rows or cells).
  const out: Record<string, string[]> = {};
  for (const [, name, cells] of html.matchAll(
    /<tr data-testid="divergence-value" data-name="([^"]*)">(.*?)<\/tr>/g,
  )) {
    out[name] = [...cells.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]*>/g, ''));
  }
  return out;
}

describe('the values that differed before two scenarios part', () => {
  it('says which side has no such name, in the reader’s language', () => {
    expect(rows('en')).toEqual({
      flag: ['True', 'False'],
      in_a: ['1', '(no such name)'],
      in_b: ['(no such name)', '1'],
    });
    expect(rows('zh').in_a).toEqual(['1', '（没有这个变量）']);
  });

  it('names its box and table after the panel’s function, and heads every column', () => {
    // Two panels on one page each have this box: the function keeps their names apart.
    const labels = [...markup('en').matchAll(/<section[^>]* aria-label="([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(labels).toEqual([
      'Where two scenarios part · decide',
      'Values that differed just before · decide',
    ]);
    for (const lang of ['zh', 'en'] as const) {
      const heads = [...markup(lang).matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) =>
        m[1].replace(/<[^>]*>/g, ''),
      );
      expect(heads).toEqual(lang === 'en' ? ['Name', 'A run', 'B run'] : ['名字', '甲', '乙']);
    }
  });
});
