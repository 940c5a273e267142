/**
 * Predictions are answered from the recorded run: every prediction of every lesson has an
 * answer the check accepts, and editing the lesson's code changes the answer without any
 * change to the question.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPredictions } from '../../scripts/lib/predictions';
import { readLessonFolder } from '../../src/lessons/fs';
import type { Lesson } from '../../src/lessons/lesson';
import { loadLesson } from '../../src/lessons/loader';
import { formatLessonError } from '../../src/lessons/messageText';
import { answerPrediction, factsFromTrace, isCorrect } from '../../src/replay/predict';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { recordScenario } from './helpers';

let rec: NodeRecorder;

beforeAll(async () => {
  rec = await createNodeRecorder();
});

async function loadWith(id: string, edit: (files: Record<string, string>) => void) {
  const files = await readLessonFolder(path.resolve('lessons', id));
  edit(files);
  const result = loadLesson(id, files);
  if (!result.ok) throw new Error(result.errors.map((e) => formatLessonError(e)).join('\n'));
  return result.lesson;
}

function answerOf(l: Lesson, id: string) {
  const p = l.predictions.find((x) => x.id === id)!;
  const panel = l.panels.find((x) => x.id === p.panel)!;
  const trace = recordScenario(rec, l, p.panel, p.scenario);
  return answerPrediction(p.ask, panel, factsFromTrace(trace));
}

describe('predictions answered from the trace', () => {
  it('every prediction of every lesson has an answer the check accepts', async () => {
    for (const id of ['s04-hooks', 'hook-registry']) {
      const l = await loadWith(id, () => {});
      expect(l.predictions.length).toBeGreaterThanOrEqual(3);
      for (const p of l.predictions) {
        const panel = l.panels.find((x) => x.id === p.panel)!;
        const trace = recordScenario(rec, l, p.panel, p.scenario);
        const { lines, problems } = checkPredictions(
          l,
          panel,
          p.scenario,
          trace,
          'x',
          () => undefined,
        );
        expect(problems, `${id}/${p.id}`).toEqual([]);
        const said = lines.find((line) => line.startsWith(`predict ${p.id}: `));
        expect(said, `${id}/${p.id}`).toBeDefined();
        // a line question names the line its anchor resolved to
        if ('line' in p.ask) expect(said).toMatch(new RegExp(` at line ${p.ask.line}$`));
      }
    }
  });

  it('a lesson edit changes the answer, and the question stays the same', async () => {
    const before = await loadWith('s04-hooks', () => {});
    const shipped = answerOf(before, 'block_callbacks');
    expect(shipped).toMatchObject({ kind: 'hits', count: 1 });

    // The instructor reverses the chain: the second hook (which lets the call through)
    // now runs first, so the callback line runs twice before the maintenance hook blocks.
    const after = await loadWith('s04-hooks', (files) => {
      const rel = 'src/s04/core/runtime.py';
      expect(files[rel]).toContain('    for callback in chain:');
      files[rel] = files[rel].replace(
        '    for callback in chain:',
        '    for callback in chain[::-1]:',
      );
    });
    expect(after.predictions).toEqual(before.predictions);
    const edited = answerOf(after, 'block_callbacks');
    expect(edited).toMatchObject({ kind: 'hits', count: 2 });
    expect(isCorrect(edited, { kind: 'hits', count: 1 })).toBe(false);
    expect(isCorrect(edited, { kind: 'hits', count: 2 })).toBe(true);
  });

  it('the check refuses a value question whose choices no longer contain the answer', async () => {
    const l = await loadWith('s04-hooks', (files) => {
      files['lesson.json'] = files['lesson.json'].replace(
        `"{'blocked': None, 'warnings': []}",`,
        `"{'blocked': False, 'warnings': []}",`,
      );
    });
    const p = l.predictions.find((x) => x.id === 'refused_before')!;
    const panel = l.panels.find((x) => x.id === p.panel)!;
    const trace = recordScenario(rec, l, p.panel, p.scenario);
    const { problems } = checkPredictions(l, panel, p.scenario, trace, 'lesson.json', () => ({
      line: 7,
      column: 3,
    }));
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'lesson.json',
        line: 7,
        // at the choices, the field the problem is about
        field: `predictions[${l.manifest.predictions!.indexOf(l.manifest.predictions!.find((d) => d.id === p.id)!)}].ask.choices`,
        message: expect.stringMatching(/no choice match(es)? the final value \{'blocked': None/),
      }),
    ]);
  });

  it('the check warns, without failing, when none of an output question’s choices is printed', async () => {
    const l = await loadWith('s04-hooks', (files) => {
      files['lesson.json'] = files['lesson.json']
        .replace(
          '"执行过的程序 / programs executed: none",',
          '"执行过的程序 / programs executed: nothing",',
        )
        .replace(
          '"调用到的钩子 / hooks reached: before: first -> after: first -> after: second",',
          '"hooks reached: first",',
        );
    });
    const p = l.predictions.find((x) => x.id === 'block_printed')!;
    const panel = l.panels.find((x) => x.id === p.panel)!;
    const trace = recordScenario(rec, l, p.panel, p.scenario);
    const { problems } = checkPredictions(l, panel, p.scenario, trace, 'lesson.json', () => ({
      line: 9,
      column: 5,
    }));
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'lesson.json',
        line: 9,
        warning: true,
        message: expect.stringMatching(
          /block_printed: under block none of the choices is printed.*this run printed: ".*programs executed: none"/,
        ),
      }),
    ]);
  });
});
