/**
 * A generator's `yield` is an event of its own (format 5): the frame hands a value out and
 * may resume. Every reader of it must say "yields", not "returns", and treat the frame as
 * left, as after a return, until it resumes.
 */
import { describe, expect, it } from 'vitest';
import { indexHits, step } from '../../../src/replay/engine.ts';
import { graphAt, RESULT_ROW } from '../../../src/trace/graph.ts';
import { lineThatRan } from '../../../src/trace/history.ts';
import { EventKind } from '../../../src/trace/meta.ts';
import { resultAt } from '../../../src/trace/result.ts';
import { buildTrace, type FixtureSpec } from '../replay/fixtures.ts';

/**
 * ```
 * 1 def gen():
 * 2     yield [1]
 * 3     yield 5
 * 4
 * 5 g = gen()
 * 6 a = next(g)
 * 7 b = next(g)
 * ```
 */
const generator: FixtureSpec = {
  frames: [
    { fn: '<module>', file: 'main.py' },
    { fn: 'gen', file: 'main.py', parent: 0 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 1 },
    { kind: 'line', frame: 0, line: 5 },
    { kind: 'line', frame: 0, line: 6, vars: { g: '<generator object gen>' } },
    { kind: 'call', frame: 1, line: 1 },
    { kind: 'line', frame: 1, line: 2 },
    { kind: 'yield', frame: 1, line: 2, value: { ref: 1 }, objects: { 1: { kind: 'list' } } },
    { kind: 'line', frame: 0, line: 7, vars: { a: { ref: 1 } } },
    { kind: 'line', frame: 1, line: 3 },
    { kind: 'yield', frame: 1, line: 3, value: '5' },
    { kind: 'line', frame: 0, line: 8, vars: { b: '5' } },
    { kind: 'return', frame: 0, line: 8, value: 'None' },
  ],
};
const FIRST_YIELD = 5;
const RESUMED = 7;
const SECOND_YIELD = 8;

describe("a generator's yield", () => {
  const trace = buildTrace(generator);

  it('is recorded as a yield, and handed back as one', () => {
    expect(trace.kind[FIRST_YIELD]).toBe(EventKind.Yield);
    expect(resultAt(trace, FIRST_YIELD)).toMatchObject({ frameId: 1, kind: 'yield' });
    expect(resultAt(trace, SECOND_YIELD)).toMatchObject({ frameId: 1, kind: 'yield' });
    expect(resultAt(trace, RESUMED)).toBeNull();
  });

  it('is a row of the generator frame in the diagram, its object drawn', () => {
    const g = graphAt(trace, FIRST_YIELD);
    const gen = g.frames.find((f) => f.function === 'gen');
    expect(gen?.result).toEqual({ kind: 'yield', value: { kind: 'ref', id: 1 } });
    expect(g.edges).toContainEqual({ from: `frame:1:${RESULT_ROW}`, to: 1 });
  });

  it("leaves the frame: Step Over goes on in the caller, not in the generator's next line", () => {
    expect(step(trace, FIRST_YIELD, 'stepOver', indexHits(trace, []))).toBe(RESUMED - 1);
  });

  it('when resumed, was resumed by the line of the caller that called next()', () => {
    expect(lineThatRan(trace, RESUMED)).toEqual({ file: 'main.py', line: 7 });
  });
});
