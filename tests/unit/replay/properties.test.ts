import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Breakpoint,
  COMMANDS,
  type HitIndex,
  indexHits,
  jump,
  START,
  step,
} from '../../../src/replay/engine.ts';
import { EventKind } from '../../../src/trace/meta.ts';
import type { Trace } from '../../../src/trace/trace.ts';
import {
  actionArb,
  breakpointsArb,
  probeChoicesArb,
  probesFor,
  traceSpecArb,
} from './arbitraries.ts';
import { buildTrace } from './fixtures.ts';

const RUNS = { numRuns: 200 };

/** A random trace, random breakpoints and the probe results recorded for them. */
const sessionArb = fc
  .record({ spec: traceSpecArb, breakpoints: breakpointsArb, choices: probeChoicesArb })
  .map(({ spec, breakpoints, choices }) => ({
    trace: buildTrace({ ...spec, probes: probesFor(spec, breakpoints, choices) }),
    breakpoints,
  }));

/** Straightforward reference implementation of `indexHits`, one breakpoint at a time. */
function referenceHits(trace: Trace, breakpoints: readonly Breakpoint[]) {
  const stops = new Set<number>();
  const byBreakpoint = new Map<string, number[]>();
  const reached = new Map<string, number>();
  const missing = new Set<string>();
  const errors = new Map<string, number>();
  for (const b of breakpoints) {
    const fired: number[] = [];
    let reach = 0;
    let count = 0;
    if (b.enabled) {
      for (let e = 0; e < trace.length; e++) {
        if (trace.kind[e] !== EventKind.Line) continue;
        if (trace.fileOf(e) !== b.file || trace.line[e] !== b.line) continue;
        reach++;
        if (b.condition) {
          const result = trace.meta.probes.find(
            (p) => p[0] === e && p[1] === b.id && p[2] !== 'log',
          );
          if (!result) {
            missing.add(b.id);
            continue;
          }
          // A failing condition never stops; it is reported instead.
          if (result[2] === 'error') {
            errors.set(b.id, (errors.get(b.id) ?? 0) + 1);
            continue;
          }
          if (result[2] === 'ok' && result[3] === '') continue;
        } else if (b.log !== undefined) {
          if (trace.meta.probes.some((p) => p[0] === e && p[1] === b.id && p[2] === 'error'))
            errors.set(b.id, (errors.get(b.id) ?? 0) + 1);
        }
        count++;
        if (b.hitCount && count !== b.hitCount) continue;
        fired.push(e);
        if (b.log === undefined) stops.add(e);
      }
    }
    byBreakpoint.set(b.id, fired);
    reached.set(b.id, reach);
  }
  return {
    stops: [...stops].sort((x, y) => x - y),
    byBreakpoint,
    reached,
    missing: [...missing].sort(),
    errors,
  };
}

/**
 * Check what one command did, given where it started. Plain checks rather than
 * `expect` in the inner loops: this runs for every position of every trace.
 */
function checkCommand(trace: Trace, hits: HitIndex, command: string, p: number, r: number) {
  const n = trace.length;
  const stops = Array.from(hits.stops);
  const isStop = (e: number) => stops.includes(e);
  const noStopBetween = (lo: number, hi: number) => !stops.some((s) => s > lo && s < hi);
  const check = (ok: boolean, what: string) => {
    if (!ok) {
      throw new Error(
        `${command} from ${p} went to ${r} (n=${n}, stops=[${stops}]): expected ${what}`,
      );
    }
  };

  check(Number.isInteger(r) && r >= START && r <= n, 'a position within [-1, n]');

  switch (command) {
    case 'run':
      check(r === n, 'the end');
      break;
    case 'debug':
    case 'restart':
      check(r === (stops.length > 0 ? stops[0] : n), 'the first stop, or the end');
      break;
    case 'continue':
      check(isStop(r) || r === n, 'a stop or the end');
      if (p < n) check(r > p && noStopBetween(p, r), 'the next stop after the position');
      else check(r === n, 'to stay finished');
      break;
    case 'reverseContinue':
      if (p <= 0) {
        check(r === p, 'to stay put');
      } else {
        check(isStop(r) || r === 0, 'a stop or the first event');
        check(r < p && noStopBetween(r, Math.min(p, n)), 'the previous stop');
      }
      break;
    case 'stepInto':
      check(r === (p < n ? p + 1 : n), 'the next event');
      break;
    case 'stepBack':
      check(r <= p, 'never to move forward');
      if (p > 0) check(r === p - 1, 'the previous event');
      break;
    case 'stepOver':
    case 'stepOut': {
      if (p < 0) {
        check(r === Math.min(n, 0), 'the first event');
        break;
      }
      if (p >= n) {
        check(r === n, 'to stay finished');
        break;
      }
      // Step Over from a return, a yield or an unwind goes on in the caller (when there
      // is one), past the other calls of its line: as Step Out.
      const k = trace.kind[p];
      const leaving = (k === EventKind.Return || k === EventKind.Unwind) && trace.depth[p] > 0;
      const target = trace.depth[p] - (command === 'stepOut' || leaving ? 1 : 0);
      check(r > p, 'to move forward');
      // Everything skipped is deeper than the target and not a breakpoint stop.
      for (let e = p + 1; e < r; e++) {
        check(trace.depth[e] > target && !isStop(e), `event ${e} not to be skipped`);
      }
      check(r === n || trace.depth[r] <= target || isStop(r), 'an event at the target depth');
      break;
    }
  }
}

describe('replay engine properties', () => {
  it('builds well-formed random traces (depths follow the frames table)', () => {
    fc.assert(
      fc.property(sessionArb, ({ trace }) => {
        const bad: number[] = [];
        for (let e = 0; e < trace.length; e++) {
          const ok =
            trace.depth[e] === trace.frames.depthOf(trace.frame[e]) &&
            trace.stackAt(e).length === trace.depth[e] + 1 &&
            (e === 0 || trace.depth[e] - trace.depth[e - 1] <= 1);
          if (!ok) bad.push(e);
        }
        expect(bad).toEqual([]);
      }),
      RUNS,
    );
  });

  it('indexHits agrees with a straightforward reference implementation', () => {
    fc.assert(
      fc.property(sessionArb, ({ trace, breakpoints }) => {
        const hits = indexHits(trace, breakpoints);
        const ref = referenceHits(trace, breakpoints);
        expect(Array.from(hits.stops)).toEqual(ref.stops);
        expect(hits.byBreakpoint).toEqual(ref.byBreakpoint);
        expect(hits.reached).toEqual(ref.reached);
        expect([...hits.missingProbes].sort()).toEqual(ref.missing);
        expect(new Map([...hits.probeErrors].map(([id, e]) => [id, e.count]))).toEqual(ref.errors);
      }),
      RUNS,
    );
  });

  it('every command from every position stays in [-1, n] and does what it promises', () => {
    fc.assert(
      fc.property(sessionArb, ({ trace, breakpoints }) => {
        const hits = indexHits(trace, breakpoints);
        for (let p = START; p <= trace.length; p++) {
          for (const command of COMMANDS) {
            checkCommand(trace, hits, command, p, step(trace, p, command, hits));
          }
        }
      }),
      RUNS,
    );
  });

  it('random sessions of commands, jumps and breakpoint toggles never throw or leave [-1, n]', () => {
    fc.assert(
      fc.property(
        sessionArb,
        fc.array(actionArb, { maxLength: 40 }),
        ({ trace, breakpoints }, actions) => {
          const bps = breakpoints.map((b) => ({ ...b }));
          let hits = indexHits(trace, bps);
          let p = START;
          for (const action of actions) {
            if (action.type === 'toggle') {
              if (bps.length === 0) continue;
              const b = bps[action.index % bps.length];
              b.enabled = !b.enabled;
              hits = indexHits(trace, bps);
              continue;
            }
            if (action.type === 'jump') {
              const r = jump(trace, action.target);
              expect(r).toBeGreaterThanOrEqual(START);
              expect(r).toBeLessThanOrEqual(trace.length);
              p = r;
              continue;
            }
            const r = step(trace, p, action.command, hits);
            checkCommand(trace, hits, action.command, p, r);
            p = r;
          }
        },
      ),
      RUNS,
    );
  });

  it('continue from the start visits exactly the stops, in order, then finishes', () => {
    fc.assert(
      fc.property(sessionArb, ({ trace, breakpoints }) => {
        const hits = indexHits(trace, breakpoints);
        const visited: number[] = [];
        let p = step(trace, START, 'debug', hits);
        while (p < trace.length) {
          visited.push(p);
          p = step(trace, p, 'continue', hits);
        }
        expect(visited).toEqual(Array.from(hits.stops));
        expect(p).toBe(trace.length);
      }),
      RUNS,
    );
  });

  it('reverse continue from the end visits the stops backwards, then the first event', () => {
    fc.assert(
      fc.property(sessionArb, ({ trace, breakpoints }) => {
        const hits = indexHits(trace, breakpoints);
        const visited: number[] = [];
        let p = trace.length;
        for (let k = 0; k <= trace.length + 1; k++) {
          const r = step(trace, p, 'reverseContinue', hits);
          if (r === p) break;
          visited.push(r);
          p = r;
        }
        const expected = Array.from(hits.stops).reverse();
        if (trace.length > 0 && expected.at(-1) !== 0) expected.push(0);
        expect(visited).toEqual(expected);
      }),
      RUNS,
    );
  });
});
