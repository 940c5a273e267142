/**
 * The panel view selector: everything a panel shows, from the store's state and the lesson,
 * by pure functions. Components only render it; every rule about which file, lines,
 * highlights, notes and buttons appear lives here (tests/unit/store/panel-view.test.ts).
 *
 * To show something new in a panel: add a field to `PanelViewModel`, compute it in
 * `selectPanelView` (or a helper beside it), test it, and render it in a pane.
 */
import type { LineRange, ResolvedPanel } from '../lessons/lesson';
import type { ExpectedEnding } from '../lessons/schema';
import type { HitIndex } from '../replay/engine';
import { lineMarks } from '../replay/lineMarks';
import { judgeEnding } from '../runtime/ending';
import { type RunError, recordingFailure } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { type BreakpointKind, type BreakpointRow, breakpointRows } from './breakpointView';
import { focusRange, lineCount, shownRange, sliceLines } from './codeLines';
import { currentNotice } from './commandResult';
import { type CommandContext, type CommandId, enabledCommands } from './commands';
import type { PanelNotice, PanelState } from './panels';
import { callStartOf } from './recording';

export {
  type BreakpointKind,
  type BreakpointRow,
  hitsText,
  noticeText,
  probeErrorText,
} from './breakpointView';
export { compactStatus, statusText, timelineText } from './statusText';

import {
  currentTrace,
  hitsFor,
  type PanelUiState,
  type PositionView,
  positionView,
  uiStateOf,
} from './selectors';
import { callsAt, type HistoryDisplay, historyDisplay } from './valueHistory';

export type { HistoryDisplay } from './valueHistory';

/** What the selector reads besides the panel's store state. */
export interface PanelViewInput {
  panel: ResolvedPanel;
  /** Every Python file of the lesson by file name (what execution can enter). */
  files: Readonly<Record<string, string>>;
  /** The panel's store state. */
  state: PanelState;
  pythonReady: boolean;
  /** Author mode: the whole source file is shown, editable. */
  author: boolean;
  /** In author mode, the draft text of the panel's source as typed (even if it does not load). */
  draftSource?: string;
  /** The step note the reader clicked, if any. */
  activeNote: number | null;
  /** The line the editor's cursor is on (file numbering). */
  cursorLine: number | null;
}

/** How a breakpoint is drawn in the gutter. */
export interface GutterMark {
  line: number;
  enabled: boolean;
  kind: BreakpointKind;
  /** Its condition or log message failed in this run (`Type: message`). */
  error?: string;
}

/** An error shown in the code at its line. */
export interface CodeMarker {
  line: number;
  column?: number;
  message: string;
}

/** What the code view shows. */
export interface CodeDisplay {
  /** The Python file name shown. */
  file: string;
  /** The file line number of the first shown line. */
  firstLine: number;
  /** The text shown: the focus function, a whole file, or the draft. */
  text: string;
  /**
   * The whole file `text` was cut from (`text` is its lines from `firstLine` on), or null
   * when `text` is all there is (a draft). Monaco keeps this text and hides the other
   * lines, so that execution moving between a function and its file does not replace it.
   */
  fileText: string | null;
  /**
   * How many lines the code box is tall: the focus function's lines (a draft's own), also
   * while another file is shown in it (store/codeLines.ts), so that stepping into and out
   * of callees never resizes the box.
   */
  boxLines: number;
  editable: boolean;
  /** File line of the current position ("runs next"), if it is in the shown file. */
  currentLine: number | null;
  /** File line that just ran in the selected frame, if shown and not the current line. */
  justRanLine: number | null;
  /** Lines highlighted as a group (the current or clicked step note). */
  highlight: LineRange | null;
  gutter: GutterMark[];
  markers: CodeMarker[];
  /** Execution is outside the focus function: where it is. */
  nowIn: { file: string; function: string } | null;
}

/** The run's error, when the panel shows it as an alert. */
export interface RunErrorDisplay {
  error: RunError;
  /** A budget or interrupt stopped the run (rather than an exception). */
  stopped: boolean;
  /**
   * Set when the scenario declares this ending (lesson format `ending`): the run did
   * what the lesson means to show, so it is presented as such, not as a broken lesson.
   */
  expected: ExpectedEnding | null;
  /** The trace up to the stop can be replayed. */
  partial: boolean;
}

/** Everything a panel shows for its current state. */
export interface PanelViewModel {
  state: PanelUiState;
  trace: Trace | null;
  /** The position's view (also when finished: the last event); null before the start. */
  pos: PositionView | null;
  paused: boolean;
  hits: HitIndex | null;
  /** The first event of the focus function's first call: the steps before it are setup. */
  callStart: number;
  /**
   * The status badge's facts; `statusText` words them. `line` and `file` are where the
   * program is paused (the innermost frame), whichever frame is selected; `file` only when
   * it is not the panel's source (the line number alone would point into the wrong one).
   * `viewing` is the selected caller frame, when one is: its function and line, and its
   * file when that is not the panel's source.
   */
  status: {
    line: number | null;
    file: string | null;
    step: number | null;
    total: number;
    recording: boolean;
    viewing: { function: string; line: number; file: string | null } | null;
  };
  code: CodeDisplay;
  /** Step notes: the one holding the current line (-1 if none) and the highlighted one. */
  notes: { current: number; highlighted: number | null };
  /** Lines of the panel's source with a breakpoint, sorted (the `data-breakpoints` contract). */
  sourceBreakpoints: number[];
  /** The selected call-stack frame (index into `pos.stack`). */
  selectedFrame: number;
  /** Each frame of `pos.stack` as a call with its arguments: `run_hooks(hooks=#12, event='before', …)`. */
  calls: string[];
  valueHistory: HistoryDisplay | null;
  runError: RunErrorDisplay | null;
  /** What decides which commands are enabled (the key handler reads it too). */
  commandContext: CommandContext;
  /** Whether each command (toolbar button, key) is enabled. */
  commands: Record<CommandId, boolean>;
  /** The breakpoint list's rows, in the order they were set. */
  breakpoints: BreakpointRow[];
  /** What the last command did that needs saying (see `PanelNotice`), above the code. */
  notice: PanelNotice | null;
  /** "Go to step" asked for a step the run does not have: said beside that field instead. */
  stepOutOfRange: Extract<PanelNotice, { kind: 'stepOutOfRange' }> | null;
}

/** `file` when it is not the panel's source (a line number alone would point into that). */
const otherFile = (file: string, panel: ResolvedPanel) => (file === panel.source ? null : file);

/** The gutter marks of the breakpoints in one file. */
export function gutterOf(rows: readonly BreakpointRow[], file: string): GutterMark[] {
  return rows
    .filter((r) => r.breakpoint.file === file)
    .map((r) => ({
      line: r.breakpoint.line,
      enabled: r.breakpoint.enabled,
      kind: r.kind,
      ...(r.error ? { error: r.error.message } : {}),
    }));
}

function runErrorOf(
  trace: Trace | null,
  state: PanelUiState,
  ending: ExpectedEnding | undefined,
): RunErrorDisplay | null {
  const error = trace?.meta.error ?? null;
  if (!trace || !error) return null;
  const stopped = trace.meta.outcome === 'stopped';
  const shown =
    state === 'error' ||
    trace.length === 0 ||
    (state === 'finished' && trace.meta.outcome !== 'completed');
  const verdict = judgeEnding(trace.meta, ending);
  return shown
    ? {
        error,
        stopped,
        partial: stopped && trace.length > 0,
        expected: verdict.intended ? (ending ?? null) : null,
      }
    : null;
}

/** The scenario's declared ending, if the panel offers that scenario and it declares one. */
function endingOf(panel: ResolvedPanel, scenario: string): ExpectedEnding | undefined {
  return panel.scenarios.find((s) => s.id === scenario)?.ending;
}

/** Everything the panel shows, from its state and its lesson. Pure. */
export function selectPanelView(input: PanelViewInput): PanelViewModel {
  const { panel, files, state: p, author } = input;
  const trace = currentTrace(p);
  const state = uiStateOf(p, input.pythonReady);
  const pos = trace ? positionView(trace, p.position, p.frameIndex) : null;
  const paused = state === 'paused' && pos !== null;
  const recorded = trace !== null && recordingFailure(trace) === null; // else no hits, not 0
  const hits = recorded ? hitsFor(trace, p.breakpoints) : null;
  const rows = breakpointRows(p.breakpoints, hits);
  const shown = shownRange(panel, files, author, pos, paused);
  const draft = author && shown.file === panel.source ? input.draftSource : undefined;
  const currentLine = paused && pos.file === shown.file ? pos.line : null;
  const inSource = shown.file === panel.source;
  const current =
    currentLine !== null && inSource
      ? panel.steps.findIndex((s) => currentLine >= s.start && currentLine <= s.end)
      : -1;
  const highlighted = input.activeNote ?? (current >= 0 ? current : null);
  const error = trace?.meta.error ?? null;
  const selectedFrame = pos ? Math.min(p.frameIndex, pos.stack.length - 1) : 0;
  const marks =
    paused && trace ? lineMarks(trace, pos.stack[selectedFrame].frameId, pos.event) : null;
  const justRan =
    marks?.justRan && marks.justRan.file === shown.file && marks.justRan.line !== currentLine
      ? marks.justRan.line
      : null;
  const target = p.historyTarget;
  const valueHistory = trace && target ? historyDisplay(trace, target, p.position) : null;
  const commandContext: CommandContext = {
    state,
    canStep: input.pythonReady || recorded,
    cursorLine: input.cursorLine,
    lastChange: valueHistory?.last?.step ?? null,
    atStart: p.position <= 0,
  };
  const text = draft ?? sliceLines(files[shown.file] ?? '', shown.start, shown.end);
  const focus = focusRange(panel, files, author);
  // The focus function's height, whatever file is shown (./codeLines.ts); a draft's own.
  const boxLines = draft !== undefined ? lineCount(text) : focus.end - focus.start + 1;
  const notice = currentNotice(p.notice ?? null, p.breakpoints);
  const outsideFocus =
    paused &&
    (pos.file !== panel.source ||
      pos.line < panel.functionRange.start ||
      pos.line > panel.functionRange.end);

  return {
    state,
    trace,
    pos,
    paused,
    hits,
    callStart: trace ? callStartOf(trace, { file: panel.source, fn: panel.function }) : 0,
    status: {
      line: paused ? pos.stack[0].line : null,
      file: paused ? otherFile(pos.stack[0].file, panel) : null,
      step: paused ? p.position : null,
      total: trace?.length ?? 0,
      recording: p.pending !== null,
      viewing:
        paused && selectedFrame > 0
          ? { function: pos.function, line: pos.line, file: otherFile(pos.file, panel) }
          : null,
    },
    code: {
      file: shown.file,
      firstLine: draft !== undefined ? 1 : shown.start,
      text,
      boxLines,
      fileText: draft !== undefined ? null : (files[shown.file] ?? ''),
      editable: draft !== undefined,
      currentLine,
      justRanLine: justRan,
      highlight: highlighted !== null && inSource ? (panel.steps[highlighted] ?? null) : null,
      gutter: gutterOf(rows, shown.file),
      markers:
        error?.file === shown.file && error.line
          ? [
              {
                line: error.line,
                column: error.column ?? undefined,
                message: `${error.type}: ${error.message}`,
              },
            ]
          : [],
      nowIn: outsideFocus ? { file: shown.file, function: pos.function } : null,
    },
    notes: { current, highlighted },
    sourceBreakpoints: p.breakpoints
      .filter((b) => b.file === panel.source)
      .map((b) => b.line)
      .sort((a, b) => a - b),
    selectedFrame,
    calls: pos && trace ? callsAt(trace, pos.event) : [],
    valueHistory,
    runError: runErrorOf(trace, state, endingOf(panel, p.scenario)),
    commandContext,
    commands: enabledCommands(commandContext),
    breakpoints: rows,
    notice: notice?.kind === 'stepOutOfRange' ? null : notice,
    stepOutOfRange: notice?.kind === 'stepOutOfRange' ? notice : null,
  };
}
