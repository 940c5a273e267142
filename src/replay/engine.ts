/**
 * Replay engine: pure navigation over a recorded trace.
 *
 * No React, no worker, no clock. A position is an event index:
 * `-1` before the start (nothing shown yet), `0 .. n-1` paused at that event,
 * `n` finished (the end of the trace; the full output is shown).
 * Every command is a function `(trace, position, stops) -> position`, so the
 * whole debugger can be tested exhaustively on plain data.
 */
import { EventKind } from '../trace/trace';

/** The slice of a trace the engine reads (satisfied by `Trace`). */
export interface ReplayTrace {
  readonly length: number;
  readonly kind: ArrayLike<number>;
  readonly file: ArrayLike<number>;
  readonly line: ArrayLike<number>;
  readonly depth: ArrayLike<number>;
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

/**
 * Breakpoint hits of a trace: for each breakpoint, the events where it fires,
 * and the merged, sorted list of events where execution stops. Computed in one
 * pass; every navigation command is then a binary search.
 */
export interface HitIndex {
  /** Sorted event indices where some (non-log) breakpoint stops. */
  stops: Int32Array;
  /** Per breakpoint id: sorted events where it fires (stops or logs). */
  byBreakpoint: Map<string, number[]>;
  /** Per breakpoint id: how many times its line was reached (condition aside). */
  reached: Map<string, number>;
  /** Conditional breakpoints whose results are missing (trace needs re-recording). */
  missingProbes: string[];
  /**
   * Per breakpoint id: its condition or log message failed (did not compile or raised).
   * The first failure's event and message, and how many times it failed. A breakpoint
   * whose condition fails never stops there: the student fixes it first.
   */
  probeErrors: Map<string, ProbeError>;
}

/** A breakpoint's condition or log message that failed while the run was recorded. */
export interface ProbeError {
  /** First event where it failed. */
  event: number;
  /** Python's `Type: message` of that failure. */
  message: string;
  /** How many times it failed. */
  count: number;
}

/** The condition's result at `event`: `''` false, other text true, an error, or missing. */
function probeOutcome(
  trace: ReplayTrace,
  event: number,
  id: string,
): string | { error: string } | undefined {
  const list = trace.probesAt.get(event);
  if (!list) return undefined;
  for (const p of list) {
    if (p[1] !== id) continue;
    if (p[2] === 'error') return { error: p[3] };
    if (p[2] === 'ok') return p[3];
  }
  return undefined;
}

/** The log message's failure at `event`, if it failed. */
function logFailure(trace: ReplayTrace, event: number, id: string): string | null {
  const p = trace.probesAt.get(event)?.find((r) => r[1] === id && r[2] === 'error');
  return p ? p[3] : null;
}

function noteError(errors: Map<string, ProbeError>, id: string, event: number, message: string) {
  const seen = errors.get(id);
  if (seen) seen.count++;
  else errors.set(id, { event, message, count: 1 });
}

/** Lines up to this use the typed-array prefilter in {@link indexHits}. */
const LINE_MASK_LIMIT = 1 << 20;

/** Compute the hit index for `breakpoints` over `trace`. */
export function indexHits(trace: ReplayTrace, breakpoints: readonly Breakpoint[]): HitIndex {
  const active = breakpoints.filter((b) => b.enabled);
  const byBreakpoint = new Map<string, number[]>();
  const reached = new Map<string, number>();
  const missing = new Set<string>();
  for (const b of breakpoints) {
    byBreakpoint.set(b.id, []);
    reached.set(b.id, 0);
  }
  if (active.length === 0) {
    return {
      stops: new Int32Array(0),
      byBreakpoint,
      reached,
      missingProbes: [],
      probeErrors: new Map(),
    };
  }
  // Group by (file index, line) so the scan does one lookup per line event.
  const files = trace.meta.files;
  const byKey = new Map<number, Breakpoint[]>();
  for (const b of active) {
    const f = files.indexOf(b.file);
    if (f < 0) continue;
    const key = b.line * 256 + f;
    const list = byKey.get(key);
    if (list) list.push(b);
    else byKey.set(key, [b]);
  }
  const counts = new Map<string, number>();
  const errors = new Map<string, ProbeError>();
  const stops: number[] = [];
  const { kind, file, line } = trace;
  // Most line events are on no breakpoint's line: rule them out with one typed-array
  // read before the map lookup (a million-event trace is scanned in a few ms).
  const maxLine = Math.max(...[...byKey.keys()].map((k) => Math.floor(k / 256)), 0);
  const wanted = new Uint8Array(Math.min(maxLine, LINE_MASK_LIMIT) + 1);
  for (const key of byKey.keys()) {
    const l = Math.floor(key / 256);
    if (l <= LINE_MASK_LIMIT) wanted[l] = 1;
  }
  for (let e = 0; e < trace.length; e++) {
    if (kind[e] !== EventKind.Line) continue;
    const l = line[e];
    if (l <= LINE_MASK_LIMIT && wanted[l] === 0) continue;
    const list = byKey.get(l * 256 + file[e]);
    if (!list) continue;
    let stopHere = false;
    for (const b of list) {
      reached.set(b.id, (reached.get(b.id) ?? 0) + 1);
      if (b.condition) {
        const outcome = probeOutcome(trace, e, b.id);
        if (outcome === undefined) {
          missing.add(b.id);
          continue;
        }
        // A condition that does not compile or raises is shown on the breakpoint and
        // never stops: silently stopping on every hit would hide the mistake.
        if (typeof outcome === 'object') {
          noteError(errors, b.id, e, outcome.error);
          continue;
        }
        if (outcome === '') continue;
      } else if (b.log !== undefined) {
        const failed = logFailure(trace, e, b.id);
        if (failed !== null) noteError(errors, b.id, e, failed);
      }
      const n = (counts.get(b.id) ?? 0) + 1;
      counts.set(b.id, n);
      if (b.hitCount && n !== b.hitCount) continue;
      (byBreakpoint.get(b.id) as number[]).push(e);
      if (b.log === undefined) stopHere = true;
    }
    if (stopHere) stops.push(e);
  }
  return {
    stops: Int32Array.from(stops),
    byBreakpoint,
    reached,
    missingProbes: [...missing],
    probeErrors: errors,
  };
}

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
    case 'stepOver':
      if (p < 0) return Math.min(n, 0);
      if (p >= n) return n;
      return nextAtDepth(trace, p, trace.depth[p], hits);
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
