/**
 * What a panel shows of "My scenario": the button that starts it, and, while it is the
 * panel's scenario, its editor with the state of its run (recording, waiting for Python,
 * the error in the student's script at its line). Pure; unit-tested
 * (tests/unit/store/my-scenario.test.ts).
 */
import type { ResolvedPanel } from '../lessons/lesson';
import type { LocalizedText } from '../lessons/schema';
import { recordingFailure } from '../trace/meta';
import type { BreakpointRow } from './breakpointView';
import { isEdited, MY_SCENARIO, type MyScenario, scriptLineOf } from './myScenario';
import type { PanelState } from './panels';
import { type CodeMarker, type GutterMark, gutterOf } from './panelView';
import { isStop } from './runErrorText';

/** What "Try your own idea" would do from the scenario shown now. */
export interface MyScenarioStart {
  /** The lesson scenario it copies. */
  base: string;
  label: LocalizedText;
  /** The student already has an own scenario, which this replaces (it can be restored). */
  replaces: boolean;
}

/** The editor of the student's own scenario, while it is the panel's scenario. */
export interface MyScenarioEditor {
  /** The file name its script runs under. */
  path: string;
  code: string;
  base: { id: string; label: LocalizedText };
  /** The script differs from a fresh copy of its base. */
  edited: boolean;
  /** A version replaced by a reset or restart can be swapped back in. */
  canRestore: boolean;
  /** Its run is being recorded (after an edit, or for the first time). */
  recording: boolean;
  /** It cannot run until Python has loaded (no shipped trace exists for it), or Python failed. */
  needsPython: boolean;
  /** The run's error, when the student's script is where it points: line and text. */
  error: { line: number; text: string } | null;
  /** That error, marked at its line in the editor. */
  markers: CodeMarker[];
  /** Breakpoints set in the script. */
  gutter: GutterMark[];
  /** The browser keeps the script (else it lasts until the page is closed). */
  kept: boolean;
}

/** Everything the panel shows of its own scenario. */
export interface MyScenarioDisplay {
  /** Shown while a lesson scenario is on screen; null while the own one is. */
  start: MyScenarioStart | null;
  editor: MyScenarioEditor | null;
}

/** What the selector reads. */
export interface MyScenarioViewInput {
  /** The lesson's panel (without the own scenario). */
  panel: ResolvedPanel;
  state: PanelState;
  mine: MyScenario | undefined;
  path: string;
  pythonReady: boolean;
  /** The panel view's breakpoint rows. */
  rows: readonly BreakpointRow[];
  /** The browser refused to store own scenarios. */
  unsaved?: boolean;
}

/** What the panel shows of "My scenario". Pure. */
export function myScenarioView(input: MyScenarioViewInput): MyScenarioDisplay {
  const { panel, state: p, mine, path } = input;
  const active = p.scenario === MY_SCENARIO && mine !== undefined;
  if (!active) {
    const base = panel.scenarios.find((s) => s.id === p.scenario);
    return {
      start: base ? { base: base.id, label: base.label, replaces: mine !== undefined } : null,
      editor: null,
    };
  }
  const slot = p.traces[MY_SCENARIO];
  const trace = slot?.trace ?? null;
  const error = trace?.meta.error ?? null;
  const line = scriptLineOf(error, path);
  const stopped = error !== null && isStop(error);
  const shownError = error && line !== null && !stopped ? { line, error } : null;
  const text = shownError ? `${shownError.error.type}: ${shownError.error.message}` : '';
  const label = panel.scenarios.find((s) => s.id === mine.base)?.label ?? {
    zh: mine.base,
    en: mine.base,
  };
  return {
    start: null,
    editor: {
      path,
      code: mine.code,
      base: { id: mine.base, label },
      edited: isEdited(panel, mine),
      canRestore: mine.previous !== null,
      recording: slot !== undefined && trace === null,
      // Python failed before the script could run: its error trace holds no run.
      needsPython: !input.pythonReady && (trace === null || recordingFailure(trace) !== null),
      error: shownError ? { line: shownError.line, text } : null,
      markers: shownError
        ? [
            {
              line: shownError.line,
              ...(error?.file === path && error.column ? { column: error.column } : {}),
              message: text,
            },
          ]
        : [],
      gutter: gutterOf(input.rows, path),
      kept: !input.unsaved,
    },
  };
}
