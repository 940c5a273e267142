/**
 * Panel state: per panel, the chosen scenario, the breakpoints, the recorded
 * traces (one per scenario, recorded in the background) and the replay
 * position. Derived data (status, hits, variables) is computed by selectors
 * in ./selectors.ts, never stored.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Breakpoint, type Command, jump, START, step } from '../replay/engine';
import type { RecordRequest } from '../runtime/protocol';
import { EventKind, type Trace } from '../trace/trace';
import { hitsFor } from './selectors';

/** `lessonId:panelId`. */
export type PanelKey = string;

/** The trace of one scenario: recorded for a given set of probes, or pending. */
export interface TraceSlot {
  /** Which probes (conditions/logpoints) and files it was recorded with. */
  key: string;
  trace: Trace | null;
}

/** Everything the store keeps for one panel. */
export interface PanelState {
  scenario: string;
  scenarios: string[];
  breakpoints: Breakpoint[];
  traces: Record<string, TraceSlot>;
  /** Event index; -1 = not started; trace length = finished. */
  position: number;
  /** Selected call-stack frame, counted from the innermost (0). */
  frameIndex: number;
  /** A command waiting for its scenario's trace to arrive. */
  pending: { command: Command } | { jump: number } | null;
  /** What the last command did that the student would not expect, said once. */
  notice?: PanelNotice | null;
}

/**
 * A note about the last command: Debug with no breakpoint stopped at the first line
 * of the panel's function; Debug ran to the end because no breakpoint was hit; a jump
 * asked for a step the trace does not have.
 */
export type PanelNotice =
  | { kind: 'debugNoBreakpoint'; function: string }
  | { kind: 'noBreakpointHit' }
  | { kind: 'stepOutOfRange'; asked: number; total: number };

/** How the store obtains traces and run files: injected, so tests use fakes. */
export interface PanelDeps {
  record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace>;
  /** The run request for a panel and scenario (from the lesson, or a draft). */
  requestFor(key: PanelKey, scenario: string): Omit<RecordRequest, 'probes'> | null;
  /** The panel's focus function, where stepping from "not run" begins. */
  focusOf?(key: PanelKey): { file: string; fn: string } | null;
}

/** The panel store's state and actions. */
export interface PanelsStore {
  panels: Record<PanelKey, PanelState>;
  /** Register a panel (idempotent); starts background recording of its scenarios. */
  initPanel(key: PanelKey, scenarios: string[], initial?: Partial<PanelState>): void;
  setScenario(key: PanelKey, scenario: string): void;
  /** The panel's scenario list changed (author mode); keeps the choice if it still exists. */
  setScenarios(key: PanelKey, scenarios: string[]): void;
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
  /** Drop recorded traces (files changed) and record again. */
  invalidate(key: PanelKey): void;
  /** Record every scenario whose trace is missing or stale. */
  ensureTraces(key: PanelKey): void;
}

let nextBreakpointId = 1;

const STEPS: readonly Command[] = ['stepInto', 'stepOver', 'stepOut'];

/** Prefix of the slot key of a trace that must be recorded again when asked. */
const TRANSIENT = 'transient:';

/**
 * Where stepping starts when nothing has run yet: the first call of the focus
 * function, not the module-level lines of the setup that lead to it.
 */
function firstFocusEvent(trace: Trace, focus: { file: string; fn: string } | null): number {
  if (!focus) return 0;
  const f = trace.meta.files.indexOf(focus.file);
  for (let e = 0; e < trace.length; e++) {
    if (trace.kind[e] === EventKind.Call && trace.file[e] === f && trace.functionOf(e) === focus.fn)
      return e;
  }
  return 0;
}

/**
 * The first line the focus function runs (the first line event of its first call), the
 * call itself if it runs no line, or null if the function is never called.
 */
function firstFocusLine(trace: Trace, focus: { file: string; fn: string }): number | null {
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

/** The probes a trace must be recorded with for these breakpoints. */
export function probesOf(breakpoints: readonly Breakpoint[]) {
  return breakpoints
    .filter((b) => b.condition || b.log !== undefined)
    .map((b) => ({
      id: b.id,
      path: b.file,
      line: b.line,
      ...(b.condition ? { condition: b.condition } : {}),
      ...(b.log !== undefined ? { log: b.log } : {}),
    }));
}

function slotKey(request: Omit<RecordRequest, 'probes'>, breakpoints: readonly Breakpoint[]) {
  return JSON.stringify([request.files.map((f) => [f.path, f.code]), probesOf(breakpoints)]);
}

/** Create a panel store bound to a way of recording. */
export function createPanelsStore(deps: PanelDeps): StoreApi<PanelsStore> {
  const store = createStore<PanelsStore>()((set, get) => {
    function patch(key: PanelKey, fn: (p: PanelState) => Partial<PanelState>) {
      set((s) => {
        const p = s.panels[key];
        if (!p) return s;
        return { panels: { ...s.panels, [key]: { ...p, ...fn(p) } } };
      });
    }

    function currentTrace(p: PanelState): Trace | null {
      return p.traces[p.scenario]?.trace ?? null;
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
        // A run that never reached Python says nothing about the code: keep it
        // on screen, but under a key that makes the next request record again.
        const transient = trace.meta.error?.type === 'PythonUnavailable';
        patch(key, (r) => ({
          traces: { ...r.traces, [scenario]: { key: transient ? TRANSIENT + skey : skey, trace } },
          ...(r.scenario === scenario && r.position > trace.length
            ? { position: trace.length, frameIndex: 0 }
            : {}),
        }));
        resolvePending(key);
      });
    }

    function apply(
      key: PanelKey,
      trace: Trace,
      p: PanelState,
      command: Command,
    ): { position: number; notice: PanelNotice | null } {
      const focus = deps.focusOf?.(key) ?? null;
      if (p.position === START && STEPS.includes(command) && trace.length > 0) {
        return { position: firstFocusEvent(trace, focus), notice: null };
      }
      if ((command === 'debug' || command === 'restart') && trace.length > 0) {
        // A debugger started with no breakpoint stops at the start of the code under
        // study rather than running silently to the end.
        const canStop = p.breakpoints.some((b) => b.enabled && b.log === undefined);
        const first = !canStop && focus ? firstFocusLine(trace, focus) : null;
        if (first !== null && focus) {
          return { position: first, notice: { kind: 'debugNoBreakpoint', function: focus.fn } };
        }
      }
      const position = step(trace, p.position, command, hitsFor(trace, p.breakpoints));
      const ranOut =
        (command === 'debug' || command === 'restart') &&
        position >= trace.length &&
        trace.meta.outcome === 'completed';
      return { position, notice: ranOut ? { kind: 'noBreakpointHit' } : null };
    }

    function resolvePending(key: PanelKey) {
      const p = get().panels[key];
      if (!p?.pending) return;
      const trace = currentTrace(p);
      if (!trace || !isFresh(key, p, p.scenario, true)) return;
      const pending = p.pending;
      if ('command' in pending) {
        patch(key, () => ({
          pending: null,
          frameIndex: 0,
          ...apply(key, trace, p, pending.command),
        }));
      } else {
        patch(key, () => ({
          pending: null,
          frameIndex: 0,
          notice: null,
          position: jump(trace, pending.jump),
        }));
      }
    }

    function ensure(key: PanelKey) {
      const p = get().panels[key];
      if (!p) return;
      // The visible scenario first, the rest behind it.
      recordScenario(key, p.scenario, true);
      for (const s of p.scenarios) if (s !== p.scenario) recordScenario(key, s, false);
    }

    return {
      panels: {},

      initPanel(key, scenarios, initial) {
        if (get().panels[key]) return;
        const scenario =
          initial?.scenario && scenarios.includes(initial.scenario)
            ? initial.scenario
            : scenarios[0];
        const state: PanelState = {
          scenario,
          scenarios,
          breakpoints: initial?.breakpoints ?? [],
          traces: {},
          position: START,
          frameIndex: 0,
          // A shared link may ask for a step: go there once the trace exists.
          pending:
            initial?.position !== undefined && initial.position >= 0
              ? { jump: initial.position }
              : null,
        };
        set((s) => ({ panels: { ...s.panels, [key]: state } }));
        ensure(key);
      },

      setScenario(key, scenario) {
        const p = get().panels[key];
        if (!p?.scenarios.includes(scenario)) return;
        // Reset the replay, keep the breakpoints.
        patch(key, () => ({
          scenario,
          position: START,
          frameIndex: 0,
          pending: null,
          notice: null,
        }));
        ensure(key);
      },

      setScenarios(key, scenarios) {
        const p = get().panels[key];
        if (!p || scenarios.length === 0) return;
        if (p.scenarios.join() === scenarios.join()) return;
        const scenario = scenarios.includes(p.scenario) ? p.scenario : scenarios[0];
        const reset = scenario !== p.scenario;
        patch(key, () => ({
          scenarios,
          scenario,
          ...(reset ? { position: START, frameIndex: 0, pending: null } : {}),
        }));
      },

      moveBreakpoints(key, file, map) {
        const p = get().panels[key];
        if (!p) return;
        let changed = false;
        const seen = new Set<number>();
        const breakpoints: Breakpoint[] = [];
        for (const b of p.breakpoints) {
          if (b.file !== file) {
            breakpoints.push(b);
            continue;
          }
          const line = map(b.line);
          if (line !== b.line) changed = true;
          if (line === null || seen.has(line)) continue;
          seen.add(line);
          breakpoints.push(line === b.line ? b : { ...b, line });
        }
        if (changed) patch(key, () => ({ breakpoints }));
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
        if (!p || !trace) return;
        // Steps are counted from 1 as the timeline shows them.
        if (!Number.isInteger(step) || step < 1 || step > trace.length) {
          patch(key, () => ({
            notice: { kind: 'stepOutOfRange', asked: step, total: trace.length },
          }));
          return;
        }
        patch(key, () => ({ position: step - 1, frameIndex: 0, notice: null }));
      },

      selectFrame(key, frameIndex) {
        patch(key, () => ({ frameIndex: Math.max(0, frameIndex) }));
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

/** A panel store's actions bound to one panel (what the panel's components call). */
export interface PanelActions {
  setScenario(scenario: string): void;
  toggleBreakpoint(file: string, line: number): void;
  updateBreakpoint(id: string, patch: Partial<Omit<Breakpoint, 'id'>>): void;
  removeBreakpoint(id: string): void;
  moveBreakpoints(file: string, map: (line: number) => number | null): void;
  command(command: Command): void;
  jumpTo(position: number): void;
  goToStep(step: number): void;
  selectFrame(frameIndex: number): void;
}

/** Bind a panel store's actions to one panel. */
export function bindPanel(store: StoreApi<PanelsStore>, key: PanelKey): PanelActions {
  const s = () => store.getState();
  return {
    setScenario: (scenario) => s().setScenario(key, scenario),
    toggleBreakpoint: (file, line) => s().toggleBreakpoint(key, file, line),
    updateBreakpoint: (id, patch) => s().updateBreakpoint(key, id, patch),
    removeBreakpoint: (id) => s().removeBreakpoint(key, id),
    moveBreakpoints: (file, map) => s().moveBreakpoints(key, file, map),
    command: (command) => s().command(key, command),
    jumpTo: (position) => s().jumpTo(key, position),
    goToStep: (n) => s().goToStep(key, n),
    selectFrame: (frameIndex) => s().selectFrame(key, frameIndex),
  };
}
