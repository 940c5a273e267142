/**
 * Step Over / Step Out on long traces use a block index of depths (engine.ts
 * `firstAtDepth`) and the breakpoint scan a line prefilter (`indexHits`): both must
 * answer exactly what the plain scans answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEPTH_BLOCK,
  DEPTH_INDEX_MIN_LENGTH,
  type HitIndex,
  indexHits,
  type ReplayTrace,
  step,
} from '../../../src/replay/engine.ts';
import { EventKind } from '../../../src/trace/meta.ts';

/** A replay trace with the given depths (every event a line event of a.py). */
function traceOf(depth: number[], lines?: number[]): ReplayTrace {
  return {
    length: depth.length,
    kind: depth.map(() => EventKind.Line),
    file: depth.map(() => 0),
    line: lines ?? depth.map((_, i) => (i % 7) + 1),
    depth,
    frame: depth.map(() => 0),
    frames: { scopeOf: (f: number) => f, parentOf: () => -1 },
    meta: { files: ['a.py'] },
    probesAt: new Map(),
  };
}

/** The original Step Over / Step Out: scan event by event. */
function refNextAtDepth(
  t: ReplayTrace,
  position: number,
  maxDepth: number,
  hits: HitIndex,
): number {
  let limit = t.length;
  for (const s of hits.stops) {
    if (s > position) {
      limit = s;
      break;
    }
  }
  for (let e = position + 1; e < limit; e++) if (t.depth[e] <= maxDepth) return e;
  return limit;
}

/** Depths of a program that calls deep and stays there for long stretches. */
const depthsArb = fc
  .array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 1, max: 3 * DEPTH_BLOCK })), {
    minLength: 8,
    maxLength: 40,
  })
  .map((runs) => {
    const out: number[] = [];
    let d = 0;
    for (const [delta, len] of runs) {
      d = Math.max(0, d + delta);
      for (let k = 0; k < len; k++) out.push(d + (k % 3 === 0 ? 0 : 1));
    }
    while (out.length < DEPTH_INDEX_MIN_LENGTH + 1) out.push(0);
    return out;
  });

describe('Step Over and Step Out on long traces', () => {
  it('land where an event-by-event scan lands, with and without breakpoints', () => {
    fc.assert(
      fc.property(
        depthsArb,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        (depth, stopPicks, picks) => {
          const t = traceOf(depth);
          const stops = Int32Array.from(
            [...new Set(stopPicks.map((s) => s % t.length))].sort((a, b) => a - b),
          );
          const hits: HitIndex = {
            stops,
            byBreakpoint: new Map(),
            reached: new Map(),
            missingProbes: [],
            probeErrors: new Map(),
          };
          for (const p of [0, t.length - 1, ...picks.map((x) => x % t.length)]) {
            expect(step(t, p, 'stepOver', hits)).toBe(refNextAtDepth(t, p, t.depth[p], hits));
            expect(step(t, p, 'stepOut', hits)).toBe(refNextAtDepth(t, p, t.depth[p] - 1, hits));
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);
});

describe('the breakpoint scan', () => {
  it('finds hits on lines beyond the prefilter as well as within it', () => {
    const n = DEPTH_INDEX_MIN_LENGTH;
    const lines = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 2_000_000 : (i % 5) + 1));
    const t = traceOf(new Array(n).fill(0), lines);
    const hits = indexHits(t, [
      { id: 'far', file: 'a.py', line: 2_000_000, enabled: true },
      { id: 'near', file: 'a.py', line: 4, enabled: true },
    ]);
    const want = lines.flatMap((l, i) => (l === 2_000_000 || l === 4 ? [i] : []));
    expect(Array.from(hits.stops)).toEqual(want);
    expect(hits.reached.get('far')).toBe(lines.filter((l) => l === 2_000_000).length);
  });
});
