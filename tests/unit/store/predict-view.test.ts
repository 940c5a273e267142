import { describe, expect, it } from 'vitest';
import type { ResolvedPrediction } from '../../../src/lessons/lesson';
import { answerText, judgePrediction, waitingText } from '../../../src/store/predictView';
import { emptyTrace } from '../../../src/trace/trace';
import { buildTrace } from '../replay/fixtures';

const trace = buildTrace({
  frames: [
    { fn: '<module>', file: 'main.py' },
    { fn: 'gate', file: 'lib.py', parent: 0 },
  ],
  events: [
    { kind: 'line', frame: 0, line: 1 },
    { kind: 'call', frame: 1, line: 1 },
    { kind: 'line', frame: 1, line: 2, vars: { n: '3' } },
    { kind: 'line', frame: 1, line: 2, print: 'done\n' },
    { kind: 'return', frame: 1, line: 2, value: 'None' },
  ],
});
const panel = { function: 'gate', source: 'lib.py' };
const question = { zh: '几次？', en: 'How many?' };
/** A question about line 2 of `gate` under scenario `s`. */
const asking = (ask: ResolvedPrediction['ask']): ResolvedPrediction => ({
  id: 'q',
  panel: 'gate',
  scenario: 's',
  ask,
  question,
});

describe('what an answered prediction shows', () => {
  it('says right or wrong, the answer in words, and the steps it comes from', () => {
    const p = asking({ kind: 'hits', line: 2, anchor: 'x' });
    const right = judgePrediction('en', p, panel, trace, { kind: 'hits', count: 2 });
    expect(right).toMatchObject({ correct: true, text: 'The line runs 2 times.' });
    expect(right?.evidence).toEqual([2, 3]);
    const wrong = judgePrediction('zh', p, panel, trace, { kind: 'hits', count: 1 });
    expect(wrong).toMatchObject({ correct: false, text: '这一行执行了 2 次。' });
  });

  it('judges nothing until the run is here, nor a run that was never recorded', () => {
    const p = asking({ kind: 'reached', line: 2, anchor: 'x' });
    const reply = { kind: 'reached' as const, reached: false };
    expect(judgePrediction('en', p, panel, null, reply)).toBeNull();
    expect(waitingText('en', null)).toBe('Recording this scenario…');
    const failed = emptyTrace('error', {
      type: 'WorkerCrashed',
      message: 'gone; run again.',
      fromApp: true,
    });
    // "Never reached" would be judged right against a run with no events.
    expect(judgePrediction('en', p, panel, failed, reply)).toBeNull();
    expect(waitingText('en', failed)).toMatch(
      /^Your answer cannot be checked yet: this scenario was not recorded\. .*\(WorkerCrashed: gone; run again\.\)$/,
    );
    expect(waitingText('zh', failed)).toMatch(/^还无法核对答案，这个场景没有录制下来：/);
  });

  it('words every kind of answer in both languages', () => {
    expect(answerText('en', { kind: 'reached', reached: false, events: [] })).toBe(
      'The line is never reached.',
    );
    expect(answerText('en', { kind: 'hits', count: 1, events: [4] })).toBe('The line runs once.');
    expect(answerText('en', { kind: 'output', printed: ['a', 'b'], events: [1] })).toBe(
      'Printed: a | b',
    );
    expect(answerText('zh', { kind: 'output', printed: [], events: [] })).toBe(
      '这几行都没有打印。',
    );
    expect(answerText('en', { kind: 'value', text: "'x'", events: [4] })).toBe(
      "The final value is 'x'.",
    );
    expect(answerText('zh', { kind: 'value', text: null, events: [] })).toBe(
      '这个名字没有被赋值。',
    );
  });
});
