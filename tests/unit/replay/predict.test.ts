import { describe, expect, it } from 'vitest';
import type { ResolvedAsk } from '../../../src/lessons/lesson';
import {
  answerPrediction,
  factsFromTrace,
  isAnswered,
  isCorrect,
  matchingChoices,
} from '../../../src/replay/predict';
import { buildTrace } from './fixtures';

/**
 * A lesson-like run: `<module>` in main.py calls `gate(x)` in lib.py twice; gate loops
 * over its hooks (line 3) and prints a verdict (line 5), binding `verdict`.
 */
function gateTrace(hooksPerCall: number[]) {
  const frames = [{ fn: '<module>', file: 'main.py' }];
  const events: Parameters<typeof buildTrace>[0]['events'] = [{ kind: 'line', frame: 0, line: 1 }];
  hooksPerCall.forEach((hooks, call) => {
    const f = frames.length;
    frames.push({ fn: 'gate', file: 'lib.py', parent: 0 } as (typeof frames)[number]);
    events.push({ kind: 'call', frame: f, line: 1 });
    events.push({ kind: 'line', frame: f, line: 2, vars: { verdict: 'None' } });
    for (let h = 0; h < hooks; h++) events.push({ kind: 'line', frame: f, line: 3 });
    events.push({ kind: 'line', frame: f, line: 4, vars: { verdict: `'v${call}:${hooks}'` } });
    events.push({ kind: 'line', frame: f, line: 5, print: `verdict ${call}\n` });
    events.push({ kind: 'return', frame: f, line: 5, value: 'None' });
    events.push({ kind: 'line', frame: 0, line: 2 + call });
  });
  return buildTrace({ frames, events });
}

const panel = { function: 'gate', source: 'lib.py' };
const answer = (ask: ResolvedAsk, hooks: number[]) =>
  answerPrediction(ask, panel, factsFromTrace(gateTrace(hooks)));

describe('answers computed from the recorded run', () => {
  it('counts the hits of a line over every call, and points at each hit', () => {
    const a = answer({ kind: 'hits', line: 3, anchor: 'for hook' }, [2, 3]);
    expect(a).toMatchObject({ kind: 'hits', count: 5 });
    const trace = gateTrace([2, 3]);
    expect(a.events.map((e) => [trace.fileOf(e), trace.line[e]])).toEqual(
      new Array(5).fill(['lib.py', 3]),
    );
    // The same question about another run: the answer follows the code, not the lesson.
    expect(answer({ kind: 'hits', line: 3, anchor: 'for hook' }, [0, 1])).toMatchObject({
      count: 1,
    });
    expect(isCorrect(a, { kind: 'hits', count: 5 })).toBe(true);
    expect(isCorrect(a, { kind: 'hits', count: 4 })).toBe(false);
  });

  it('says whether a line is reached, pointing at its first hit', () => {
    const never = answer({ kind: 'reached', line: 3, anchor: 'for hook' }, [0, 0]);
    expect(never).toEqual({ kind: 'reached', reached: false, events: [] });
    const once = answer({ kind: 'reached', line: 3, anchor: 'for hook' }, [0, 2]);
    expect(once).toMatchObject({ reached: true });
    expect(once.events).toHaveLength(1);
    expect(isCorrect(once, { kind: 'reached', reached: true })).toBe(true);
    expect(isCorrect(never, { kind: 'reached', reached: true })).toBe(false);
    // Not choosing is never right, not even when the line is never reached.
    expect(isCorrect(never, { kind: 'reached', reached: null })).toBe(false);
  });

  it('knows when the reader has answered at all', () => {
    expect(isAnswered({ kind: 'hits', count: Number.NaN })).toBe(false);
    expect(isAnswered({ kind: 'hits', count: -1 })).toBe(false);
    expect(isAnswered({ kind: 'hits', count: 1.5 })).toBe(false);
    expect(isAnswered({ kind: 'hits', count: 0 })).toBe(true);
    expect(isAnswered({ kind: 'reached', reached: null })).toBe(false);
    expect(isAnswered({ kind: 'reached', reached: false })).toBe(true);
    expect(isAnswered({ kind: 'output', printed: [] })).toBe(true);
    expect(isAnswered({ kind: 'value', text: '  ' })).toBe(false);
    expect(isAnswered({ kind: 'value', text: '[1]' })).toBe(true);
  });

  it('finds which choices are printed, and the event after each was printed', () => {
    const trace = gateTrace([1, 1]);
    const a = answerPrediction(
      { kind: 'output', choices: ['verdict 1', 'verdict 9', 'verdict 0'] },
      panel,
      factsFromTrace(trace),
    );
    expect(a).toMatchObject({ kind: 'output', printed: ['verdict 1', 'verdict 0'] });
    // Each evidence event is the first at which that line has been printed.
    for (const e of a.events) expect(trace.outputAt(e)).toMatch(/verdict \d\n$/);
    expect(a.events.map((e) => trace.outputAt(e))).toEqual([
      'verdict 0\n',
      'verdict 0\nverdict 1\n',
    ]);
    expect(isCorrect(a, { kind: 'output', printed: ['verdict 0', 'verdict 1'] })).toBe(true);
    expect(isCorrect(a, { kind: 'output', printed: ['verdict 0'] })).toBe(false);
    expect(isCorrect(a, { kind: 'output', printed: ['verdict 0', 'verdict 1', 'verdict 9'] })).toBe(
      false,
    );
  });

  it("gives a name's final value in the function's last call", () => {
    const a = answer({ kind: 'value', name: 'verdict' }, [2, 3]);
    expect(a).toMatchObject({ kind: 'value', text: "'v1:3'" });
    expect(isCorrect(a, { kind: 'value', text: ' "v1:3" ' })).toBe(true);
    expect(isCorrect(a, { kind: 'value', text: "'v0:2'" })).toBe(false);
    expect(matchingChoices(a, ["'v0:2'", '"v1:3"', 'None'])).toEqual(['"v1:3"']);
    expect(answer({ kind: 'value', name: 'nothing' }, [1])).toEqual({
      kind: 'value',
      text: null,
      events: [],
    });
  });

  it('compares a long value with all of it, not with its one-line text', () => {
    // result = [i * i for i in range(10)]: more items than a one-line text spells out.
    const squares = Array.from({ length: 10 }, (_, i) => i * i);
    const trace = buildTrace({
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'gate', file: 'lib.py', parent: 0 },
      ],
      events: [
        { kind: 'line', frame: 0, line: 1 },
        { kind: 'call', frame: 1, line: 1 },
        {
          kind: 'line',
          frame: 1,
          line: 2,
          vars: { result: { ref: 1 } },
          objects: { 1: { kind: 'list', entries: squares.map((n, i) => [String(i), String(n)]) } },
        },
        { kind: 'return', frame: 1, line: 2, value: 'None' },
      ],
    });
    const a = answerPrediction({ kind: 'value', name: 'result' }, panel, factsFromTrace(trace));
    expect(a).toMatchObject({ kind: 'value', text: `[${squares.join(', ')}]` });
    expect(isCorrect(a, { kind: 'value', text: '[0, 1, 4, 9, 16, 25, 36, 49, 64, 81]' })).toBe(
      true,
    );
    expect(isCorrect(a, { kind: 'value', text: '[0, 1, 4, 9, 16, 25, 36, 49, …]' })).toBe(false);
  });

  it('reads a typed value as Python would: spacing between tokens and quote style do not count', () => {
    const is = (want: string, typed: string) =>
      isCorrect({ kind: 'value', text: want, events: [] }, { kind: 'value', text: typed });
    expect(is("['a', 'b']", '["a","b"]')).toBe(true);
    expect(is('[1, 2]', ' [1,2] ')).toBe(true);
    expect(is("{'a': 1, 'b': [True, None]}", '{"a":1,  "b" : [ True , None ]}')).toBe(true);
    expect(is('"it\'s"', "'it\\'s'")).toBe(true);
    expect(is('\'say "hi"\'', '"say \\"hi\\""')).toBe(true);
    expect(is('<function first>', '<function  first>')).toBe(true);
    // What Python would read differently stays different.
    expect(is("'a b'", "'ab'")).toBe(false);
    expect(is("'a'", "'A'")).toBe(false);
    expect(is('[1, 2]', '[1, 3]')).toBe(false);
    expect(is('<function first>', '<functionfirst>')).toBe(false);
    expect(is("['a, b']", "['a', 'b']")).toBe(false);
  });
});
