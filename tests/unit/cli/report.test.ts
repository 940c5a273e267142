import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatProblem,
  lessonDisplayDir,
  lessonPythonFiles,
  loaderProblem,
  pythonFiles,
} from '../../../scripts/lib/report.ts';
import { readLessonFolder } from '../../../src/lessons/fs.ts';
import type { Lesson } from '../../../src/lessons/lesson.ts';
import { loadLesson } from '../../../src/lessons/loader.ts';
import { msg } from '../../../src/lessons/messages.ts';

const LESSONS_DIR = fileURLToPath(new URL('../../../lessons/', import.meta.url));

async function realLesson(id: string): Promise<Lesson> {
  const result = loadLesson(id, await readLessonFolder(path.join(LESSONS_DIR, id)));
  if (!result.ok) throw new Error(`lessons/${id} does not load`);
  return result.lesson;
}

describe('problem lines', () => {
  it('read file:line:column: field: message, leaving out what is absent', () => {
    const file = 'lessons/x/lesson.json';
    expect(formatProblem({ file, line: 4, column: 3, field: 'id', message: 'bad' })).toBe(
      'lessons/x/lesson.json:4:3: id: bad',
    );
    expect(formatProblem({ file, line: 4, message: 'bad' })).toBe('lessons/x/lesson.json:4: bad');
    expect(formatProblem({ file, column: 3, message: 'bad' })).toBe('lessons/x/lesson.json: bad');
    expect(formatProblem({ file, line: null, column: null, field: 'f', message: 'bad' })).toBe(
      'lessons/x/lesson.json: f: bad',
    );
  });

  it('mark warnings after the location', () => {
    expect(formatProblem({ file: 'a', line: 1, field: 'f', message: 'm', warning: true })).toBe(
      'a:1: warning: f: m',
    );
  });
});

describe('lesson folders as printed', () => {
  it('are relative to the working directory when inside it, absolute otherwise', () => {
    expect(lessonDisplayDir('lessons', 's04-hooks', '/repo')).toBe('lessons/s04-hooks');
    expect(lessonDisplayDir('/repo/lessons', 's04-hooks', '/repo')).toBe('lessons/s04-hooks');
    expect(lessonDisplayDir('/tmp/t/lessons', 's04-hooks', '/repo')).toBe(
      '/tmp/t/lessons/s04-hooks',
    );
    expect(lessonDisplayDir('../other', 'a', '/repo/sub')).toBe('/repo/other/a');
  });

  it("replace the loader's lessons/<folder> prefix, in the file and in the message", () => {
    const error = {
      file: 'lessons/s04-hooks/lesson.json',
      line: 95,
      column: 11,
      field: 'panels[0].steps[0].start',
      message: msg('anchorNotFound', {
        text: '"x"',
        fn: 'run_hooks',
        file: 'lessons/s04-hooks/src/a.py',
        start: 1,
        end: 2,
      }),
    };
    expect(formatProblem(loaderProblem(error, 's04-hooks', '/tmp/t/s04-hooks', 'zh'))).toBe(
      '/tmp/t/s04-hooks/lesson.json:95:11: panels[0].steps[0].start: 在 run_hooks（/tmp/t/s04-hooks/src/a.py，第 1-2 行）中找不到锚点文本 "x"',
    );
    const problem = loaderProblem(error, 's04-hooks', '/tmp/t/s04-hooks');
    expect(formatProblem(problem)).toBe(
      '/tmp/t/s04-hooks/lesson.json:95:11: panels[0].steps[0].start: anchor text "x" not found in run_hooks (/tmp/t/s04-hooks/src/a.py, lines 1-2)',
    );
  });
});

describe('python file names', () => {
  it('map to the files on disk: sources under src/, the rest at their manifest path', async () => {
    const map = pythonFiles(await realLesson('s04-hooks'));
    expect(map.get('s04/core/runtime.py')).toBe('src/s04/core/runtime.py');
    expect(map.get('s04/core/gate.py')).toBe('src/s04/core/gate.py');
    expect(map.get('setup.py')).toBe('setup.py');
    expect(map.get('entries/run_hooks.py')).toBe('entries/run_hooks.py');
    expect(map.get('scenarios/after.py')).toBe('scenarios/after.py');
  });

  it('list every Python file of a lesson once', async () => {
    const lesson = await realLesson('hook-registry');
    const files = lessonPythonFiles(lesson).map((f) => f.rel);
    expect(new Set(files).size).toBe(files.length);
    // three panels share one entry
    expect(files.filter((f) => f === 'entries/session.py')).toHaveLength(1);
    expect(files).toContain('src/agent/hooks.py');
  });
});
