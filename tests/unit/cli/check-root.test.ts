/**
 * `lessons:check` on a lessons folder that is not there: a usage error in the reader's
 * language, before any Python starts (so it belongs to the unit suite).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../scripts/lib/check.ts';

describe('lessons:check on a missing lessons folder', () => {
  it('says the folder is not there, in either language, without the system error text', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'wpt-check-root-'));
    try {
      const root = path.join(base, 'nowhere');
      const print = () => {};
      const zh = await runCheck({ root, lang: 'zh', update: false, print });
      expect(zh.usageError).toBe(`没有这个课程文件夹：${root}（用 --root 指定课程所在的目录）`);
      const en = await runCheck({ root, lang: 'en', update: false, print });
      expect(en.usageError).toMatch(/^there is no lessons folder .*nowhere \(--root names/);
      expect(`${zh.usageError}${en.usageError}`).not.toMatch(/ENOENT|scandir/);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it("says so when --root is given a lesson's own folder, and names the folder to give", async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'wpt-check-root-'));
    try {
      const lesson = path.join(base, 'retry-loop');
      mkdirSync(path.join(lesson, 'src'), { recursive: true });
      writeFileSync(path.join(lesson, 'lesson.json'), '{}\n');
      const print = () => {};
      const en = await runCheck({ root: `${lesson}/`, lang: 'en', update: false, print });
      expect(en.usageError).toBe(
        `${lesson}/ is itself a lesson folder (it holds lesson.json); --root names the folder that holds the lessons, e.g. --root ${base} retry-loop`,
      );
      const zh = await runCheck({ root: lesson, lang: 'zh', update: false, print });
      expect(zh.usageError).toContain(`本身就是一个课程文件夹`);
      expect(zh.usageError).toContain(`--root ${base} retry-loop`);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('names the lessons there are and --root for a lesson asked for by a name it lacks', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'wpt-check-root-'));
    try {
      mkdirSync(path.join(base, 'loops'));
      const print = () => {};
      const en = await runCheck({
        root: base,
        lang: 'en',
        update: false,
        print,
        lessonIds: ['digits'],
      });
      expect(en.usageError).toBe(
        `no lesson folder "digits" in ${base} (it has: loops); for a lesson kept elsewhere, add --root <the folder that holds it>`,
      );
      const zh = await runCheck({
        root: base,
        lang: 'zh',
        update: false,
        print,
        lessonIds: ['digits'],
      });
      expect(zh.usageError).toContain('放在别处的课程用 --root <它所在的目录> 指定');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
