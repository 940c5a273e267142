import { describe, expect, it } from 'vitest';
import {
  type Breakpoint,
  type Command,
  clampPosition,
  continueFrom,
  indexHits,
  jump,
  reverseContinueFrom,
  START,
  statusOf,
  step,
} from '../../../src/replay/engine.ts';
import { buildTrace, emptyTrace, NE, nestedCallTrace } from './fixtures.ts';

function bp(id: string, file: string, line: number, extra: Partial<Breakpoint> = {}): Breakpoint {
  return { id, file, line, enabled: true, ...extra };
}

const trace = nestedCallTrace();
const n = trace.length;
const noHits = indexHits(trace, []);
/** lib.py:2 is inside g (both calls), main.py:4 is the `boom()` line. */
const breakpoints = [bp('g', 'lib.py', 2), bp('boom', 'main.py', 4)];
const hits = indexHits(trace, breakpoints);
const MID = NE.g2Line3; // inside the second call of g

/** Run `command` repeatedly from `from`, collecting positions until it stops moving. */
function repeat(command: Command, from: number, h = hits, limit = 100): number[] {
  const seen: number[] = [];
  let p = from;
  for (let k = 0; k < limit; k++) {
    const next = step(trace, p, command, h);
    seen.push(next);
    if (next === p) break;
    p = next;
  }
  return seen;
}

describe('the nested-call fixture', () => {
  it('has the breakpoint stops the engine tests rely on', () => {
    expect(n).toBe(29);
    expect(Array.from(hits.stops)).toEqual([NE.g1Line2, NE.g2Line2, NE.boomLine]);
  });
});

describe('every command at the start, the middle and the end of a trace', () => {
  // Positions: before the start, first event, middle, last event, finished.
  const positions = [START, 0, MID, n - 1, n] as const;
  type Row = [Command, number[], number[]];
  // [command, results without breakpoints, results with lib.py:2 and main.py:4]
  const table: Row[] = [
    ['run', [n, n, n, n, n], [n, n, n, n, n]],
    ['debug', [n, n, n, n, n], [7, 7, 7, 7, 7]],
    ['restart', [n, n, n, n, n], [7, 7, 7, 7, 7]],
    ['continue', [n, n, n, n, n], [7, 7, 20, n, n]],
    ['stepInto', [0, 1, MID + 1, n, n], [0, 1, MID + 1, n, n]],
    // MID is g's last line: the next event at its depth is g's return.
    ['stepOver', [0, 1, NE.returnG2, n, n], [0, 1, NE.returnG2, n, n]],
    // Out of the module (depth 0) means: run to the next stop or the end.
    ['stepOut', [0, n, NE.fFor2, n, n], [0, 7, NE.fFor2, n, n]],
    ['stepBack', [START, 0, MID - 1, n - 2, n - 1], [START, 0, MID - 1, n - 2, n - 1]],
    ['reverseContinue', [START, 0, 0, 0, 0], [START, 0, NE.g2Line2, 20, 20]],
  ];

  for (const [command, plain, withBreakpoints] of table) {
    for (const [k, position] of positions.entries()) {
      it(`${command} from ${position} goes to ${plain[k]} without breakpoints`, () => {
        expect(step(trace, position, command, noHits)).toBe(plain[k]);
      });
      it(`${command} from ${position} goes to ${withBreakpoints[k]} with breakpoints in g and the module`, () => {
        expect(step(trace, position, command, hits)).toBe(withBreakpoints[k]);
      });
    }
  }

  it('jump goes to any position of the trace unchanged', () => {
    for (let p = START; p <= n; p++) expect(jump(trace, p)).toBe(p);
  });

  it('jump clamps positions outside the trace to before the start or to the end', () => {
    expect(jump(trace, -5)).toBe(START);
    expect(jump(trace, n + 7)).toBe(n);
    expect(jump(trace, Number.NEGATIVE_INFINITY)).toBe(START);
    expect(jump(trace, Number.POSITIVE_INFINITY)).toBe(n);
  });

  it('jump truncates fractional targets and treats NaN as before the start', () => {
    expect(jump(trace, 3.9)).toBe(3);
    expect(jump(trace, Number.NaN)).toBe(START);
    expect(Object.is(jump(trace, -0.5), 0)).toBe(true);
  });

  it('treats out-of-range positions given to step as clamped', () => {
    expect(step(trace, -10, 'stepInto', noHits)).toBe(0);
    expect(step(trace, n + 10, 'stepBack', noHits)).toBe(n - 1);
    expect(step(trace, n + 10, 'continue', hits)).toBe(n);
    expect(step(trace, n + 10, 'reverseContinue', hits)).toBe(20);
  });
});

describe('step over', () => {
  it('skips every event of the callee and lands on the caller’s next line', () => {
    expect(step(trace, NE.fBody0, 'stepOver', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.printLine, 'stepOver', noHits)).toBe(NE.tryLine);
  });

  it('stops at a breakpoint inside the callee', () => {
    expect(step(trace, NE.fBody0, 'stepOver', hits)).toBe(NE.g1Line2);
    expect(step(trace, NE.fBody1, 'stepOver', hits)).toBe(NE.g2Line2);
    expect(step(trace, NE.printLine, 'stepOver', hits)).toBe(NE.g1Line2);
  });

  it('ignores a breakpoint that lies after the event it lands on', () => {
    const later = indexHits(trace, [bp('later', 'main.py', 6)]);
    expect(step(trace, NE.fBody0, 'stepOver', later)).toBe(NE.fFor1);
  });

  it('at a return event goes to the caller', () => {
    expect(step(trace, NE.returnG1, 'stepOver', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.returnG2, 'stepOver', noHits)).toBe(NE.fFor2);
    expect(step(trace, NE.returnF, 'stepOver', noHits)).toBe(NE.tryLine);
  });

  it('at a return event goes past the other calls of the caller’s line, as out of the frame', () => {
    //   1 def f(x):          4 def g(y):
    //   2     return x + 1   5     return y * 2
    //   6 z = f(1) + g(2)
    //   7 print(z)
    const t = buildTrace({
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'f', file: 'main.py', parent: 0, params: 1 },
        { fn: 'g', file: 'main.py', parent: 0, params: 1 },
      ],
      events: [
        { kind: 'line', frame: 0, line: 6 },
        { kind: 'call', frame: 1, line: 1 },
        { kind: 'line', frame: 1, line: 2 },
        { kind: 'return', frame: 1, line: 2 },
        { kind: 'call', frame: 2, line: 4 },
        { kind: 'line', frame: 2, line: 5 },
        { kind: 'return', frame: 2, line: 5 },
        { kind: 'line', frame: 0, line: 7 },
      ],
    });
    expect(step(t, 2, 'stepOver', noHits)).toBe(3); // `return x + 1` → its return
    expect(step(t, 3, 'stepOver', noHits)).toBe(7); // not into g: the caller's next line
    expect(step(t, 6, 'stepOver', noHits)).toBe(7);
    expect(step(t, 0, 'stepOver', noHits)).toBe(7);
  });

  it('at a call event goes to the first line of the called function', () => {
    expect(step(trace, NE.callF, 'stepOver', noHits)).toBe(NE.fTotal0);
    expect(step(trace, NE.callG2, 'stepOver', noHits)).toBe(NE.g2Line2);
  });

  it('over a call that raises lands on the exception in the caller', () => {
    expect(step(trace, NE.boomLine, 'stepOver', noHits)).toBe(NE.moduleException);
    expect(step(trace, NE.boomUnwind, 'stepOver', noHits)).toBe(NE.moduleException);
  });

  it('walks a frame line by line, then leaves it', () => {
    expect(repeat('stepOver', NE.callF, noHits)).toEqual([
      NE.fTotal0,
      NE.fFor0,
      NE.fBody0,
      NE.fFor1,
      NE.fBody1,
      NE.fFor2,
      NE.fReturnLine,
      NE.returnF,
      NE.tryLine,
      NE.boomLine,
      NE.moduleException,
      NE.exceptLine,
      NE.caughtLine,
      NE.moduleReturn,
      n,
      n,
    ]);
  });
});

describe('step over a yield', () => {
  it('goes on where a generator driven by a for hands its value, not into another turn', () => {
    //   1 def gen():          5 for v in gen():
    //   2     yield 1         6     print(v)
    //   3     yield 2
    const t = buildTrace({
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'gen', file: 'main.py', parent: 0 },
      ],
      events: [
        { kind: 'line', frame: 0, line: 5 }, // 0
        { kind: 'call', frame: 1, line: 1 }, // 1
        { kind: 'line', frame: 1, line: 2 }, // 2
        { kind: 'yield', frame: 1, line: 2 }, // 3
        { kind: 'line', frame: 0, line: 6 }, // 4
        { kind: 'line', frame: 0, line: 5 }, // 5
        { kind: 'line', frame: 1, line: 3 }, // 6
        { kind: 'yield', frame: 1, line: 3 }, // 7
        { kind: 'line', frame: 0, line: 6 }, // 8
      ],
    });
    const none = indexHits(t, []);
    expect(step(t, 3, 'stepOver', none)).toBe(4);
    expect(step(t, 7, 'stepOver', none)).toBe(8);
  });

  it("goes on at a coroutine's own next line when asyncio's loop resumes it, past other tasks' turns", () => {
    //   1 async def inner(name):        5 async def worker(name):
    //   2     await asyncio.sleep(0)    6     await inner(name)
    //   3     return name               7     return name
    //   9 asyncio.run(main())  (two workers, a and b, as tasks)
    const t = buildTrace({
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'worker', file: 'main.py', parent: 0 }, // a
        { fn: 'inner', file: 'main.py', parent: 1 }, // a's inner
        { fn: 'worker', file: 'main.py', parent: 0 }, // b
        { fn: 'inner', file: 'main.py', parent: 3 }, // b's inner
      ],
      events: [
        { kind: 'line', frame: 0, line: 9 }, // 0
        { kind: 'call', frame: 1, line: 5 }, // 1
        { kind: 'line', frame: 1, line: 6 }, // 2
        { kind: 'call', frame: 2, line: 1 }, // 3
        { kind: 'line', frame: 2, line: 2 }, // 4  a's inner awaits
        { kind: 'yield', frame: 2, line: 2 }, // 5
        { kind: 'yield', frame: 1, line: 6 }, // 6  a's worker waits with it
        { kind: 'call', frame: 3, line: 5 }, // 7  b's turn
        { kind: 'line', frame: 3, line: 6 }, // 8
        { kind: 'call', frame: 4, line: 1 }, // 9
        { kind: 'line', frame: 4, line: 2 }, // 10
        { kind: 'yield', frame: 4, line: 2 }, // 11
        { kind: 'yield', frame: 3, line: 6 }, // 12
        { kind: 'line', frame: 2, line: 3 }, // 13 a's inner resumes
        { kind: 'return', frame: 2, line: 3 }, // 14
        { kind: 'line', frame: 1, line: 7 }, // 15
        { kind: 'return', frame: 1, line: 7 }, // 16
        { kind: 'line', frame: 4, line: 3 }, // 17 b's inner resumes
        { kind: 'return', frame: 4, line: 3 }, // 18
        { kind: 'line', frame: 3, line: 7 }, // 19
        { kind: 'return', frame: 3, line: 7 }, // 20
        { kind: 'return', frame: 0, line: 9 }, // 21
      ],
    });
    const none = indexHits(t, []);
    expect(step(t, 4, 'stepOver', none)).toBe(5); // the await line, to its yield
    expect(step(t, 5, 'stepOver', none)).toBe(13); // a's inner, where it resumes
    expect(step(t, 6, 'stepOver', none)).toBe(15); // a's worker, past its await inner(...)
    expect(step(t, 11, 'stepOver', none)).toBe(17);
    // A breakpoint on the way (b's await) still stops there.
    const atB = indexHits(t, [bp('b', 'main.py', 2)]);
    expect(step(t, 5, 'stepOver', atB)).toBe(10);
  });
});

describe('step out', () => {
  it("returns to the caller's next event", () => {
    expect(step(trace, NE.g1Line2, 'stepOut', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.g1Line3, 'stepOut', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.callG1, 'stepOut', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.fFor0, 'stepOut', noHits)).toBe(NE.tryLine);
  });

  it('at a return event returns to the caller as well', () => {
    expect(step(trace, NE.returnG1, 'stepOut', noHits)).toBe(NE.fFor1);
    expect(step(trace, NE.returnF, 'stepOut', noHits)).toBe(NE.tryLine);
  });

  it('out of a frame that raised lands on the exception in the caller', () => {
    expect(step(trace, NE.boomRaise, 'stepOut', noHits)).toBe(NE.moduleException);
  });

  it('stops at a breakpoint on the way out', () => {
    // Out of f from its first loop line: the second g() call hits lib.py:2.
    expect(step(trace, NE.fFor1, 'stepOut', hits)).toBe(NE.g2Line2);
    // The breakpoint at the current position does not hold it back.
    expect(step(trace, NE.g1Line2, 'stepOut', hits)).toBe(NE.fFor1);
  });

  it('out of the module runs to the next stop or the end', () => {
    expect(step(trace, NE.tryLine, 'stepOut', noHits)).toBe(n);
    expect(step(trace, NE.tryLine, 'stepOut', hits)).toBe(NE.boomLine);
  });
});

describe('step into and step back', () => {
  it('step into visits every event in order, then finishes', () => {
    const visited = repeat('stepInto', START, noHits);
    expect(visited).toEqual([...Array.from({ length: n }, (_, i) => i), n, n]);
  });

  it('step into enters the callee at its call event', () => {
    expect(step(trace, NE.fBody0, 'stepInto', noHits)).toBe(NE.callG1);
  });

  it('step back walks back one event at a time and stays at the first event', () => {
    const visited = repeat('stepBack', n, noHits);
    expect(visited).toEqual([...Array.from({ length: n }, (_, i) => n - 1 - i), 0]);
  });

  it('step back ignores breakpoints', () => {
    expect(step(trace, NE.g2Line2 + 1, 'stepBack', hits)).toBe(NE.g2Line2);
    expect(step(trace, NE.g2Line2, 'stepBack', hits)).toBe(NE.callG2);
  });
});

describe('debug, continue and reverse continue', () => {
  it('debug with no breakpoints runs to the end', () => {
    expect(step(trace, START, 'debug', noHits)).toBe(n);
    expect(statusOf(trace, step(trace, START, 'debug', noHits))).toBe('finished');
  });

  it('debug stops at the first breakpoint hit, from wherever it is started', () => {
    expect(step(trace, START, 'debug', hits)).toBe(NE.g1Line2);
    expect(step(trace, n, 'debug', hits)).toBe(NE.g1Line2);
  });

  it('restart behaves like debug from the start', () => {
    for (const p of [START, 0, MID, n]) {
      expect(step(trace, p, 'restart', hits)).toBe(step(trace, START, 'debug', hits));
    }
  });

  it('continue visits every hit in order, then finishes', () => {
    expect(repeat('continue', START)).toEqual([NE.g1Line2, NE.g2Line2, NE.boomLine, n, n]);
  });

  it('continue finishes at once when there are no breakpoints', () => {
    expect(repeat('continue', START, noHits)).toEqual([n, n]);
  });

  it('reverse continue visits the hits backwards, then stops at the first event', () => {
    expect(repeat('reverseContinue', n)).toEqual([NE.boomLine, NE.g2Line2, NE.g1Line2, 0, 0]);
  });

  it('reverse continue goes to the first event when there are no breakpoints', () => {
    expect(repeat('reverseContinue', n, noHits)).toEqual([0, 0]);
  });

  it('reverse continue stays before the start', () => {
    expect(step(trace, START, 'reverseContinue', hits)).toBe(START);
  });

  it('continue and reverse continue are exported as plain functions too', () => {
    expect(continueFrom(trace, NE.g1Line2, hits)).toBe(NE.g2Line2);
    expect(continueFrom(trace, NE.boomLine, hits)).toBe(n);
    expect(reverseContinueFrom(trace, NE.g2Line2, hits)).toBe(NE.g1Line2);
    expect(reverseContinueFrom(trace, NE.g1Line2, hits)).toBe(0);
    expect(reverseContinueFrom(trace, n + 50, hits)).toBe(NE.boomLine);
  });

  it('a breakpoint hit on the very first event is reachable from before the start', () => {
    const first = indexHits(trace, [bp('first', 'main.py', 1)]);
    expect(step(trace, START, 'debug', first)).toBe(0);
    expect(step(trace, START, 'continue', first)).toBe(0);
    expect(step(trace, 0, 'continue', first)).toBe(n);
    expect(step(trace, n, 'reverseContinue', first)).toBe(0);
  });
});

describe('status and clamping', () => {
  it('reports ready before the start, paused on an event and finished at the end', () => {
    expect(statusOf(trace, START)).toBe('ready');
    expect(statusOf(trace, 0)).toBe('paused');
    expect(statusOf(trace, n - 1)).toBe('paused');
    expect(statusOf(trace, n)).toBe('finished');
  });

  it('clamps positions into [-1, n]', () => {
    expect(clampPosition(trace, -3)).toBe(START);
    expect(clampPosition(trace, n + 3)).toBe(n);
    expect(clampPosition(trace, 4)).toBe(4);
  });
});

describe('an empty trace (no events)', () => {
  const empty = emptyTrace();
  const commands: Command[] = [
    'run',
    'debug',
    'continue',
    'stepOver',
    'stepInto',
    'stepOut',
    'stepBack',
    'reverseContinue',
    'restart',
  ];
  const emptyHitSets = [
    indexHits(empty, []),
    indexHits(empty, [bp('a', 'main.py', 1), bp('b', 'main.py', 2, { condition: 'x' })]),
  ];

  it('never throws and always stays within [-1, 0]', () => {
    for (const h of emptyHitSets) {
      for (const command of commands) {
        for (const p of [START, 0, 5, -5]) {
          const next = step(empty, p, command, h);
          expect(next).toBeGreaterThanOrEqual(START);
          expect(next).toBeLessThanOrEqual(0);
        }
      }
    }
  });

  it('finishes on run, debug, continue and every step forward', () => {
    const h = emptyHitSets[0];
    for (const command of [
      'run',
      'debug',
      'restart',
      'continue',
      'stepInto',
      'stepOver',
      'stepOut',
    ] as const) {
      expect(step(empty, START, command, h)).toBe(0);
      expect(statusOf(empty, step(empty, START, command, h))).toBe('finished');
    }
  });

  it('steps back from finished to before the start', () => {
    expect(step(empty, 0, 'stepBack', emptyHitSets[0])).toBe(START);
    expect(step(empty, START, 'stepBack', emptyHitSets[0])).toBe(START);
  });

  it('has no hits, stops or missing probes', () => {
    const h = emptyHitSets[1];
    expect(h.stops.length).toBe(0);
    expect(h.missingProbes).toEqual([]);
    expect(h.byBreakpoint.get('a')).toEqual([]);
    expect(h.reached.get('b')).toBe(0);
  });

  it('jumps only to before the start or the end', () => {
    expect(jump(empty, 3)).toBe(0);
    expect(jump(empty, -3)).toBe(START);
    expect(reverseContinueFrom(empty, 0, emptyHitSets[0])).toBe(START);
    expect(continueFrom(empty, START, emptyHitSets[0])).toBe(0);
  });
});
