/**
 * What the author bar says after an export, in both languages: one owner
 * (store/exportPlan.ts exportedText) for the sentences, the lists and their separators.
 */
import { describe, expect, it } from 'vitest';
import { exportedText } from '../../../src/store/exportPlan';

const clean = { deleted: [], failing: [], recorded: true };

describe('the message after an export', () => {
  it('names the changed files and what to delete, as each language lists them', () => {
    const plan = { ...clean, deleted: ['golden/old.json'] };
    expect(exportedText('en', plan, 2, ['a.py', 'lesson.json'], 0)).toBe(
      'Exported 2 files: a.py, lesson.json. Also delete: golden/old.json.',
    );
    expect(exportedText('zh', plan, 2, ['a.py', 'lesson.json'], 0)).toBe(
      '已导出 2 个文件：a.py、lesson.json。另外请删除：golden/old.json。',
    );
    expect(exportedText('en', clean, 1, ['a.py'], 0)).toBe('Exported 1 file: a.py.');
  });

  it('counts a whole-folder export without listing it, and adds every note that applies', () => {
    const plan = { deleted: ['x.json'], failing: ['p/a', 'p/b'], recorded: false };
    const en = exportedText('en', plan, 12, null, 1);
    expect(en).toMatch(/^Exported 12 files\. Note: p\/a, p\/b does not end as its scenario says/);
    expect(en).toContain(' Note: the draft does not load now (1 problem, listed above)');
    expect(en).toMatch(/ No version of this lesson loads, so nothing could be recorded/);
    // a whole folder holds no deleted files: nothing to delete is said
    expect(en).not.toContain('Also delete');
    const zh = exportedText('zh', plan, 12, null, 2);
    expect(zh).toMatch(/^已导出 12 个文件。注意：p\/a、p\/b 没有按场景说的方式结束/);
    expect(zh).not.toMatch(/。 /);
  });
});
