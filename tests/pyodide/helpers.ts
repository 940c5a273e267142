import path from 'node:path';
import { readLessonFolder } from '../../src/lessons/fs';
import type { Lesson, RunFile } from '../../src/lessons/lesson';
import { loadLesson } from '../../src/lessons/loader';
import { formatLessonError } from '../../src/lessons/messageText';
import { buildRunFiles } from '../../src/lessons/runFiles';
import type { NodeRecorder } from '../../src/runtime/node-recorder';
import type { Trace } from '../../src/trace/trace';

/** Load a real lesson from `lessons/<id>` or fail the test with its errors. */
export async function lesson(id: string): Promise<Lesson> {
  const files = await readLessonFolder(path.resolve('lessons', id));
  const result = loadLesson(id, files);
  if (!result.ok) throw new Error(result.errors.map((e) => formatLessonError(e)).join('\n'));
  return result.lesson;
}

/** Record one panel × scenario of a lesson. */
export function recordScenario(
  rec: NodeRecorder,
  l: Lesson,
  panel: string,
  scenario: string,
): Trace {
  return rec.record({ files: buildRunFiles(l, panel, scenario), scenario, budget: l.budget });
}

/** The 1-based line of the first line in `code` containing `text`. */
export function lineOf(code: string, text: string): number {
  const i = code.split('\n').findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`no line contains ${JSON.stringify(text)}`);
  return i + 1;
}

/** A one-file run of an entry script (plus optional extra files first). */
export function script(code: string, extra: RunFile[] = []): RunFile[] {
  return [...extra, { path: 'main.py', code, role: 'entry' }];
}
