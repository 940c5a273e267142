/**
 * Derived panel data, computed from the store's state and memoised per trace.
 * Nothing here is stored: the store keeps positions and breakpoints only.
 */
import { type Breakpoint, type HitIndex, indexHits, statusOf } from '../replay/engine';
import { resultAt, type StepResult } from '../trace/result';
import type { Trace } from '../trace/trace';
import type { PanelState } from './panels';

const hitCache = new WeakMap<Trace, { breakpoints: readonly Breakpoint[]; hits: HitIndex }>();

/** The breakpoint hits of a trace, recomputed only when the breakpoints change. */
export function hitsFor(trace: Trace, breakpoints: readonly Breakpoint[]): HitIndex {
  const cached = hitCache.get(trace);
  if (cached && cached.breakpoints === breakpoints) return cached.hits;
  const hits = indexHits(trace, breakpoints);
  hitCache.set(trace, { breakpoints, hits });
  return hits;
}

/** The state the panel's status badge shows (the DOM contract's `data-state`). */
export type PanelUiState = 'loading' | 'ready' | 'paused' | 'finished' | 'error';

/** The trace of the panel's current scenario, if recorded. */
export function currentTrace(p: PanelState): Trace | null {
  return p.traces[p.scenario]?.trace ?? null;
}

/** The status badge state. */
export function uiStateOf(p: PanelState, pythonReady: boolean): PanelUiState {
  const trace = currentTrace(p);
  if (!trace) {
    if (!pythonReady || p.pending) return 'loading';
    return 'ready';
  }
  const s = statusOf(trace, p.position);
  if (s === 'finished' && trace.meta.outcome !== 'completed') return 'error';
  if (s === 'ready' && trace.length === 0 && trace.meta.outcome !== 'completed') return 'error';
  return s;
}

/** One row of the variables pane. */
export interface VariableRow {
  name: string;
  /** What the name holds (a trace `Ref`: an atom's value index or an object). */
  value: number;
  changed: boolean;
}

/** One row of the call stack. */
export interface FrameView {
  frameId: number;
  function: string;
  file: string;
  /** The line this frame is at, at the current position. */
  line: number;
}

/** Everything the panel renders for the current position. */
export interface PositionView {
  event: number;
  kind: number;
  file: string;
  line: number;
  function: string;
  stack: FrameView[];
  variables: VariableRow[];
  /** Return value or raised exception at this event, as a trace `Ref`. */
  result: Omit<StepResult, 'frameId'> | null;
}

/** The view of a paused position (or the last event when finished). */
export function positionView(
  trace: Trace,
  position: number,
  frameIndex: number,
): PositionView | null {
  if (trace.length === 0 || position < 0) return null;
  const i = Math.min(position, trace.length - 1);
  const stackIds = trace.stackAt(i);
  const stack = stackIds.map((fid) => ({
    frameId: fid,
    function: trace.frames.functionOf(fid),
    file: trace.meta.files[trace.frames.fileOf(fid)],
    line: fid === trace.frame[i] ? trace.line[i] : trace.lineAt(fid, i),
  }));
  const selected = stack[Math.min(frameIndex, stack.length - 1)];
  // Changed since the previous step = bound by the step that led here. At a
  // frame's first event everything is new, so nothing is marked.
  const own =
    selected.frameId === trace.frame[i] && trace.frames.firstEventOf(selected.frameId) !== i;
  const changed = own ? trace.changedAt(i) : new Set<string>();
  const variables = trace.variablesAt(selected.frameId, i).map((v) => ({
    name: v.name,
    value: v.value,
    changed: changed.has(v.name),
  }));
  // The event's value belongs to the frame the event is in: a caller shown instead has
  // neither returned nor raised (it may yet catch what its callee raised).
  const handed = resultAt(trace, i);
  const result =
    handed && handed.frameId === selected.frameId
      ? { kind: handed.kind, value: handed.value }
      : null;
  return {
    event: i,
    kind: trace.kind[i],
    file: selected.file,
    line: selected.line,
    function: selected.function,
    stack,
    variables,
    result,
  };
}

/** Logpoint messages written before `position`, with the output offset they belong at. */
export function logMessages(
  trace: Trace,
  position: number,
  hits: HitIndex,
  breakpoints: readonly Breakpoint[],
): { event: number; offset: number; text: string; error: boolean }[] {
  const out: { event: number; offset: number; text: string; error: boolean }[] = [];
  for (const b of breakpoints) {
    if (b.log === undefined || !b.enabled) continue;
    for (const e of hits.byBreakpoint.get(b.id) ?? []) {
      if (e >= position) break;
      const probe = trace.probesAt.get(e)?.find((p) => p[1] === b.id && p[2] !== 'ok');
      if (probe)
        out.push({ event: e, offset: trace.out[e], text: probe[3], error: probe[2] === 'error' });
    }
  }
  return out.sort((a, b) => a.event - b.event);
}

/**
 * A piece of the output pane: program output, a logpoint message in its place, or a
 * logpoint whose message failed (`error`: the text is Python's error, never shown as if
 * the program had printed it).
 */
export interface OutputSegment {
  text: string;
  log: boolean;
  error: boolean;
}

/** The output written before `position`, with logpoint messages where they were logged. */
export function outputSegments(
  trace: Trace,
  position: number,
  hits: HitIndex,
  breakpoints: readonly Breakpoint[],
): OutputSegment[] {
  if (position < 0) return [];
  const text = trace.outputAt(position);
  const parts: OutputSegment[] = [];
  let at = 0;
  for (const m of logMessages(trace, position, hits, breakpoints)) {
    const cut = Math.min(m.offset, text.length);
    if (cut > at) parts.push({ text: text.slice(at, cut), log: false, error: false });
    at = Math.max(at, cut);
    parts.push({ text: m.error ? m.text : `${m.text}\n`, log: true, error: m.error });
  }
  if (at < text.length) parts.push({ text: text.slice(at), log: false, error: false });
  return parts;
}

/**
 * What the output pane says when it has nothing to show at `position`: nothing printed
 * yet, or, once the run has ended (`position` at the trace's length), nothing at all.
 */
export function emptyOutputKey(
  trace: Pick<Trace, 'length'> | null,
  position: number,
): 'noOutput' | 'noOutputAtAll' {
  return trace && trace.length > 0 && position >= trace.length ? 'noOutputAtAll' : 'noOutput';
}
