import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.ts';
import type { Lesson } from '../../../src/lessons/lesson.ts';
import { loadLessonsFromFiles } from '../../../src/lessons/loader.ts';
import { formatLessonError } from '../../../src/lessons/messageText.ts';
import { buildRunFiles } from '../../../src/lessons/runFiles.ts';
import { LANGS } from '../../../src/lessons/schema.ts';
import { allLessonFiles } from './helpers.ts';

async function loadReal() {
  const result = loadLessonsFromFiles(await allLessonFiles());
  return result;
}

/** A lesson's article as written (Markdown, markers included). */
function articleOf(id: string, lang: string): string {
  return readFileSync(path.resolve('lessons', id, `prose.${lang}.md`), 'utf8');
}

function lineText(lesson: Lesson, sourcePath: string, line: number): string {
  const source = lesson.sources.find((s) => s.path === sourcePath)!;
  return source.code.split('\n')[line - 1];
}

describe('the real lessons', () => {
  it('all load without a single error', async () => {
    const { lessons, broken } = await loadReal();
    expect(broken.flatMap((b) => b.errors.map((e) => formatLessonError(e)))).toEqual([]);
    expect(lessons.map((l) => l.id)).toEqual(['s04-hooks', 'hook-registry']);
  });

  it('are sorted by their order field', async () => {
    const { lessons } = await loadReal();
    const orders = lessons.map((l) => l.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('give every panel three step notes inside its focus function', async () => {
    const { lessons } = await loadReal();
    for (const lesson of lessons) {
      for (const panel of lesson.panels) {
        expect(panel.steps, `${lesson.id}/${panel.id}`).toHaveLength(3);
        for (const step of panel.steps) {
          expect(step.start).toBeGreaterThanOrEqual(panel.functionRange.start);
          expect(step.end).toBeGreaterThanOrEqual(step.start);
          expect(step.end).toBeLessThanOrEqual(panel.functionRange.end);
          expect(step.text.zh.length).toBeGreaterThan(0);
          expect(step.text.en.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('place every panel exactly once in each language', async () => {
    const { lessons } = await loadReal();
    for (const lesson of lessons) {
      for (const lang of LANGS) {
        const placed = lesson.prose[lang].flatMap((s) => (s.kind === 'panel' ? [s.panelId] : []));
        expect(placed.sort(), `${lesson.id} ${lang}`).toEqual(
          lesson.panels.map((p) => p.id).sort(),
        );
      }
    }
  });

  it('resolve the s04 run_hooks range to the def line and the final return', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    const panel = lesson.panels.find((p) => p.id === 'run_hooks')!;
    expect(lineText(lesson, panel.source, panel.functionRange.start)).toMatch(/^def run_hooks\(/);
    expect(lineText(lesson, panel.source, panel.functionRange.end)).toContain(
      'return {"blocked": None',
    );
    // the first note covers the line that calls each callback with its own copy
    const code = lesson.sources.find((s) => s.path === panel.source)!.code.split('\n');
    const callLine =
      code.findIndex((l) => l.includes('answer = callback(copy.deepcopy(payload))')) + 1;
    expect(callLine).toBeGreaterThan(0);
    expect(panel.steps[0].start).toBeLessThan(callLine);
    expect(panel.steps[0].end).toBeGreaterThan(callLine);
  });

  it('offer the spec scenario subsets on the s04 panels, default first', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    const offered = Object.fromEntries(
      lesson.panels.map((p) => [p.id, p.scenarios.map((s) => s.id)]),
    );
    expect(offered).toEqual({
      run_hooks: [
        'pass',
        'block',
        'pre_error',
        'post_error',
        'mutate',
        'allow_string',
        'false_return',
        'late_register',
        'interrupt',
      ],
      execute_hooked: [
        'pass',
        'block',
        'refused',
        'pre_error',
        'post_error',
        'mutate',
        'host_blocked',
        'gate_crash',
      ],
      audit_event: ['before', 'after', 'rejected'],
      host_executor: [
        'wired_allow',
        'wired_maintenance',
        'wired_audit_failure',
        'wired_audit_last',
      ],
    });
  });

  it('build run files in contract order: sources, setup, scenario script, entry', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    const files = buildRunFiles(lesson, 'audit_event', 'rejected');
    expect(files.map((f) => [f.role, f.path, f.module])).toEqual([
      ['source', 's04/core/gate.py', 'gate'],
      ['source', 's04/core/runtime.py', 'runtime'],
      ['setup', 'setup.py', undefined],
      ['scenario', 'scenarios/rejected.py', undefined],
      ['entry', 'entries/audit_event.py', undefined],
    ]);
    expect(files[4].code).toContain('audit_event(event, payload, entries)');
  });

  it('leave the scenario script out of the run files when the scenario has none', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    expect(buildRunFiles(lesson, 'run_hooks', 'block').map((f) => f.role)).toEqual([
      'source',
      'source',
      'setup',
      'entry',
    ]);
  });

  it('refuse to build run files for a scenario the panel does not offer', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    expect(() => buildRunFiles(lesson, 'run_hooks', 'refused')).toThrow(
      /does not offer scenario "refused"/,
    );
    expect(() => buildRunFiles(lesson, 'nope', 'pass')).toThrow(/no panel "nope"/);
  });

  it('name every scenario in the prose by the label the picker shows, in both languages', async () => {
    const { lessons } = await loadReal();
    const missing: string[] = [];
    for (const lesson of lessons) {
      const offered = new Map(lesson.panels.flatMap((p) => p.scenarios.map((s) => [s.id, s])));
      for (const lang of LANGS) {
        // a label written out, or a [[id]] in a panel's things to try (shown as the label)
        const text = articleOf(lesson.id, lang);
        for (const s of offered.values())
          if (!text.includes(s.label[lang]) && !text.includes(`[[${s.id}]]`))
            missing.push(`${lesson.id} ${lang}: ${s.id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('quote the setup section by the title the panel gives it', async () => {
    const { lessons } = await loadReal();
    const lesson = lessons.find((l) => l.id === 's04-hooks')!;
    for (const lang of LANGS) {
      const text = articleOf(lesson.id, lang);
      expect(text, lang).toContain(t(lang, 'setupTitle'));
      // and never by another (every quoted name of it, in the prose and the template)
      const template = t(lang, 'myScenarioTemplate', { base: 'b', id: 'i' });
      const quoted = [
        ...`${text}\n${template}`.matchAll(/[“"]([^”"\n]*(?:调用入口|call entry))[”"]/g),
      ];
      expect(quoted.length, lang).toBeGreaterThan(1);
      for (const [, title] of quoted) expect(title, lang).toBe(t(lang, 'setupTitle'));
    }
  });
});
