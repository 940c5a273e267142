/**
 * The shell (src/ui/shell/Shell.tsx): the first lesson's page as the build prerenders it,
 * from the app's own components. It must hold the article the app will show, in the
 * reader's language, and each panel's real source; it must not hold anything a test or a
 * link could find instead of the app's element.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllLessons } from '../../../src/lessons/fs.ts';
import type { Lesson, LessonSummary } from '../../../src/lessons/lesson.ts';
import { summaryOf } from '../../../src/lessons/summary.ts';
import { renderShell } from '../../../src/ui/shell/Shell';
import { LESSONS_DIR } from '../lessons/helpers.ts';

let lesson: Lesson;
let index: LessonSummary[];

beforeAll(async () => {
  const { lessons } = await loadAllLessons(LESSONS_DIR);
  lesson = lessons[0] as Lesson;
  index = lessons.map((l) => summaryOf(l, `/lessons/${l.id}.json`));
});

/** The text of some HTML, tags dropped and entities decoded (enough for these checks). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the shell', () => {
  it('shows the title, the lesson index and the prose in each language', () => {
    for (const lang of ['zh', 'en'] as const) {
      const html = renderShell(lesson, index, lang);
      const shown = text(html);
      for (const l of index) expect(shown).toContain(l.title[lang]);
      const firstProse = lesson.prose[lang].find((s) => s.kind === 'html');
      expect(firstProse?.kind).toBe('html');
      if (firstProse?.kind === 'html') expect(html).toContain(firstProse.html);
      expect(html).toContain(`lang="${lang === 'zh' ? 'zh-CN' : 'en'}"`);
    }
    expect(renderShell(lesson, index, 'zh')).not.toBe(renderShell(lesson, index, 'en'));
  });

  it("goes as far as the first panel, listed as the lesson's source has it", () => {
    for (const lang of ['zh', 'en'] as const) {
      const html = renderShell(lesson, index, lang);
      const shown = text(html);
      const prose = lesson.prose[lang];
      const at = prose.findIndex((s) => s.kind === 'panel');
      const placed = prose[at];
      const panel = lesson.panels.find((p) => placed?.kind === 'panel' && p.id === placed.panelId);
      const source = lesson.sources.find((s) => s.path === panel?.source);
      if (!panel || !source) throw new Error('the first panel or its source is missing');
      const lines = source.code.split('\n');
      const { start, end } = panel.functionRange;
      expect(shown).toContain(`${start}${lines[start - 1]}`);
      expect(shown).toContain(`${end}${lines[end - 1]}`);
      expect(html.match(/class="panel panel-shell"/g)).toHaveLength(1);
      // the prose before it is there, the prose after it is not
      for (const seg of prose.slice(0, at))
        if (seg.kind === 'html') expect(html).toContain(seg.html);
      for (const seg of prose.slice(at + 1))
        if (seg.kind === 'html') expect(html).not.toContain(seg.html);
    }
  });

  it("holds the shortcuts' summary but not the closed box's content", () => {
    for (const lang of ['zh', 'en'] as const) {
      const html = renderShell(lesson, index, lang);
      expect(html).toMatch(/<details class="shortcuts"><summary>[^<]+<\/summary><\/details>/);
      expect(html).not.toContain('shortcuts-body');
    }
  });

  it('has no test ids and no element ids', () => {
    const html = renderShell(lesson, index, 'en');
    expect(html).not.toMatch(/data-testid=/);
    expect(html).not.toMatch(/ id="/);
  });
});
