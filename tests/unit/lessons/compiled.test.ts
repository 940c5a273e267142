/**
 * The lessons as the build ships them (scripts/lib/vite-lessons.ts): each lesson's JSON is
 * exactly what the loader makes of its files, its prose already HTML, and the index names
 * every lesson with a URL that changes when, and only when, the lesson does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashOf } from '../../../scripts/lib/hash.ts';
import { compileAll, compileLog, moduleSource } from '../../../scripts/lib/vite-lessons.ts';
import { loadAllLessons } from '../../../src/lessons/fs.ts';
import type { LessonSummary } from '../../../src/lessons/lesson.ts';
import { LESSONS_DIR } from './helpers.ts';

/** Evaluate a generated `virtual:lessons` module's two exports. */
function indexOf(source: string): { lessonIndex: LessonSummary[]; brokenLessons: unknown[] } {
  const body = source.replace(/export const (\w+) =/g, 'out.$1 =');
  const out: Record<string, unknown> = {};
  new Function('out', body)(out);
  return out as { lessonIndex: LessonSummary[]; brokenLessons: unknown[] };
}

describe('compiled lessons', () => {
  let copy: string | null = null;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = null;
  });

  it('ship each lesson as the loader loads it, prose rendered, nothing else', async () => {
    const compiled = await compileAll(LESSONS_DIR);
    const direct = await loadAllLessons(LESSONS_DIR);
    expect(compiled.result.broken).toEqual([]);
    expect([...compiled.json.keys()]).toEqual(direct.lessons.map((l) => l.id));
    for (const lesson of direct.lessons) {
      expect(JSON.parse(compiled.json.get(lesson.id) ?? 'null')).toEqual(lesson);
      for (const seg of lesson.prose.en) {
        // prose arrives as HTML: no Markdown left for the page to render
        if (seg.kind === 'html') expect(seg.html).not.toMatch(/^#{1,6} /m);
      }
    }
  });

  it('list every lesson with its panels, and a URL that follows its content', async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'wpt-lessons-'));
    cpSync(LESSONS_DIR, copy, { recursive: true });
    const urls = (source: string) =>
      Object.fromEntries(indexOf(source).lessonIndex.map((e) => [e.id, e.url]));
    const urlOf = (id: string, json: string) => `/x/${id}.${hashOf(json)}.json`;
    const before = await compileAll(copy);
    const index = indexOf(moduleSource(before, urlOf)).lessonIndex;
    expect(index.map((e) => e.id)).toEqual(before.result.lessons.map((l) => l.id));
    const hooks = index.find((e) => e.id === 's04-hooks');
    expect(hooks?.panels.map((p) => p.function)).toContain('run_hooks');
    expect(hooks?.title.zh).toBe(before.result.lessons.find((l) => l.id === 's04-hooks')?.title.zh);

    // an edit of one lesson's prose changes that lesson's URL only
    const prose = path.join(copy, 's04-hooks', 'prose.en.md');
    writeFileSync(prose, `${readFileSync(prose, 'utf8')}\n\nOne more paragraph.\n`);
    const after = await compileAll(copy);
    const a = urls(moduleSource(before, urlOf));
    const b = urls(moduleSource(after, urlOf));
    expect(b['s04-hooks']).not.toBe(a['s04-hooks']);
    expect(b['hook-registry']).toBe(a['hook-registry']);
  });

  it('list a lesson that does not load as broken, with its errors, and ship the others', async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'wpt-lessons-'));
    cpSync(LESSONS_DIR, copy, { recursive: true });
    writeFileSync(path.join(copy, 'hook-registry', 'lesson.json'), '{ "id": ');
    const compiled = await compileAll(copy);
    const { lessonIndex, brokenLessons } = indexOf(moduleSource(compiled, (id) => `/${id}.json`));
    expect(lessonIndex.map((e) => e.id)).toEqual(['s04-hooks']);
    expect(brokenLessons).toMatchObject([
      { id: 'hook-registry', errors: [{ file: 'lessons/hook-registry/lesson.json' }] },
    ]);
  });

  it('log each broken lesson with its errors as lessons:check words them, and what it means', async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'wpt-lessons-'));
    cpSync(LESSONS_DIR, copy, { recursive: true });
    const manifest = path.join(copy, 'hook-registry', 'lesson.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"order": 2', '"order": "two"'));
    const compiled = await compileAll(copy);
    const [broken] = compiled.result.broken;
    expect(broken.id).toBe('hook-registry');
    const cwd = path.dirname(copy); // paths print relative to it, as lessons:check prints them
    const dir = `${path.basename(copy)}/hook-registry`;
    const log = compileLog(compiled, copy, cwd);
    expect(log.info).toEqual(['compiled lessons: 1 shipped, 1 broken']);
    expect(log.warn[0]).toBe(
      'lesson hook-registry does not load; the deployed page will show students these errors in its place:',
    );
    // each error as file:line: field: message, the lesson's folder as seen from cwd
    const errors = log.warn.slice(1, -1);
    expect(errors).toHaveLength(broken.errors.length);
    expect(errors[0]).toMatch(new RegExp(`^  ${dir}/lesson\\.json:\\d+(:\\d+)?: order: `));
    expect(log.warn.at(-1)).toMatch(/the build goes on; `npm run lessons:check` gives the details/);
    // nothing said about traces recording live: a broken lesson never loads
    expect(log.warn.join('\n')).not.toMatch(/record live/);
    // a clean compile logs the counts only
    expect(compileLog(await compileAll(LESSONS_DIR), LESSONS_DIR, cwd).warn).toEqual([]);
  });
});
