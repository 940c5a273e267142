import { describe, expect, it } from 'vitest';
import {
  nextOrder,
  STARTER_TEXT,
  starterLeftovers,
  starterLessonFiles,
  TEMPLATE,
} from '../../../scripts/lib/template.ts';
import { loadLesson } from '../../../src/lessons/loader.ts';
import { formatLessonError } from '../../../src/lessons/messageText.ts';
import { buildRunFiles } from '../../../src/lessons/runFiles.ts';

describe('the lesson:new starter lesson', () => {
  it('loads: schema, files, anchors and prose markers all check out', () => {
    const result = loadLesson('my-lesson', starterLessonFiles({ id: 'my-lesson', order: 3 }));
    if (!result.ok) throw new Error(result.errors.map((e) => formatLessonError(e)).join('\n'));
    const { lesson } = result;
    expect(lesson.order).toBe(3);
    expect(lesson.title).toEqual({ zh: '新课程：my-lesson', en: 'New lesson: my-lesson' });
    expect(lesson.sources.map((s) => [s.path, s.module])).toEqual([[TEMPLATE.source, 'words']]);
    expect(lesson.panels).toHaveLength(1);
    const [panel] = lesson.panels;
    expect(panel.scenarios.map((s) => s.id)).toEqual(['sentence', 'empty']);
    expect(panel.steps).toHaveLength(3);
    // steps in order, inside the function, not overlapping
    const { functionRange } = panel;
    let previousEnd = functionRange.start;
    for (const step of panel.steps) {
      expect(step.start).toBeGreaterThan(previousEnd);
      expect(step.end).toBeGreaterThanOrEqual(step.start);
      expect(step.end).toBeLessThanOrEqual(functionRange.end);
      previousEnd = step.end;
    }
    for (const lang of ['zh', 'en'] as const) {
      const placed = lesson.prose[lang].filter((s) => s.kind === 'panel');
      expect(placed.map((s) => s.panelId)).toEqual([TEMPLATE.panel]);
    }
  });

  it('shows a things-to-try block under its panel, naming both scenarios by id', () => {
    const files = starterLessonFiles({ id: 'x', order: 1 });
    const result = loadLesson('x', files);
    if (!result.ok) throw new Error(result.errors.map((e) => formatLessonError(e)).join('\n'));
    for (const lang of ['zh', 'en'] as const) {
      expect(files[`prose.${lang}.md`]).toMatch(
        new RegExp(
          `<!-- panel: ${TEMPLATE.panel} -->\\n\\n<!-- try -->\\n[^]*?\\n<!-- /try -->\\n`,
        ),
      );
      const [panel] = result.lesson.prose[lang].filter((s) => s.kind === 'panel');
      if (panel?.kind !== 'panel') throw new Error('no panel segment');
      for (const id of TEMPLATE.scenarios) expect(panel.triesHtml).toContain(`[[${id}]]`);
      // The labels come from the catalogue: the prose never copies them.
      expect(files[`prose.${lang}.md`]).not.toMatch(/One sentence|Empty text|“一句话”/);
    }
  });

  it('gives one scenario a script and lets the other use the setup alone', () => {
    const result = loadLesson('x', starterLessonFiles({ id: 'x', order: 1 }));
    if (!result.ok) throw new Error('does not load');
    const roles = (scenario: string) =>
      buildRunFiles(result.lesson, TEMPLATE.panel, scenario).map((f) => f.role);
    expect(roles('sentence')).toEqual(['source', 'setup', 'entry']);
    expect(roles('empty')).toEqual(['source', 'setup', 'scenario', 'entry']);
  });

  it('uses the given titles', () => {
    const files = starterLessonFiles({ id: 'x', order: 1, titleZh: '第五课', titleEn: 'Lesson 5' });
    expect(JSON.parse(files['lesson.json']).title).toEqual({ zh: '第五课', en: 'Lesson 5' });
    expect(files['prose.zh.md'].startsWith('# 第五课\n')).toBe(true);
    expect(files['prose.en.md'].startsWith('# Lesson 5\n')).toBe(true);
  });

  it('comes after every existing lesson', () => {
    expect(nextOrder([])).toBe(1);
    expect(nextOrder([1, 2])).toBe(3);
    expect(nextOrder([7, 'x', undefined, 2])).toBe(8);
    expect(nextOrder([2.5])).toBe(3);
  });
});

describe('placeholder texts of the starter lesson', () => {
  it('are found, each at its file and line, until the author replaces them', () => {
    const files = starterLessonFiles({ id: 'x', order: 1 });
    const found = starterLeftovers(files);
    // the summaries, the placeholder titles (in the manifest and as the articles' headings)
    // and the first paragraphs
    expect(found.map((f) => f.file).sort()).toEqual([
      'lesson.json',
      'lesson.json',
      'lesson.json',
      'lesson.json',
      'prose.en.md',
      'prose.en.md',
      'prose.zh.md',
      'prose.zh.md',
    ]);
    for (const f of found) {
      const line = files[f.file]?.split('\n')[f.line - 1] ?? '';
      expect(line.length).toBeGreaterThan(0);
      expect(
        [
          STARTER_TEXT.summary.zh,
          STARTER_TEXT.summary.en,
          STARTER_TEXT.prose.zh,
          STARTER_TEXT.prose.en,
          `${STARTER_TEXT.title.zh}x`,
          `${STARTER_TEXT.title.en}x`,
        ].some((text) => line.includes(text)),
      ).toBe(true);
    }
    // each file's in the order of its lines, as a reader goes through it
    expect(found.filter((f) => f.file === 'lesson.json').map((f) => f.line)).toEqual(
      [...found.filter((f) => f.file === 'lesson.json').map((f) => f.line)].sort((a, b) => a - b),
    );
    // titles of one's own are not placeholders
    const titled = starterLeftovers(
      starterLessonFiles({ id: 'x', order: 1, titleZh: '第五课', titleEn: 'Lesson 5' }),
    );
    expect(titled.map((f) => f.file).sort()).toEqual([
      'lesson.json',
      'lesson.json',
      'prose.en.md',
      'prose.zh.md',
    ]);
    const rewritten = { ...files };
    rewritten['prose.en.md'] = (files['prose.en.md'] ?? '')
      .replace(STARTER_TEXT.prose.en, 'My words.')
      .replace(`# ${STARTER_TEXT.title.en}x`, '# Counting words');
    expect(starterLeftovers(rewritten).map((f) => f.file)).not.toContain('prose.en.md');
  });
});
