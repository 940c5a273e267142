import { describe, expect, it } from 'vitest';
import { type Breakpoint, indexHits, step } from '../../../src/replay/engine.ts';
import type { ProbeResult } from '../../../src/trace/meta.ts';
import { LOOP_BODY, loopTrace, NE, nestedCallTrace } from './fixtures.ts';

function bp(id: string, file: string, line: number, extra: Partial<Breakpoint> = {}): Breakpoint {
  return { id, file, line, enabled: true, ...extra };
}

/** Condition results for breakpoint `id` at the five loop-body events (i = 0..4). */
function conditionProbes(id: string, results: ('1' | '' | 'error' | null)[]): ProbeResult[] {
  const probes: ProbeResult[] = [];
  results.forEach((r, i) => {
    if (r === null) return; // missing
    if (r === 'error')
      probes.push([LOOP_BODY[i], id, 'error', "NameError: name 'x' is not defined"]);
    else probes.push([LOOP_BODY[i], id, 'ok', r]);
  });
  return probes;
}

describe('indexHits: which breakpoints take part', () => {
  it('stops at every line event of an enabled breakpoint, in event order', () => {
    const hits = indexHits(loopTrace(), [bp('body', 'main.py', 3)]);
    expect(Array.from(hits.stops)).toEqual([...LOOP_BODY]);
    expect(hits.byBreakpoint.get('body')).toEqual([...LOOP_BODY]);
    expect(hits.missingProbes).toEqual([]);
  });

  it('ignores disabled breakpoints', () => {
    const hits = indexHits(loopTrace(), [bp('off', 'main.py', 3, { enabled: false })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.byBreakpoint.get('off')).toEqual([]);
  });

  it('ignores a disabled breakpoint next to an enabled one on another line', () => {
    const hits = indexHits(loopTrace(), [
      bp('off', 'main.py', 3, { enabled: false }),
      bp('print', 'main.py', 4),
    ]);
    expect(Array.from(hits.stops)).toEqual([12]);
    expect(hits.byBreakpoint.get('off')).toEqual([]);
  });

  it('does not fire a breakpoint set on another file at the same line number', () => {
    const trace = nestedCallTrace();
    // main.py:2 and lib.py:2 both exist; each fires only in its own file.
    expect(Array.from(indexHits(trace, [bp('m', 'main.py', 2)]).stops)).toEqual([NE.printLine]);
    expect(Array.from(indexHits(trace, [bp('l', 'lib.py', 2)]).stops)).toEqual([
      NE.g1Line2,
      NE.g2Line2,
    ]);
    expect(indexHits(loopTrace(), [bp('x', 'other.py', 3)]).stops.length).toBe(0);
  });

  it('does not fire on a line that is never reached', () => {
    const hits = indexHits(loopTrace(), [bp('never', 'main.py', 40)]);
    expect(hits.stops.length).toBe(0);
    expect(hits.reached.get('never')).toBe(0);
  });

  it('fires only on line events, not on call, return or exception events at that line', () => {
    const trace = nestedCallTrace();
    // lib.py:1 only has call events; lib.py:3 has lines and returns; lib.py:12 a line,
    // an exception and an unwind.
    expect(indexHits(trace, [bp('def', 'lib.py', 1)]).stops.length).toBe(0);
    expect(Array.from(indexHits(trace, [bp('ret', 'lib.py', 3)]).stops)).toEqual([
      NE.g1Line3,
      NE.g2Line3,
    ]);
    expect(Array.from(indexHits(trace, [bp('raise', 'lib.py', 12)]).stops)).toEqual([NE.boomRaise]);
  });

  it('merges the stops of several breakpoints into one sorted list without duplicates', () => {
    const trace = nestedCallTrace();
    const hits = indexHits(trace, [
      bp('boom', 'main.py', 4),
      bp('g', 'lib.py', 2),
      bp('g-again', 'lib.py', 2),
      bp('loop', 'lib.py', 8),
    ]);
    expect(Array.from(hits.stops)).toEqual([
      NE.fBody0,
      NE.g1Line2,
      NE.fBody1,
      NE.g2Line2,
      NE.boomLine,
    ]);
    expect(hits.byBreakpoint.get('g')).toEqual([NE.g1Line2, NE.g2Line2]);
    expect(hits.byBreakpoint.get('g-again')).toEqual([NE.g1Line2, NE.g2Line2]);
  });

  it('has an empty entry for every breakpoint, even when none is enabled', () => {
    const hits = indexHits(loopTrace(), [
      bp('a', 'main.py', 3, { enabled: false }),
      bp('b', 'other.py', 1),
    ]);
    expect([...hits.byBreakpoint.keys()]).toEqual(['a', 'b']);
    expect([...hits.reached.keys()]).toEqual(['a', 'b']);
  });
});

describe('indexHits: conditions', () => {
  it("stops only where the condition's probe result is truthy ('' means false)", () => {
    const probes = conditionProbes('c', ['', '1', '', '1', '']);
    const hits = indexHits(loopTrace(probes), [bp('c', 'main.py', 3, { condition: 'i % 2' })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[1], LOOP_BODY[3]]);
    expect(hits.byBreakpoint.get('c')).toEqual([LOOP_BODY[1], LOOP_BODY[3]]);
    expect(hits.missingProbes).toEqual([]);
  });

  it('never stops where the condition failed, and reports the first failure and how many', () => {
    const probes = conditionProbes('c', ['', 'error', '', 'error', '1']);
    const hits = indexHits(loopTrace(probes), [bp('c', 'main.py', 3, { condition: 'x > 1' })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[4]]);
    expect(hits.byBreakpoint.get('c')).toEqual([LOOP_BODY[4]]);
    expect(hits.reached.get('c')).toBe(5);
    expect(hits.probeErrors.get('c')).toEqual({
      source: 'condition',
      event: LOOP_BODY[1],
      message: "NameError: name 'x' is not defined",
      count: 2,
    });
  });

  it('a condition that fails at every hit never stops: Debug runs to the end', () => {
    const trace = loopTrace(conditionProbes('c', ['error', 'error', 'error', 'error', 'error']));
    const hits = indexHits(trace, [bp('c', 'main.py', 3, { condition: 'callback.__nam ==' })]);
    expect(hits.stops.length).toBe(0);
    expect(step(trace, -1, 'debug', hits)).toBe(trace.length);
    expect(hits.probeErrors.get('c')?.count).toBe(5);
  });

  it('reports no probe errors when every condition evaluated', () => {
    const hits = indexHits(loopTrace(conditionProbes('c', ['', '1', '', '1', ''])), [
      bp('c', 'main.py', 3, { condition: 'i % 2' }),
    ]);
    expect(hits.probeErrors.size).toBe(0);
  });

  it('uses only the probe results of its own breakpoint id', () => {
    const probes = [...conditionProbes('other', ['1', '1', '1', '1', '1'])];
    probes.push(...conditionProbes('c', ['', '', '1', '', '']));
    const hits = indexHits(loopTrace(probes), [bp('c', 'main.py', 3, { condition: 'i == 2' })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[2]]);
  });

  it('reports a conditional breakpoint without probe results in missingProbes and does not stop', () => {
    const hits = indexHits(loopTrace(), [bp('c', 'main.py', 3, { condition: 'i == 2' })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.byBreakpoint.get('c')).toEqual([]);
    expect(hits.missingProbes).toEqual(['c']);
  });

  it('reports missing probes once, and still uses the results that exist', () => {
    const probes = conditionProbes('c', [null, '1', null, '1', null]);
    const hits = indexHits(loopTrace(probes), [bp('c', 'main.py', 3, { condition: 'i % 2' })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[1], LOOP_BODY[3]]);
    expect(hits.missingProbes).toEqual(['c']);
  });

  it('does not report missing probes for a breakpoint without a condition or a disabled one', () => {
    const hits = indexHits(loopTrace(), [
      bp('plain', 'main.py', 3),
      bp('off', 'main.py', 3, { condition: 'i', enabled: false }),
    ]);
    expect(hits.missingProbes).toEqual([]);
  });

  it('a condition false everywhere lets continue run to the end', () => {
    const trace = loopTrace(conditionProbes('c', ['', '', '', '', '']));
    const hits = indexHits(trace, [bp('c', 'main.py', 3, { condition: 'False' })]);
    expect(step(trace, -1, 'debug', hits)).toBe(trace.length);
  });
});

describe('indexHits: hit counts', () => {
  it('stops only on the Nth time the line is reached', () => {
    const hits = indexHits(loopTrace(), [bp('h', 'main.py', 3, { hitCount: 3 })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[2]]);
    expect(hits.byBreakpoint.get('h')).toEqual([LOOP_BODY[2]]);
  });

  it('counts only the hits whose condition held (the condition is applied first)', () => {
    const probes = conditionProbes('h', ['1', '', '1', '', '1']);
    const hits = indexHits(loopTrace(probes), [
      bp('h', 'main.py', 3, { condition: 'i % 2 == 0', hitCount: 2 }),
    ]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[2]]);
  });

  it('does not count a failed condition as a qualifying hit', () => {
    const probes = conditionProbes('h', ['error', '', '1', '1', '1']);
    const hits = indexHits(loopTrace(probes), [
      bp('h', 'main.py', 3, { condition: 'y', hitCount: 2 }),
    ]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[3]]);
  });

  it('never stops when the line is reached fewer times than the hit count', () => {
    const hits = indexHits(loopTrace(), [bp('h', 'main.py', 3, { hitCount: 6 })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.reached.get('h')).toBe(5);
  });

  it('treats hitCount 1 as the first hit', () => {
    const hits = indexHits(loopTrace(), [bp('h', 'main.py', 3, { hitCount: 1 })]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[0]]);
  });

  it('keeps separate counts for two breakpoints on the same line', () => {
    const hits = indexHits(loopTrace(), [
      bp('second', 'main.py', 3, { hitCount: 2 }),
      bp('fourth', 'main.py', 3, { hitCount: 4 }),
    ]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[1], LOOP_BODY[3]]);
  });
});

describe('indexHits: logpoints', () => {
  it('never stops at a logpoint but lists every event where it logged', () => {
    const probes: ProbeResult[] = LOOP_BODY.map((e, i) => [e, 'log', 'log', `i=${i}`]);
    const hits = indexHits(loopTrace(probes), [bp('log', 'main.py', 3, { log: 'i={i}' })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.byBreakpoint.get('log')).toEqual([...LOOP_BODY]);
  });

  it('reports a log message that failed, and still counts where the line ran', () => {
    const probes: ProbeResult[] = LOOP_BODY.map((e, i) =>
      i === 2 ? [e, 'log', 'error', "NameError: name 'j' is not defined"] : [e, 'log', 'log', 'ok'],
    );
    const hits = indexHits(loopTrace(probes), [bp('log', 'main.py', 3, { log: '{j}' })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.probeErrors.get('log')).toEqual({
      source: 'log',
      event: LOOP_BODY[2],
      message: "NameError: name 'j' is not defined",
      count: 1,
    });
  });

  it('reports a failed log message only on the hits its hit count shows', () => {
    // The message fails on the first two hits only (say, a name bound later in the loop).
    const probes: ProbeResult[] = LOOP_BODY.map((e, i) =>
      i < 2 ? [e, 'log', 'error', "NameError: name 'j' is not defined"] : [e, 'log', 'log', 'ok'],
    );
    const third = indexHits(loopTrace(probes), [
      bp('log', 'main.py', 3, { log: '{j}', hitCount: 3 }),
    ]);
    expect(third.byBreakpoint.get('log')).toEqual([LOOP_BODY[2]]);
    expect(third.probeErrors.size).toBe(0);
    const second = indexHits(loopTrace(probes), [
      bp('log', 'main.py', 3, { log: '{j}', hitCount: 2 }),
    ]);
    expect(second.probeErrors.get('log')).toEqual({
      source: 'log',
      event: LOOP_BODY[1],
      message: "NameError: name 'j' is not defined",
      count: 1,
    });
  });

  it('says which failed when a breakpoint has a condition that holds and a log that fails', () => {
    // The recorder evaluates the condition, then (it held) the message, which raised.
    const probes: ProbeResult[] = LOOP_BODY.flatMap((e): ProbeResult[] => [
      [e, 'both', 'ok', 'True'],
      [e, 'both', 'error', "NameError: name 'nope' is not defined"],
    ]);
    const hits = indexHits(loopTrace(probes), [
      bp('both', 'main.py', 3, { condition: 'True', log: '{nope}' }),
    ]);
    expect(hits.probeErrors.get('both')).toMatchObject({ source: 'log', count: 5 });
  });

  it('treats an empty log message as a logpoint too', () => {
    const hits = indexHits(loopTrace(), [bp('log', 'main.py', 3, { log: '' })]);
    expect(hits.stops.length).toBe(0);
    expect(hits.byBreakpoint.get('log')).toHaveLength(5);
  });

  it('applies a condition to a logpoint', () => {
    const probes = conditionProbes('log', ['1', '', '', '', '1']);
    const hits = indexHits(loopTrace(probes), [
      bp('log', 'main.py', 3, { log: 'i={i}', condition: 'i % 4 == 0' }),
    ]);
    expect(hits.stops.length).toBe(0);
    expect(hits.byBreakpoint.get('log')).toEqual([LOOP_BODY[0], LOOP_BODY[4]]);
  });

  it('does not hide a real breakpoint on the same line', () => {
    const hits = indexHits(loopTrace(), [
      bp('log', 'main.py', 3, { log: 'x' }),
      bp('stop', 'main.py', 3, { hitCount: 2 }),
    ]);
    expect(Array.from(hits.stops)).toEqual([LOOP_BODY[1]]);
    expect(hits.byBreakpoint.get('log')).toEqual([...LOOP_BODY]);
  });
});

describe('indexHits: reached', () => {
  it('counts every time the line was reached, whatever the condition said', () => {
    const probes = conditionProbes('c', ['', '1', '', '', '']);
    const hits = indexHits(loopTrace(probes), [bp('c', 'main.py', 3, { condition: 'i == 1' })]);
    expect(hits.reached.get('c')).toBe(5);
    expect(hits.byBreakpoint.get('c')).toEqual([LOOP_BODY[1]]);
  });

  it('counts reaches for hit-count breakpoints, logpoints and missing-probe breakpoints alike', () => {
    const hits = indexHits(loopTrace(), [
      bp('h', 'main.py', 3, { hitCount: 2 }),
      bp('log', 'main.py', 3, { log: 'x' }),
      bp('missing', 'main.py', 3, { condition: 'i' }),
      bp('for', 'main.py', 2),
    ]);
    expect(hits.reached.get('h')).toBe(5);
    expect(hits.reached.get('log')).toBe(5);
    expect(hits.reached.get('missing')).toBe(5);
    expect(hits.reached.get('for')).toBe(6);
  });

  it('counts reaches across frames (both calls of g)', () => {
    const hits = indexHits(nestedCallTrace(), [bp('g', 'lib.py', 2)]);
    expect(hits.reached.get('g')).toBe(2);
  });
});
