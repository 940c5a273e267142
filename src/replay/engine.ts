/**
 * Replay engine: pure navigation over a recorded trace.
 *
 * No React, no worker, no clock. A position is an event index:
 * `-1` before the start (nothing shown yet), `0 .. n-1` paused at that event,
 * `n` finished (the end of the trace; the full output is shown).
 * Every command is a function `(trace, position, stops) -> position`, so the
 * whole debugger can be tested exhaustively on plain data.
 */
import { EventKind } from '../trace/meta';
import type { HitIndex } from './hits';

/** The slice of a trace the engine reads (satisfied by `Trace`). */
export interface ReplayTrace {
  readonly length: number;
  readonly kind: ArrayLike<number>;
  readonly file: ArrayLike<number>;
  readonly line: ArrayLike<number>;
  readonly depth: ArrayLike<number>;
  /** Each event's frame record; records of one Python frame share a scope (Step Over a yield). */
  readonly frame: ArrayLike<number>;
  readonly frames: { scopeOf(frame: number): number; parentOf(frame: number): number };
  readonly meta: { files: string[] };
  readonly probesAt: Map<number, [number, string, string, string][]>;
}

/** A breakpoint as the student set it. */
export interface Breakpoint {
  /** Stable id; also the probe id the recorder reports condition results under. */
  id: string;
  /** Python file name (e.g. `s04/core/runtime.py`). */
  file: string;
  /** 1-based line in that file. */
  line: number;
  enabled: boolean;
  /** Python expression evaluated in the recorded frame; stop only when truthy. */
  condition?: string;
  /** Stop only on this hit (1-based), counting hits whose condition held. */
  hitCount?: number;
  /** Logpoint: write this message (with `{expr}` parts) instead of stopping. */
  log?: string;
  /**
   * The condition or log message came with a shared link and the reader has not turned
   * the breakpoint on yet: it is not evaluated at all (no probe), so Python written by
   * someone else never runs unasked. Turning the breakpoint on clears it.
   */
  held?: boolean;
}

/** Where a run can be, derived from a position. */
export type ReplayStatus = 'ready' | 'paused' | 'finished';

/** Every navigation command the engine knows, in toolbar order. */
export const COMMANDS = [
  'run',
  'debug',
  'continue',
  'stepOver',
  'stepInto',
  'stepOut',
  'stepBack',
  'reverseContinue',
  'restart',
] as const;

/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number];

/** Before the first event. */
export const START = -1;

/** The status shown for a position. */
export function statusOf(trace: ReplayTrace, position: number): ReplayStatus {
  if (position < 0) return 'ready';
  if (position >= trace.length) return 'finished';
  return 'paused';
}

/** Clamp any number to a valid position. */
export function clampPosition(trace: ReplayTrace, position: number): number {
  // NaN has no place on the timeline; +/-Infinity clamp to the end / the start.
  if (Number.isNaN(position)) return START;
  // `+ 0` turns the -0 that Math.trunc(-0.5) gives into 0.
  return Math.max(START, Math.min(trace.length, Math.trunc(position))) + 0;
}

export { type HitIndex, indexHits, type ProbeError } from './hits';

/** First element of sorted `arr` strictly greater than `x`, or -1. */
function nextAfter(arr: Int32Array, x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo < arr.length ? arr[lo] : -1;
}

/** Last element of sorted `arr` strictly less than `x`, or -1. */
function prevBefore(arr: Int32Array, x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? arr[lo - 1] : -1;
}

/** Next breakpoint stop after `position`, or the end. */
export function continueFrom(trace: ReplayTrace, position: number, hits: HitIndex): number {
  const next = nextAfter(hits.stops, position);
  return next < 0 ? trace.length : next;
}

/** Previous breakpoint stop before `position`, or the first event. */
export function reverseContinueFrom(trace: ReplayTrace, position: number, hits: HitIndex): number {
  if (trace.length === 0) return START;
  const prev = prevBefore(hits.stops, Math.min(position, trace.length));
  return Math.max(prev, 0);
}

/** Events per block of the depth index (see {@link depthIndex}). */
export const DEPTH_BLOCK = 256;
/** Shorter traces are scanned directly: the index would not pay for itself. */
export const DEPTH_INDEX_MIN_LENGTH = 4 * DEPTH_BLOCK;

const depthIndexes = new WeakMap<object, Int32Array>();

/**
 * The smallest depth in each block of {@link DEPTH_BLOCK} events, built once per trace
 * (one pass, 4 bytes per 256 events). Step Over a call that ran for a million events
 * then skips whole blocks of deeper events instead of reading each one.
 */
export function depthIndex(trace: ReplayTrace): Int32Array {
  const cached = depthIndexes.get(trace.depth as object);
  if (cached) return cached;
  const n = trace.length;
  const mins = new Int32Array(Math.ceil(n / DEPTH_BLOCK)).fill(0x7fffffff);
  for (let e = 0; e < n; e++) {
    const b = (e / DEPTH_BLOCK) | 0;
    if (trace.depth[e] < mins[b]) mins[b] = trace.depth[e];
  }
  depthIndexes.set(trace.depth as object, mins);
  return mins;
}

/** The first event in `from .. limit-1` at depth <= `maxDepth`, or `limit`. */
export function firstAtDepth(
  trace: ReplayTrace,
  from: number,
  limit: number,
  maxDepth: number,
): number {
  const { depth } = trace;
  if (trace.length < DEPTH_INDEX_MIN_LENGTH) {
    for (let e = from; e < limit; e++) if (depth[e] <= maxDepth) return e;
    return limit;
  }
  const mins = depthIndex(trace);
  let e = from;
  while (e < limit) {
    const b = (e / DEPTH_BLOCK) | 0;
    if (e % DEPTH_BLOCK === 0 && mins[b] > maxDepth) {
      e += DEPTH_BLOCK; // nothing shallow enough in this whole block
      continue;
    }
    if (depth[e] <= maxDepth) return e;
    e++;
  }
  return limit;
}

/**
 * The first event after `position` at depth <= `maxDepth`, stopping earlier
 * at a breakpoint hit on the way (as debuggers do for Step Over/Out).
 */
function nextAtDepth(trace: ReplayTrace, position: number, maxDepth: number, hits: HitIndex) {
  const hit = nextAfter(hits.stops, position);
  const limit = hit < 0 ? trace.length : hit;
  return firstAtDepth(trace, position + 1, limit, maxDepth);
}

/**
 * Step Over a yield (a generator handing out a value, a coroutine waiting at an `await`):
 * the first event after it that is the frame's own (where it resumes) or, not a yield, in
 * a frame it runs under (where the value arrives: the `for` that drives a generator). A
 * coroutine driven by asyncio's loop has no lesson frame between it and the loop, so it
 * goes on at its own next line, as `pdb` does; the coroutines that await it yield along
 * with it, and other frames (another generator's turn, another task's) are passed over.
 */
function afterYield(trace: ReplayTrace, position: number, hits: HitIndex): number {
  const hit = nextAfter(hits.stops, position);
  const limit = hit < 0 ? trace.length : hit;
  const { frames } = trace;
  const record = trace.frame[position];
  const scope = frames.scopeOf(record);
  const callers = new Set<number>();
  for (let f = frames.parentOf(record); f >= 0 && !callers.has(f); f = frames.parentOf(f))
    callers.add(f);
  const depth = trace.depth[position];
  for (let e = firstAtDepth(trace, position + 1, limit, depth); e < limit; ) {
    const f = trace.frame[e];
    if (frames.scopeOf(f) === scope) return e;
    if (callers.has(f) && trace.kind[e] !== EventKind.Yield) return e;
    e = firstAtDepth(trace, e + 1, limit, depth);
  }
  return limit;
}

/** Apply one command. Returns the new position. */
export function step(
  trace: ReplayTrace,
  position: number,
  command: Command,
  hits: HitIndex,
): number {
  const n = trace.length;
  const p = clampPosition(trace, position);
  switch (command) {
    case 'run':
      return n;
    case 'debug':
    case 'restart':
      return continueFrom(trace, START, hits);
    case 'continue':
      return p >= n ? n : continueFrom(trace, p, hits);
    case 'stepInto':
      return Math.min(n, p + 1);
    case 'stepOver': {
      if (p < 0) return Math.min(n, 0);
      if (p >= n) return n;
      // The next event of this frame, or of a shallower one. After a return (or an
      // unwind) this frame has none left: a frame at its depth is another call of the
      // caller's line (`f(1) + g(2)`), so it goes on in the caller, as Step Out; a
      // top-level frame has no caller, and the next top-level frame comes next.
      const k = trace.kind[p];
      if (k === EventKind.Yield && trace.depth[p] > 0) return afterYield(trace, p, hits);
      const leaving = (k === EventKind.Return || k === EventKind.Unwind) && trace.depth[p] > 0;
      return nextAtDepth(trace, p, trace.depth[p] - (leaving ? 1 : 0), hits);
    }
    case 'stepOut':
      if (p < 0) return Math.min(n, 0);
      if (p >= n) return n;
      return nextAtDepth(trace, p, trace.depth[p] - 1, hits);
    case 'stepBack':
      if (p < 0) return START;
      if (p === 0) return n === 0 ? START : 0;
      return p - 1;
    case 'reverseContinue':
      if (p <= 0) return p;
      return reverseContinueFrom(trace, p, hits);
  }
}

/** Jump straight to an event (the timeline); clamped to the trace. */
export function jump(trace: ReplayTrace, target: number): number {
  return clampPosition(trace, target);
}
