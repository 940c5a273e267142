/**
 * Expected endings (issue 11.3): the lesson format's `ending`, and the one verdict the
 * lesson checker and the panel share.
 */
import { describe, expect, it } from 'vitest';
import { endingText } from '../../../scripts/lib/verdict';
import { judgeEnding } from '../../../src/runtime/ending';
import type { TraceMeta } from '../../../src/trace/meta';
import { editManifest, errorsOf, lessonFiles, load } from '../lessons/helpers';

type Ended = Pick<TraceMeta, 'outcome' | 'error'>;
const completed: Ended = { outcome: 'completed', error: null };
const stopped = (reason: string): Ended => ({
  outcome: 'stopped',
  error: { type: 'BudgetExceeded', reason, message: 'stopped' },
});
const raised = (type: string): Ended => ({ outcome: 'error', error: { type, message: 'x' } });

describe('judgeEnding', () => {
  it('accepts only a completed run when the scenario declares nothing', () => {
    expect(judgeEnding(completed)).toMatchObject({ ok: true, intended: false });
    expect(judgeEnding(raised('ValueError')).ok).toBe(false);
    expect(judgeEnding(stopped('events')).ok).toBe(false);
  });

  it('accepts the declared stop, by the declared budget only', () => {
    expect(judgeEnding(stopped('events'), { stop: 'events' })).toMatchObject({
      ok: true,
      intended: true,
    });
    expect(judgeEnding(stopped('time'), { stop: 'events' }).ok).toBe(false);
    expect(judgeEnding(completed, { stop: 'events' }).ok).toBe(false);
    // The watchdog's stops are the clock running out too.
    for (const reason of ['time', 'interrupted', 'killed'])
      expect(judgeEnding(stopped(reason), { stop: 'time' }).ok).toBe(true);
    expect(judgeEnding(stopped('depth'), { stop: 'depth' }).ok).toBe(true);
  });

  it('accepts the declared exception type exactly, not a relative of it', () => {
    expect(judgeEnding(raised('RecursionError'), { error: 'RecursionError' }).intended).toBe(true);
    expect(judgeEnding(raised('RuntimeError'), { error: 'RecursionError' }).ok).toBe(false);
    expect(judgeEnding(completed, { error: 'RecursionError' }).ok).toBe(false);
  });

  it('describes endings for the command line, in either language', () => {
    expect(endingText({ stop: 'time' }, 'en')).toBe('a stop by its time budget');
    expect(endingText({ error: 'RecursionError' }, 'en')).toBe('an uncaught RecursionError');
    expect(endingText({ kind: 'completed' }, 'en')).toBe('completing normally');
    expect(endingText({ stop: 'events' }, 'zh')).toBe('用完事件预算而停止');
  });
});

describe('the ending field of a scenario', () => {
  it('loads into the lesson scenario', async () => {
    const files = editManifest(await lessonFiles('s04-hooks'), (m) => {
      const first = Object.keys(m.scenarios)[0];
      m.scenarios[first].ending = { error: 'RecursionError' };
    });
    const result = load('s04-hooks', files);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.lesson.scenarios[0].ending).toEqual({ error: 'RecursionError' });
  });

  it('rejects an unknown stop, a non-identifier type and extra fields, at the field', async () => {
    for (const ending of [
      { stop: 'forever' },
      { error: 'not a type' },
      { error: 'X', stop: 'time' },
    ]) {
      const files = editManifest(await lessonFiles('s04-hooks'), (m) => {
        const first = Object.keys(m.scenarios)[0];
        m.scenarios[first].ending = ending;
      });
      const errors = errorsOf(load('s04-hooks', files));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0].file).toBe('lessons/s04-hooks/lesson.json');
      expect(errors[0].field).toMatch(/^scenarios\.\w+\.ending/);
      expect(errors[0].line).toBeGreaterThan(1);
    }
  });
});
