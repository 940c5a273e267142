/**
 * What one command does to a panel's position, beyond the engine's navigation: stepping
 * from "not run" begins at the panel's function, and Debug with no breakpoint stops at
 * the function's first line (and says so) instead of running silently to the end.
 */
import { type Breakpoint, type Command, START, step } from '../replay/engine';
import { EventKind } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { MY_SCENARIO } from './myScenario';
import { firstFocusEvent } from './recording';
import { hitsFor } from './selectors';

/**
 * A note about the last command: Debug with no breakpoint stopped at the first line
 * of the panel's function; Debug ran to the end because no breakpoint was hit; a jump
 * asked for a step the trace does not have; the code changed, so the run started again.
 */
export type PanelNotice =
  | { kind: 'debugNoBreakpoint'; function: string }
  /** The code changed under a run in progress, which started again; `after`: what the new run did. */
  | { kind: 'codeChanged'; after: PanelNotice | null }
  | { kind: 'noBreakpointHit' }
  /**
   * Reverse Continue found no breakpoint that stops before the step: it went back to the
   * first line of the panel's `function` (from after it), or to the start of the run (null).
   */
  | { kind: 'reverseNoBreakpoint'; function: string | null }
  /** Debug ran to the end with logpoints only: they log without stopping (see the output). */
  | { kind: 'loggedOnly' }
  /**
   * Debug ran to the end past a breakpoint's line without stopping: its condition or hit
   * count never let it (`failed`: a condition raised or did not compile).
   */
  | { kind: 'neverStopped'; failed: boolean }
  | { kind: 'stepOutOfRange'; asked: number; total: number }
  /** A prediction was answered (`correct` or not) and the replay went to where its answer shows. */
  | { kind: 'predicted'; correct: boolean }
  /**
   * The panel was asked (by a link or its saved state) to open on a scenario it does not
   * offer here: the reader's own scenario of another browser (`mine`), or one the lesson
   * no longer has. It opens on its first scenario, and says so.
   */
  | { kind: 'scenarioMissing'; asked: string; mine: boolean }
  /** A link's `count` breakpoints with a condition or log message arrived turned off. */
  | { kind: 'linkCodeHeld'; count: number }
  /**
   * `count` of a link's breakpoints were not set (unreadable, or on a line the lesson does
   * not have); `held` of the others arrived turned off, as in `linkCodeHeld`.
   */
  | { kind: 'linkBreakpointsUnread'; count: number; held: number }
  /** A link named this panel, but what it said of it could not be read (cut short?). */
  | { kind: 'linkUnreadable' }
  /** A link made on the sharer's own scenario: the reader's own opened, at its start. */
  | { kind: 'linkOthersMine' }
  /** A breakpoint asked for on a line with no code went on the next line that has some. */
  | { kind: 'breakpointMoved'; from: number; to: number }
  /** A breakpoint asked for on a line with no code, and none follows: it was not set. */
  | { kind: 'noCodeLine'; line: number };

const STEPS: readonly Command[] = ['stepInto', 'stepOver', 'stepOut'];

/** The commands that begin a new run of the scenario, from wherever the panel was. */
const STARTS_RUN: readonly Command[] = ['debug', 'restart'];

/**
 * The first line the focus function runs (the first line event of its first call), the
 * call itself if it runs no line, or null if the function is never called.
 */
export function firstFocusLine(trace: Trace, focus: { file: string; fn: string }): number | null {
  const call = firstFocusEvent(trace, focus);
  const f = trace.meta.files.indexOf(focus.file);
  if (trace.kind[call] !== EventKind.Call || trace.file[call] !== f) return null;
  if (trace.functionOf(call) !== focus.fn) return null;
  for (let e = call + 1; e < trace.length; e++) {
    if (trace.kind[e] === EventKind.Line && trace.frame[e] === trace.frame[call]) return e;
    if (trace.depth[e] < trace.depth[call]) break;
  }
  return call;
}

/** Whether any of `breakpoints` can stop a run (enabled, and not a logpoint). */
function canStop(breakpoints: readonly Breakpoint[]): boolean {
  return breakpoints.some((b) => b.enabled && b.log === undefined);
}

/** Whether any of `breakpoints` is an enabled logpoint. */
function logs(breakpoints: readonly Breakpoint[]): boolean {
  return breakpoints.some((b) => b.enabled && b.log !== undefined);
}

/**
 * The notice to show now. "No breakpoint: stopped at the first line" stops being true as
 * soon as the student sets one, so it goes then, without waiting for the next command.
 */
export function currentNotice(
  notice: PanelNotice | null,
  breakpoints: readonly Breakpoint[],
): PanelNotice | null {
  if (notice?.kind === 'codeChanged') {
    return { kind: 'codeChanged', after: currentNotice(notice.after, breakpoints) };
  }
  return notice?.kind === 'debugNoBreakpoint' && canStop(breakpoints) ? null : notice;
}

/** The position a command leads to, and the notice it leaves. Pure. */
export function applyCommand(
  trace: Trace,
  p: { position: number; breakpoints: readonly Breakpoint[] },
  command: Command,
  focus: { file: string; fn: string } | null,
): { position: number; notice: PanelNotice | null } {
  if (p.position === START && STEPS.includes(command) && trace.length > 0) {
    return { position: firstFocusEvent(trace, focus), notice: null };
  }
  const starts = STARTS_RUN.includes(command);
  // Logpoints alone: the run is not silent (their lines are in the output), it never stops.
  const logOnly = !canStop(p.breakpoints) && logs(p.breakpoints);
  if (starts && trace.length > 0) {
    // A debugger started with no breakpoint stops at the start of the code under
    // study rather than running silently to the end.
    const silent = !canStop(p.breakpoints) && !logOnly;
    const first = silent && focus ? firstFocusLine(trace, focus) : null;
    if (first !== null && focus) {
      return { position: first, notice: { kind: 'debugNoBreakpoint', function: focus.fn } };
    }
  }
  const hits = hitsFor(trace, p.breakpoints);
  if (command === 'reverseContinue' && p.position > 0) {
    const earlier = hits.stops.length > 0 && hits.stops[0] < Math.min(p.position, trace.length);
    if (!earlier) return backToStart(trace, p.position, focus);
  }
  const position = step(trace, p.position, command, hits);
  const ranOut = starts && position >= trace.length && trace.meta.outcome === 'completed';
  if (!ranOut) return { position, notice: null };
  // "No breakpoint was reached" only when none was: one whose line ran but that never
  // stopped says why instead.
  const passed = p.breakpoints.filter(
    (b) => b.enabled && b.log === undefined && (hits.reached.get(b.id) ?? 0) > 0,
  );
  if (passed.length === 0)
    return { position, notice: { kind: logOnly ? 'loggedOnly' : 'noBreakpointHit' } };
  const failed = passed.some((b) => hits.probeErrors.get(b.id)?.source === 'condition');
  return { position, notice: { kind: 'neverStopped', failed } };
}

/**
 * Reverse Continue with no breakpoint behind: as Debug with none, it stops at the start of
 * the code under study (the focus function's first line) rather than in the setup code,
 * unless the step is already there or before; then at the run's first step.
 */
function backToStart(
  trace: Trace,
  position: number,
  focus: { file: string; fn: string } | null,
): { position: number; notice: PanelNotice } {
  const first = focus ? firstFocusLine(trace, focus) : null;
  if (focus && first !== null && first < position) {
    return { position: first, notice: { kind: 'reverseNoBreakpoint', function: focus.fn } };
  }
  return { position: 0, notice: { kind: 'reverseNoBreakpoint', function: null } };
}

/** "Go to step" `step` (1-based, as the timeline counts): the move, or a notice. */
export function goToStepResult(
  trace: Trace,
  step: number,
): { position: number; frameIndex: number; notice: null } | { notice: PanelNotice } {
  if (!Number.isInteger(step) || step < 1 || step > trace.length) {
    return { notice: { kind: 'stepOutOfRange', asked: step, total: trace.length } };
  }
  return { position: step - 1, frameIndex: 0, notice: null };
}

/**
 * What a panel says as it opens: that the link's state for it could not be read; that the
 * scenario asked for (`missing`, by a link or the saved state) is not offered here; else
 * that some of a link's breakpoints could not be read, or that they carry code the reader
 * has not turned on (`Breakpoint.held`); else nothing.
 */
export function openingNotice(
  missing: string | null,
  initial: {
    breakpoints?: readonly Breakpoint[];
    unreadable?: true;
    othersMine?: true;
    unreadBreakpoints?: number;
  } = {},
): PanelNotice | null {
  if (initial.unreadable) return { kind: 'linkUnreadable' };
  const breakpoints = initial.breakpoints ?? [];
  if (missing !== null)
    return { kind: 'scenarioMissing', asked: missing, mine: missing === MY_SCENARIO };
  if (initial.othersMine) return { kind: 'linkOthersMine' };
  const held = breakpoints.filter((b) => b.held).length;
  if (initial.unreadBreakpoints)
    return { kind: 'linkBreakpointsUnread', count: initial.unreadBreakpoints, held };
  return held > 0 ? { kind: 'linkCodeHeld', count: held } : null;
}

/**
 * Where a link's step (`position`, 0-based; the trace's length: finished) opens the
 * panel: there, with its selected call-stack frame kept within the stack, and what the
 * panel said on opening (a link's code held); or, for a step the run does not have, at
 * the start, saying so.
 */
export function linkedStep(
  trace: Trace,
  position: number,
  frame: number | undefined,
  opening: PanelNotice | null,
): { position: number; frameIndex: number; notice: PanelNotice | null } {
  if (!Number.isInteger(position) || position < 0 || position > trace.length) {
    const asked = Number.isInteger(position) && position >= 0 ? position + 1 : position;
    const notice: PanelNotice = { kind: 'stepOutOfRange', asked, total: trace.length };
    return { position: START, frameIndex: 0, notice };
  }
  const inside = frame && position < trace.length;
  const frameIndex = inside ? Math.min(frame, trace.stackAt(position).length - 1) : 0;
  return { position, frameIndex, notice: opening };
}
