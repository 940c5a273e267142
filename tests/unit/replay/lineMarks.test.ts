import { describe, expect, it } from 'vitest';
import { type LineMarkTrace, lineMarks } from '../../../src/replay/lineMarks';

/** A hand-written trace: [kind, line, frame] per event (kinds: 0 call, 1 line, 2 return, 3 exception). */
function fake(events: [number, number, number][]): LineMarkTrace {
  const frame = Int32Array.from(events.map((e) => e[2]));
  return {
    length: events.length,
    kind: Int8Array.from(events.map((e) => e[0])),
    line: Int32Array.from(events.map((e) => e[1])),
    file: new Int8Array(events.length),
    meta: { files: ['m.py'] },
    lastEventAt(f, i) {
      for (let e = Math.min(i, events.length - 1); e >= 0; e--) if (frame[e] === f) return e;
      return -1;
    },
  };
}

// def g():        # line 1        f() calls g() at line 5, then runs line 6.
//     return 1    # line 2
// def f():        # line 4
//     g()         # line 5
//     x = 2       # line 6
const t = fake([
  [0, 4, 0], // 0 call f
  [1, 5, 0], // 1 line 5 in f
  [0, 1, 1], // 2 call g
  [1, 2, 1], // 3 line 2 in g
  [2, 2, 1], // 4 return from g
  [1, 6, 0], // 5 line 6 in f
  [3, 6, 0], // 6 exception at line 6
]);
const at = (line: number) => ({ file: 'm.py', line });

describe('just ran / runs next', () => {
  it("at a frame's first line nothing has run yet", () => {
    expect(lineMarks(t, 0, 1)).toEqual({ justRan: null, runsNext: at(5) });
    expect(lineMarks(t, 0, 0)).toEqual({ justRan: null, runsNext: at(4) });
  });
  it("after a call returned, the caller's call line just ran, not the callee's", () => {
    expect(lineMarks(t, 0, 5)).toEqual({ justRan: at(5), runsNext: at(6) });
  });
  it("at a return or an exception the event's line just ran and nothing runs next", () => {
    expect(lineMarks(t, 1, 4)).toEqual({ justRan: at(2), runsNext: null });
    expect(lineMarks(t, 0, 6)).toEqual({ justRan: at(6), runsNext: null });
  });
  it('an outer frame paused in a call is at its call line', () => {
    expect(lineMarks(t, 0, 3)).toEqual({ justRan: null, runsNext: at(5) });
  });
  it('before the start and on an empty trace there are no marks', () => {
    expect(lineMarks(t, 0, -1)).toEqual({ justRan: null, runsNext: null });
    expect(lineMarks(fake([]), 0, 0)).toEqual({ justRan: null, runsNext: null });
  });
});
