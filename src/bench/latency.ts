/**
 * Step latency of the replay engine plus the selectors the panel runs for every new
 * position, measured in the page's main thread (no React). Each sample is one command
 * from a real position: `step()` or `jump()`, the breakpoint hit index (`hitsFor`, cached
 * per breakpoint list as in the store), then `positionView` for the new position.
 */
import { type Breakpoint, type Command, jump, step } from '../replay/engine';
import { hitsFor, positionView } from '../store/selectors';
import type { Trace } from '../trace/trace';

/** The operations measured, in report order. `outerFrame` selects the outermost frame. */
export const OPS = ['step', 'stepOver', 'stepBack', 'continue', 'jump', 'outerFrame'] as const;
/** One measured operation. */
export type Op = (typeof OPS)[number];

/** Where in the trace to measure: a fraction of its length. */
export const REGIONS = { start: 0.001, middle: 0.5, end: 0.999 } as const;
/** A region name. */
export type Region = keyof typeof REGIONS;

/** The view function measured (the panel's `positionView`, or a variant to compare). */
export type ViewFn = (trace: Trace, position: number, frameIndex: number) => unknown;

/** Milliseconds per sample, by region and op. */
export type LatencySamples = Record<Region, Record<Op, number[]>>;

const COMMAND: Record<'step' | 'stepOver' | 'stepBack' | 'continue', Command> = {
  step: 'stepInto',
  stepOver: 'stepOver',
  stepBack: 'stepBack',
  continue: 'continue',
};

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Measure `samples` commands of each op in each region. Stepping ops run as a session
 * (each sample continues from the previous position); jumps go to fresh random
 * positions within ±0.5% of the region's anchor, so per-frame caches start cold.
 */
export function measureEngine(
  trace: Trace,
  breakpoints: readonly Breakpoint[],
  samples: number,
  view: ViewFn = positionView,
  seed = 1,
): LatencySamples {
  const n = trace.length;
  const random = rng(seed);
  const out = {} as LatencySamples;
  const window = Math.max(1, Math.floor(n * 0.005));
  let sink = 0;
  for (const region of Object.keys(REGIONS) as Region[]) {
    const anchor = Math.min(n - 1, Math.floor(n * REGIONS[region]));
    const per = {} as Record<Op, number[]>;
    for (const op of OPS) {
      const times: number[] = [];
      let pos = anchor;
      for (let k = 0; k < samples; k++) {
        const target = Math.max(0, Math.min(n - 1, anchor + Math.floor((random() - 0.5) * window)));
        const t0 = performance.now();
        let frameIndex = 0;
        if (op === 'jump') {
          pos = jump(trace, target);
        } else if (op === 'outerFrame') {
          pos = target;
          frameIndex = 1_000_000; // clamped to the outermost frame by positionView
        } else {
          pos = step(trace, pos, COMMAND[op], hitsFor(trace, breakpoints));
          // Keep the session inside the trace: a finished run restarts at the anchor.
          if (pos >= n || pos < 0) pos = anchor;
        }
        const v = view(trace, pos, frameIndex);
        times.push(performance.now() - t0);
        if (v) sink++;
      }
      per[op] = times;
    }
    out[region] = per;
  }
  if (sink < 0) console.log(sink);
  return out;
}

/**
 * The selector variant the bench used to recommend (caller lines from
 * `Trace.lineAt`). src/store/selectors.ts has adopted it, so this is now the
 * shipped `positionView`; the row is kept so results stay comparable with
 * earlier runs in docs/performance.md.
 */
export const positionViewWithLineAt = positionView;
