/**
 * Panel state: per panel, the chosen scenario, the breakpoints, the recorded
 * traces (one per scenario, recorded in the background) and the replay
 * position. Derived data (status, hits, variables, what the panel shows) is
 * computed by selectors (./selectors.ts, ./panelView.ts), never stored. The
 * scenario list is the lesson's (asked of `PanelDeps.scenariosOf`), never copied.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Breakpoint, type Command, jump, START } from '../replay/engine';
import type { RecordRequest } from '../runtime/protocol';
import type { Trace } from '../trace/trace';
import { applyCommand, goToStepResult, type PanelNotice } from './commandResult';
import { patched, STARTS_RUN } from './reach';
import { movedBreakpoints, probesOf, slotKey } from './recording';
import { currentTrace } from './selectors';

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
  /** The furthest `position` of the current run (./reach.ts): the code box keeps its height. */
  reached: number;
  /** Selected call-stack frame, counted from the innermost (0). */
  frameIndex: number;
  /** A command waiting for its scenario's trace to arrive. */
  pending: { command: Command } | { jump: number; frame?: number } | null;
  /** What the last command did that the student would not expect, said once. */
  notice?: PanelNotice | null;
  /** The name whose history ("where did this value come from?") the panel shows. */
  historyTarget: HistoryTarget | null;
}

/** A name of one frame of the current scenario's trace (frame ids are per trace). */
export interface HistoryTarget {
  frameId: number;
  name: string;
}

export type { PanelNotice } from './commandResult';

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
  initialOf?(
    key: PanelKey,
  ): Partial<Pick<PanelState, 'scenario' | 'breakpoints' | 'position' | 'frameIndex'>>;
}

/** The panel store's state and actions. */
export interface PanelsStore {
  panels: Record<PanelKey, PanelState>;
  /** Register a panel (idempotent); starts background recording of its scenarios. */
  initPanel(key: PanelKey): void;
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
  jumpTo(key: PanelKey, position: number): void;
  /** "Go to step" (1-based): jumps there, or says the step is out of range. */
  goToStep(key: PanelKey, step: number): void;
  selectFrame(key: PanelKey, frameIndex: number): void;
  /** Show the history of a name (null: close it). */
  showHistory(key: PanelKey, target: HistoryTarget | null): void;
  /** Drop recorded traces (files changed) and record again. */
  invalidate(key: PanelKey): void;
  /** Reconcile, then record every scenario whose trace is missing or stale. */
  ensureTraces(key: PanelKey): void;
}

let nextBreakpointId = 1;

/** Prefix of the slot key of a trace that must be recorded again when asked. */
const TRANSIENT = 'transient:';

/** Create a panel store bound to a way of recording. */
export function createPanelsStore(deps: PanelDeps): StoreApi<PanelsStore> {
  const store = createStore<PanelsStore>()((set, get) => {
    function patch(key: PanelKey, fn: (p: PanelState) => Partial<PanelState>) {
      set((s) => {
        const p = s.panels[key];
        if (!p) return s;
        return { panels: { ...s.panels, [key]: patched(p, fn(p)) } };
      });
    }

    /**
     * Whether the scenario's trace matches the current files and probes.
     * With `shown`, a transient failure (Python unavailable) also counts: it
     * is shown, but the next command or a ready runtime records again.
     */
    function isFresh(key: PanelKey, p: PanelState, scenario: string, shown = false): boolean {
      const request = deps.requestFor(key, scenario);
      const slot = p.traces[scenario];
      if (!request || !slot) return false;
      const skey = slotKey(request, p.breakpoints);
      return slot.key === skey || (shown && slot.key === TRANSIENT + skey);
    }

    function recordScenario(key: PanelKey, scenario: string, priority: boolean) {
      const p = get().panels[key];
      const request = deps.requestFor(key, scenario);
      if (!p || !request) return;
      const skey = slotKey(request, p.breakpoints);
      if (p.traces[scenario]?.key === skey) return;
      patch(key, (q) => ({ traces: { ...q.traces, [scenario]: { key: skey, trace: null } } }));
      const probes = probesOf(p.breakpoints);
      deps.record({ ...request, probes }, { priority }).then((trace) => {
        const q = get().panels[key];
        // Drop answers for a request that has since been superseded.
        if (!q || q.traces[scenario]?.key !== skey) return;
        // A new trace for the scenario on screen (the files changed) may be
        // shorter than the old one: keep the position inside it.
        // A run that never reached Python (or its stand-in) says nothing about the code:
        // keep it on screen, under a key that makes the next request record again.
        const transient = deps.isStandIn?.(trace) || trace.meta.error?.type === 'PythonUnavailable';
        patch(key, (r) => ({
          traces: { ...r.traces, [scenario]: { key: transient ? TRANSIENT + skey : skey, trace } },
          ...(r.scenario === scenario && r.position > trace.length
            ? { position: trace.length, frameIndex: 0 }
            : {}),
        }));
        resolvePending(key);
      });
    }

    function apply(key: PanelKey, trace: Trace, p: PanelState, command: Command) {
      const result = applyCommand(trace, p, command, deps.focusOf?.(key) ?? null);
      return STARTS_RUN.includes(command) ? { ...result, reached: result.position } : result;
    }

    function resolvePending(key: PanelKey) {
      const p = get().panels[key];
      if (!p?.pending) return;
      const trace = currentTrace(p);
      if (!trace || !isFresh(key, p, p.scenario, true)) return;
      const pending = p.pending;
      const moved =
        'command' in pending
          ? apply(key, trace, p, pending.command)
          : { position: jump(trace, pending.jump), notice: null };
      const frameIndex = 'jump' in pending ? (pending.frame ?? 0) : 0;
      patch(key, () => ({ pending: null, frameIndex, ...moved }));
    }

    function reconcile(key: PanelKey) {
      const p = get().panels[key];
      const scenarios = deps.scenariosOf(key);
      if (!p || scenarios.length === 0 || scenarios.includes(p.scenario)) return;
      patch(key, () => ({ scenario: scenarios[0], position: START, frameIndex: 0, pending: null }));
    }

    function ensure(key: PanelKey) {
      reconcile(key);
      const p = get().panels[key];
      if (!p) return;
      // The visible scenario first, the rest behind it.
      recordScenario(key, p.scenario, true);
      for (const s of deps.scenariosOf(key)) if (s !== p.scenario) recordScenario(key, s, false);
    }

    return {
      panels: {},

      initPanel(key) {
        if (get().panels[key]) return;
        const scenarios = deps.scenariosOf(key);
        if (scenarios.length === 0) return;
        const initial = deps.initialOf?.(key);
        const scenario =
          initial?.scenario && scenarios.includes(initial.scenario)
            ? initial.scenario
            : scenarios[0];
        const state: PanelState = {
          scenario,
          breakpoints: initial?.breakpoints ?? [],
          traces: {},
          position: START,
          reached: START,
          frameIndex: 0,
          // A shared link may ask for a step: go there once the trace exists.
          pending:
            initial?.position !== undefined && initial.position >= 0
              ? { jump: initial.position, frame: initial.frameIndex }
              : null,
          historyTarget: null,
        };
        set((s) => ({ panels: { ...s.panels, [key]: state } }));
        ensure(key);
      },

      setScenario(key, scenario) {
        const p = get().panels[key];
        if (!p || !deps.scenariosOf(key).includes(scenario)) return;
        // Reset the replay, keep the breakpoints. Frame ids belong to one trace.
        patch(key, () => ({
          scenario,
          position: START,
          frameIndex: 0,
          pending: null,
          notice: null,
          historyTarget: scenario === p.scenario ? p.historyTarget : null,
        }));
        ensure(key);
      },

      reconcile,

      moveBreakpoints(key, file, map) {
        const p = get().panels[key];
        const breakpoints = p ? movedBreakpoints(p.breakpoints, file, map) : null;
        if (breakpoints) patch(key, () => ({ breakpoints }));
      },

      toggleBreakpoint(key, file, line) {
        const p = get().panels[key];
        if (!p) return;
        const existing = p.breakpoints.find((b) => b.file === file && b.line === line);
        const breakpoints = existing
          ? p.breakpoints.filter((b) => b !== existing)
          : [...p.breakpoints, { id: `bp${nextBreakpointId++}`, file, line, enabled: true }];
        patch(key, () => ({ breakpoints }));
        if (existing && (existing.condition || existing.log !== undefined)) ensure(key);
      },

      updateBreakpoint(key, id, change) {
        const p = get().panels[key];
        if (!p) return;
        const breakpoints = p.breakpoints.map((b) => (b.id === id ? { ...b, ...change } : b));
        patch(key, () => ({ breakpoints }));
        ensure(key);
      },

      removeBreakpoint(key, id) {
        const p = get().panels[key];
        if (!p) return;
        patch(key, () => ({ breakpoints: p.breakpoints.filter((b) => b.id !== id) }));
        ensure(key);
      },

      command(key, command) {
        const p = get().panels[key];
        if (!p) return;
        const trace = currentTrace(p);
        if (!trace || !isFresh(key, p, p.scenario)) {
          patch(key, () => ({ pending: { command } }));
          ensure(key);
          return;
        }
        const result = apply(key, trace, p, command);
        patch(key, () => ({ ...result, frameIndex: 0, pending: null }));
      },

      jumpTo(key, position) {
        const p = get().panels[key];
        if (!p) return;
        const trace = currentTrace(p);
        if (!trace) {
          patch(key, () => ({ pending: { jump: position } }));
          ensure(key);
          return;
        }
        patch(key, () => ({ position: jump(trace, position), frameIndex: 0, notice: null }));
      },

      goToStep(key, step) {
        const p = get().panels[key];
        const trace = p ? currentTrace(p) : null;
        if (p && trace) patch(key, () => goToStepResult(trace, step));
      },

      selectFrame(key, frameIndex) {
        patch(key, () => ({ frameIndex: Math.max(0, frameIndex) }));
      },

      showHistory(key, target) {
        patch(key, () => ({ historyTarget: target }));
      },

      invalidate(key) {
        patch(key, (p) => ({ traces: {}, position: p.position >= 0 ? START : p.position }));
        ensure(key);
      },

      ensureTraces: ensure,
    };
  });
  return store;
}
