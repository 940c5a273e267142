import path from 'node:path';
import { expect } from 'vitest';
import { loadAllLessons, readLessonFolder } from '../../src/lessons/fs';
import type { Lesson, RunFile } from '../../src/lessons/lesson';
import { loadLesson } from '../../src/lessons/loader';
import { formatLessonError } from '../../src/lessons/messageText';
import { buildRunFiles } from '../../src/lessons/runFiles';
import type { NodeRecorder } from '../../src/runtime/node-recorder';
import type { RecordRequest } from '../../src/runtime/protocol';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { textAt } from '../../src/trace/values';

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

/** Every panel × scenario of every lesson under `lessons/`, as the request that records it
 *  and where it comes from (`lesson/panel/scenario`). */
export async function lessonRuns(): Promise<{ where: string; request: RecordRequest }[]> {
  const { lessons } = await loadAllLessons('lessons');
  return lessons.flatMap((l) =>
    l.panels.flatMap((panel) =>
      panel.scenarios.map((scenario) => ({
        where: `${l.id}/${panel.id}/${scenario.id}`,
        request: {
          files: buildRunFiles(l, panel.id, scenario.id),
          scenario: scenario.id,
          budget: l.budget,
        },
      })),
    ),
  );
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

/** Every line event about to run the line of `code` that contains `text`, in order. */
export function lineSteps(trace: Trace, code: string, text: string): number[] {
  const line = lineOf(code, text);
  return [...Array(trace.length).keys()].filter(
    (e) => trace.kind[e] === EventKind.Line && trace.line[e] === line,
  );
}

/** The text of every name of the innermost frame of `fn` on the stack at `step`. */
export function varsAt(trace: Trace, step: number, fn = '<module>'): Record<string, string> {
  const frame = trace
    .stackAt(step)
    .filter((f) => trace.frames.functionOf(f) === fn)
    .at(-1);
  if (frame === undefined) throw new Error(`no frame ${fn} at ${step}`);
  return Object.fromEntries(
    trace.variablesAt(frame, step).map((v) => [v.name, textAt(trace, v.value, step)]),
  );
}

/** Record a one-file program that must run to its end without an error. */
export function recordCompleted(rec: NodeRecorder, code: string): Trace {
  const trace = rec.record({ scenario: '', files: script(code) });
  expect(trace.meta.error).toBeNull();
  expect(trace.meta.outcome).toBe('completed');
  return trace;
}
