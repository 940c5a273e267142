/**
 * A lesson's bad input never leaves the app blank (issue 5): whatever an author (or a
 * corrupted draft) puts in a lesson's files, the loader answers with either a usable
 * lesson or a list of errors that name a file, and never throws. The app renders the
 * first as the lesson and the second as an error card (checked in the browser by
 * tests/browser/reliability-network.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../src/lessons/lesson';
import { loadLesson, loadLessonsFromFiles } from '../../../src/lessons/loader';
import { renderMessage } from '../../../src/lessons/messageText';
import { buildRunFiles } from '../../../src/lessons/runFiles';
import { lessonFiles } from '../lessons/helpers';

const ID = 's04-hooks';
const shipped = await lessonFiles(ID);
const paths = Object.keys(shipped).sort();

/** One way to damage a lesson's files. */
type Damage =
  | { kind: 'delete'; path: string }
  | { kind: 'truncate'; path: string; at: number }
  | { kind: 'insert'; path: string; at: number; text: string }
  | { kind: 'replace'; path: string; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'add'; path: string; text: string };

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    '\uFEFF',
    '\uD800',
    '{',
    '}',
    '"',
    ',',
    '<!-- panel: nope -->',
    '<!-- panel: run_hooks -->',
    '<script>alert(1)</script>',
    '\n'.repeat(1000),
    'x'.repeat(100_000),
    '[]',
    'null',
    '__proto__',
    '{"__proto__": {"polluted": true}}',
  ),
);

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...paths) }),
  fc.record({
    kind: fc.constant('truncate' as const),
    path: fc.constantFrom(...paths),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    path: fc.constantFrom(...paths),
    at: fc.nat(),
    text: nasty,
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    path: fc.constantFrom(...paths),
    text: nasty,
  }),
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue() }),
  fc.record({
    kind: fc.constant('add' as const),
    path: fc.constantFrom(
      'scenarios/extra.py',
      'src/s04/core/extra.py',
      'prose.fr.md',
      'golden/x.json',
      '../escape.py',
      'constructor',
    ),
    text: nasty,
  }),
);

function damage(files: Record<string, string>, d: Damage): Record<string, string> {
  const out = { ...files };
  switch (d.kind) {
    case 'delete':
      delete out[d.path];
      break;
    case 'truncate':
      if (out[d.path] !== undefined)
        out[d.path] = out[d.path].slice(0, d.at % (out[d.path].length + 1));
      break;
    case 'insert':
      if (out[d.path] !== undefined) {
        const at = d.at % (out[d.path].length + 1);
        out[d.path] = out[d.path].slice(0, at) + d.text + out[d.path].slice(at);
      }
      break;
    case 'replace':
      out[d.path] = d.text;
      break;
    case 'json':
      out['lesson.json'] = JSON.stringify(d.value);
      break;
    case 'add':
      out[d.path] = d.text;
      break;
  }
  return out;
}

/** What the app needs from a load: a lesson it can build every run of, or errors it can show. */
function expectUsable(result: LoadResult): void {
  if (result.ok) {
    const lesson = result.lesson;
    expect(lesson.panels.length).toBeGreaterThan(0);
    for (const panel of lesson.panels) {
      expect(panel.scenarios.length).toBeGreaterThan(0);
      for (const s of panel.scenarios) {
        const files = buildRunFiles(lesson, panel.id, s.id);
        expect(files.length).toBeGreaterThan(0);
        expect(files.at(-1)?.role).toBe('entry');
      }
    }
    for (const lang of ['zh', 'en'] as const) expect(Array.isArray(lesson.prose[lang])).toBe(true);
  } else {
    expect(result.errors.length).toBeGreaterThan(0);
    for (const e of result.errors) {
      // Every error is said in both languages, the Chinese one in Chinese.
      expect(renderMessage(e.message, 'en').length).toBeGreaterThan(0);
      expect(renderMessage(e.message, 'zh')).toMatch(/\p{Script=Han}/u);
      expect(e.file).toMatch(/^lessons\//);
    }
  }
}

describe('a damaged lesson', () => {
  it('loads or reports errors with a file, never throws', () => {
    fc.assert(
      fc.property(fc.array(damageArb, { minLength: 1, maxLength: 4 }), (damages) => {
        const files = damages.reduce(damage, shipped);
        let result: LoadResult | undefined;
        expect(() => {
          result = loadLesson(ID, files);
        }).not.toThrow();
        expectUsable(result as LoadResult);
      }),
      { numRuns: 400 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never stops the other lessons from loading', () => {
    fc.assert(
      fc.property(fc.array(damageArb, { minLength: 1, maxLength: 3 }), (damages) => {
        const broken = damages.reduce(damage, shipped);
        const all: Record<string, string> = {};
        for (const [p, t] of Object.entries(broken)) all[`lessons/${ID}/${p}`] = t;
        for (const [p, t] of Object.entries(shipped))
          all[`lessons/healthy/${p}`] = t.replaceAll('"s04-hooks"', '"healthy"');
        const result = loadLessonsFromFiles(all);
        expect(result.lessons.map((l) => l.id)).toContain('healthy');
        expect(result.lessons.length + result.broken.length).toBe(2);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps script-like prose as text for the sanitiser (the loader never evaluates it)', () => {
    const xss = '<img src=x onerror="globalThis.pwned = 1"><script>globalThis.pwned = 2</script>';
    const result = loadLesson(ID, {
      ...shipped,
      'prose.en.md': `${shipped['prose.en.md']}\n\n${xss}\n`,
    });
    expect(result.ok).toBe(true);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });
});
