/**
 * What the breakpoint list and the panel's notices say: each breakpoint's kind, what it
 * did in this run (how often its line ran, how often it stopped or logged, its failing
 * condition), and the words for it. Pure; used by the panel view selector.
 */
import { type Lang, langTag, sentences, t, tn } from '../i18n';
import type { Breakpoint, HitIndex, ProbeError } from '../replay/engine';
import { type RunError, recordingFailure } from '../trace/meta';
import type { Trace } from '../trace/trace';
import type { PanelNotice } from './commandResult';
import { hitsFor } from './selectors';

/** What a breakpoint does: stop, stop when a condition holds (or on hit N), or log. */
export type BreakpointKind = 'plain' | 'condition' | 'log';

/** One row of the breakpoint list: the breakpoint and what it did in this run. */
export interface BreakpointRow {
  breakpoint: Breakpoint;
  kind: BreakpointKind;
  /** How often the line ran (condition aside); null before the trace exists. */
  reached: number | null;
  /** How often it stopped (or, for a logpoint, logged). */
  fired: number | null;
  /** Its condition or log message failed: the first failure. */
  error: ProbeError | null;
}

/** What a breakpoint does. */
export function breakpointKind(b: Breakpoint): BreakpointKind {
  return b.log !== undefined ? 'log' : b.condition || b.hitCount ? 'condition' : 'plain';
}

const lastRows = new WeakMap<
  readonly Breakpoint[],
  { hits: HitIndex | null; rows: BreakpointRow[] }
>();

/**
 * The breakpoint list's rows for the current trace's hits. The same breakpoints and hits
 * give the same array (a step changes neither), so the list is not redrawn on a step.
 */
export function breakpointRows(
  breakpoints: readonly Breakpoint[],
  hits: HitIndex | null,
): BreakpointRow[] {
  const last = lastRows.get(breakpoints);
  if (last && last.hits === hits) return last.rows;
  const rows = rowsOf(breakpoints, hits);
  lastRows.set(breakpoints, { hits, rows });
  return rows;
}

function rowsOf(breakpoints: readonly Breakpoint[], hits: HitIndex | null): BreakpointRow[] {
  return breakpoints.map((b) => ({
    breakpoint: b,
    kind: breakpointKind(b),
    reached: hits ? (hits.reached.get(b.id) ?? 0) : null,
    fired: hits ? (hits.byBreakpoint.get(b.id)?.length ?? 0) : null,
    error: (b.enabled && hits?.probeErrors.get(b.id)) || null,
  }));
}

/** One cell of the table comparing scenarios: a count, or why there is none. */
export type CompareCell =
  | { kind: 'pending' }
  | { kind: 'count'; n: number }
  | { kind: 'error'; message: string }
  /** The scenario's run was never recorded (Python could not start, or crashed). */
  | { kind: 'unrecorded'; error: RunError };

/**
 * What the compare table shows for breakpoint `b` in a scenario whose trace is `trace`
 * (null: not recorded yet): how often it stops there, or, for a logpoint, how often its
 * line ran. A condition that fails in that run stops nowhere, and a run that was never
 * recorded ran nothing that can be counted: "0" would read as an answer in both, so the
 * cell says which it is instead.
 */
export function compareCell(
  b: Breakpoint,
  trace: Trace | null,
  breakpoints: readonly Breakpoint[],
): CompareCell {
  if (!trace) return { kind: 'pending' };
  const failure = recordingFailure(trace);
  if (failure) return { kind: 'unrecorded', error: failure };
  const hits = hitsFor(trace, breakpoints);
  if (b.log !== undefined) return { kind: 'count', n: hits.reached.get(b.id) ?? 0 };
  const error = hits.probeErrors.get(b.id);
  if (error?.source === 'condition') return { kind: 'error', message: error.message };
  return { kind: 'count', n: hits.byBreakpoint.get(b.id)?.length ?? 0 };
}

/**
 * What a compare table row says after its place, so that its counts read right: a
 * logpoint counts the line's runs, a condition and a hit count narrow the stops.
 */
export function compareHints(lang: Lang, b: Breakpoint): string[] {
  const hints: string[] = [];
  if (b.log !== undefined) hints.push(t(lang, 'compareLog'));
  if (b.condition) hints.push(t(lang, 'compareIf', { cond: b.condition }));
  if (b.hitCount && b.log === undefined) hints.push(t(lang, 'compareHit', { n: b.hitCount }));
  return hints;
}

/** The text of a row's count: what it counts, in words. */
export function hitsText(lang: Lang, row: BreakpointRow): string {
  if (row.reached === null || row.fired === null) return t(lang, 'bpNotRecorded');
  const { breakpoint: b } = row;
  if (!b.enabled) return t(lang, 'bpLineRan', { n: row.reached });
  if (row.kind === 'log') {
    // A message that failed logged nothing there (its error is said on the row).
    const failed = row.error?.source === 'log' ? row.error.count : 0;
    return t(lang, 'bpLogged', { n: row.fired - failed, m: row.reached });
  }
  if (row.kind === 'condition') return t(lang, 'bpStopsOf', { n: row.fired, m: row.reached });
  return t(lang, 'bpStops', { n: row.fired });
}

/**
 * The row's text for a condition or log message that failed, with a hint when Python
 * could not find a name: it is evaluated in the frame it stops in, with that file's
 * globals, so a name defined in the setup or a scenario is not there.
 */
export function probeErrorText(lang: Lang, error: ProbeError): string {
  // Only the first error is kept: with several, the text says it is the first.
  const text =
    error.source === 'condition'
      ? tn(lang, error.count, 'bpConditionErrorOne', 'bpConditionError', { message: error.message })
      : tn(lang, error.count, 'bpLogErrorOne', 'bpLogError', { message: error.message });
  return /^NameError\b/.test(error.message) ? `${text} ${t(lang, 'bpNameHint')}` : text;
}

/** The notice's text. */
export function noticeText(lang: Lang, notice: PanelNotice): string {
  switch (notice.kind) {
    case 'debugNoBreakpoint':
      return t(lang, 'debugNoBreakpoint', { fn: notice.function });
    case 'noBreakpointHit':
      return t(lang, 'noBreakpointHit');
    case 'reverseNoBreakpoint':
      return notice.function === null
        ? t(lang, 'reverseToStart')
        : t(lang, 'reverseToFunction', { fn: notice.function });
    case 'loggedOnly':
      return t(lang, 'loggedOnly');
    case 'predicted':
      return t(lang, 'predicted', {
        verdict: t(lang, notice.correct ? 'predictRight' : 'predictWrong'),
      });
    case 'neverStopped':
      return t(lang, notice.failed ? 'neverStoppedFailed' : 'neverStopped');
    case 'stepOutOfRange':
      return t(lang, notice.total === 1 ? 'stepOutOfRangeOne' : 'stepOutOfRange', {
        n: notice.asked.toLocaleString(langTag(lang)),
        total: notice.total.toLocaleString(langTag(lang)),
      });
    case 'scenarioMissing':
      return notice.mine
        ? t(lang, 'myScenarioMissing')
        : t(lang, 'scenarioMissing', { id: notice.asked });
    case 'linkUnreadable':
      return t(lang, 'linkUnreadable');
    case 'linkOthersMine':
      return t(lang, 'linkOthersMine');
    case 'linkCodeHeld':
      return tn(lang, notice.count, 'linkCodeHeldOne', 'linkCodeHeld', { n: notice.count });
    case 'linkBreakpointsUnread': {
      const unread = tn(lang, notice.count, 'linkBreakpointsUnreadOne', 'linkBreakpointsUnread', {
        n: notice.count,
      });
      return notice.held > 0
        ? sentences(lang, unread, noticeText(lang, { kind: 'linkCodeHeld', count: notice.held }))
        : unread;
    }
    case 'breakpointMoved':
      return t(lang, 'breakpointMoved', { from: notice.from, to: notice.to });
    case 'noCodeLine':
      return t(lang, 'noCodeLine', { line: notice.line });
    case 'codeChanged':
      return notice.after
        ? sentences(lang, t(lang, 'codeChanged'), noticeText(lang, notice.after))
        : t(lang, 'codeChanged');
  }
}
