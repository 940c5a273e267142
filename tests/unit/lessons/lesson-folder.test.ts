/**
 * Reading a lesson folder from disk: lesson input is untrusted, so a symbolic link is not
 * followed (it could bring any file of the machine into the lesson and its build); it is
 * reported at its path, in both languages.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLessonFolderChecked } from '../../../src/lessons/fs.ts';
import { renderMessage } from '../../../src/lessons/messageText.ts';

describe('a lesson folder with a symbolic link', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('does not read what the link points at, and names the link', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'wpt-folder-'));
    const lesson = path.join(root, 'demo');
    mkdirSync(path.join(lesson, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'secret.txt'), 'not for the lesson\n');
    writeFileSync(path.join(lesson, 'lesson.json'), '{}\n');
    symlinkSync(path.join(root, 'secret.txt'), path.join(lesson, 'setup.py'));
    symlinkSync(root, path.join(lesson, 'src', 'outside'));
    const { files, errors } = await readLessonFolderChecked(lesson, 'demo');
    expect(Object.keys(files)).toEqual(['lesson.json']);
    expect(Object.values(files).join()).not.toContain('not for the lesson');
    expect(errors.map((e) => e.file)).toEqual([
      'lessons/demo/setup.py',
      'lessons/demo/src/outside',
    ]);
    expect(renderMessage(errors[0].message, 'en')).toMatch(
      /^is a symbolic link: lesson files must be plain files/,
    );
    expect(renderMessage(errors[0].message, 'zh')).toMatch(/^这是一个符号链接/);
  });
});
