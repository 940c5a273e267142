/**
 * The panel store's types: what it keeps per panel, what it is given (`PanelDeps`) and
 * what it offers (`PanelsStore`). The store itself is ./panels.ts.
 */
import type { Breakpoint, Command } from '../replay/engine';
import type { RecordRequest } from '../runtime/protocol';
import type { Trace } from '../trace/trace';
import type { PanelNotice } from './commandResult';
import type { SharedPanelState } from './share';

/** A panel's key in the store (made by `panelKey` in ./lessonIndex.ts; never parsed). */
export type PanelKey = string;

/** The trace of one scenario: recorded for a given set of probes, or pending. */
export interface TraceSlot {
  /** Which probes (conditions/logpoints) and files it was recorded with. */
  key: string;
  trace: Trace | null;
}

/** Everything the store keeps for one panel. */
export interface PanelState {
  /** The chosen scenario: always one the panel's lesson offers. */
  scenario: string;
  breakpoints: Breakpoint[];
  traces: Record<string, TraceSlot>;
  /** Event index; -1 = not started; trace length = finished. */
  position: number;
  /** Selected call-stack frame, counted from the innermost (0). */
  frameIndex: number;
  /**
   * A command waiting for its scenario's trace to arrive. `rerun`: the code changed under
   * a run in progress, so the run starts again (and says so) once the new trace is here.
   */
  pending: { command: Command; rerun?: boolean } | { jump: number; frame?: number } | null;
  /** What the last command did that the student would not expect, said once. */
  notice?: PanelNotice | null;
  /** The name whose history ("where did this value come from?") the panel shows. */
  historyTarget: HistoryTarget | null;
  /** The object the reader asked to see in the diagram, and where (absent until asked, and once the panel moved). */
  located?: LocateRequest;
}

/**
 * "Show #id in the diagram", asked at one place: it holds while the panel stays on that
 * scenario and step (`locatedNow` in ./locate.ts); any step or scenario change ends it.
 */
export interface LocateRequest {
  objectId: number;
  scenario: string;
  position: number;
}

/** A name of one frame of the current scenario's trace (frame ids are per trace). */
export interface HistoryTarget {
  frameId: number;
  name: string;
}

/** How the store obtains traces and run files: injected, so tests use fakes. */
export interface PanelDeps {
  record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace>;
  /** The run request for a panel and scenario (from the lesson, or a draft). */
  requestFor(key: PanelKey, scenario: string): Omit<RecordRequest, 'probes'> | null;
  /** A stand-in for a run Python could not record? */ isStandIn?(trace: Trace): boolean;
  /** The panel's focus function, where stepping from "not run" begins. */
  focusOf?(key: PanelKey): { file: string; fn: string } | null;
  /** The scenarios the panel offers now, in order (the lesson is their one owner). */
  scenariosOf(key: PanelKey): readonly string[];
  /** What a panel starts with (a shared link, the saved state); none by default. */
  initialOf?(key: PanelKey): SharedPanelState;
}

/**
 * When a panel asks for its scenarios' traces: `now`, all of them at once; `near`, none
 * until the reader comes near the panel or acts on it; `shown-now`, the scenario on
 * screen at once and the others when the reader comes near or acts (the article's first
 * panel: its Debug is instant, and the other scenarios do not compete with Python's start).
 */
export type TracesWhen = 'now' | 'near' | 'shown-now';

/** The panel store's state and actions. */
export interface PanelsStore {
  panels: Record<PanelKey, PanelState>;
  /**
   * Register a panel (idempotent) and start getting its scenarios' traces, as `traces`
   * says ({@link TracesWhen}; `now` by default). Traces held back wait until
   * {@link PanelsStore.panelNear} (the reader has scrolled close to the panel) or until the
   * reader acts on the panel: a page of four panels then fetches, decodes and renders only
   * what is on screen while Python starts.
   */
  initPanel(key: PanelKey, options?: { traces?: TracesWhen }): void;
  /** The panel is on or near the screen: get the traces `initPanel` held back. */
  panelNear(key: PanelKey): void;
  setScenario(key: PanelKey, scenario: string): void;
  /**
   * The panel's lesson may have changed (a draft edit, a hot update): keep the chosen
   * scenario if the lesson still offers it, else take the first and reset the replay.
   */
  reconcile(key: PanelKey): void;
  /** Move breakpoints of `file` after an edit: `map(line)` gives the new line, or null to drop. */
  moveBreakpoints(key: PanelKey, file: string, map: (line: number) => number | null): void;
  toggleBreakpoint(key: PanelKey, file: string, line: number): void;
  updateBreakpoint(key: PanelKey, id: string, patch: Partial<Omit<Breakpoint, 'id'>>): void;
  removeBreakpoint(key: PanelKey, id: string): void;
  command(key: PanelKey, command: Command): void;
  /** Jump to an event; `notice` says why, when the jump answers something (a prediction). */
  jumpTo(key: PanelKey, position: number, notice?: PanelNotice | null): void;
  /** "Go to step" (1-based): jumps there, or says the step is out of range. */
  goToStep(key: PanelKey, step: number): void;
  selectFrame(key: PanelKey, frameIndex: number): void;
  /** Show the history of a name (null: close it). */
  showHistory(key: PanelKey, target: HistoryTarget | null): void;
  /** Mark object `objectId` in the diagram and bring it into view, until the next step. */
  locate(key: PanelKey, objectId: number): void;
  /** Drop recorded traces (files changed) and record again. */
  invalidate(key: PanelKey): void;
  /**
   * Reconcile, then record every scenario whose trace is missing or stale (not yet for a
   * panel still waiting to come near the screen).
   */
  ensureTraces(key: PanelKey): void;
}
