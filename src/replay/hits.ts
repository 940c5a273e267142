/**
 * Breakpoint hits: for each breakpoint of a trace, where it stops or logs, how often its
 * line ran, and where its condition or log message failed. One pass over the trace;
 * the engine's navigation (./engine.ts) then binary-searches the stops.
 */
import { EventKind } from '../trace/meta';
import type { Breakpoint, ReplayTrace } from './engine';

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
  /** Which of the two failed (a breakpoint may have both). */
  source: 'condition' | 'log';
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

function noteError(
  errors: Map<string, ProbeError>,
  id: string,
  failure: Omit<ProbeError, 'count'>,
) {
  const seen = errors.get(id);
  if (seen) seen.count++;
  else errors.set(id, { ...failure, count: 1 });
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
          noteError(errors, b.id, { source: 'condition', event: e, message: outcome.error });
          continue;
        }
        if (outcome === '') continue;
      }
      const n = (counts.get(b.id) ?? 0) + 1;
      counts.set(b.id, n);
      if (b.hitCount && n !== b.hitCount) continue;
      // A log message counts as failed only where it is shown: a hit the hit count skips
      // is neither logged nor reported.
      if (b.log !== undefined) {
        const failed = logFailure(trace, e, b.id);
        if (failed !== null) noteError(errors, b.id, { source: 'log', event: e, message: failed });
      }
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
