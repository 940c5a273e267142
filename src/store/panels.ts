/**
 * Panel state: per panel, the chosen scenario, the breakpoints, the recorded
 * traces (one per scenario, recorded in the background) and the replay
 * position. Derived data (status, hits, variables, what the panel shows) is
 * computed by selectors (./selectors.ts, ./panelView.ts), never stored. The
 * scenario list is the lesson's (asked of `PanelDeps.scenariosOf`), never copied.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Command, jump, START } from '../replay/engine';
import type { Trace } from '../trace/trace';
import { toggled } from './breakpointLines';
import { applyCommand, goToStepResult, linkedStep, openingNotice } from './commandResult';
import { locatedNow } from './locate';
import type { PanelDeps, PanelKey, PanelState, PanelsStore, TracesWhen } from './panelTypes';
import {
  keptFor,
  keptKey,
  movedBreakpoints,
  probesOf,
  sameCode,
  shownKey,
  slotKey,
} from './recording';
import { currentTrace } from './selectors';

export type { PanelNotice } from './commandResult';
export type * from './panelTypes';

let nextBreakpointId = 1;

/** Create a panel store bound to a way of recording. */
export function createPanelsStore(deps: PanelDeps): StoreApi<PanelsStore> {
  const store = createStore<PanelsStore>()((set, get) => {
    function patch(key: PanelKey, fn: (p: PanelState) => Partial<PanelState>) {
      set((s) => {
        const p = s.panels[key];
        if (!p) return s;
        const next = { ...p, ...fn(p) };
        // "Show #id" ends for good once the panel moves (./locate.ts): not back on return.
        if (next.located && !locatedNow(next)) next.located = undefined;
        return { panels: { ...s.panels, [key]: next } };
      });
    }

    /**
     * Whether the scenario's trace matches the current files and probes.
     * With `shown`, a failure kept to be recorded again (Python unavailable, a lost run)
     * also counts: it is shown, but the next command records again.
     */
    function isFresh(key: PanelKey, p: PanelState, scenario: string, shown = false): boolean {
      const request = deps.requestFor(key, scenario);
      const slot = p.traces[scenario];
      if (!request || !slot) return false;
      const skey = slotKey(request, p.breakpoints);
      return slot.key === skey || (shown && shownKey(slot.key, skey));
    }

    /** Record the scenario unless its trace is up to date; `retry`: a lost run too. */
    function recordScenario(key: PanelKey, scenario: string, priority: boolean, retry = false) {
      const p = get().panels[key];
      const request = deps.requestFor(key, scenario);
      if (!p || !request) return;
      const skey = slotKey(request, p.breakpoints);
      const before = p.traces[scenario];
      if (keptFor(before?.key, skey, retry)) return;
      // New code for the scenario on screen: frame ids belong to one run, so the value
      // history shown (a frame's name) goes; and under a run in progress the old step
      // number would stand on some other line of the new run, so the run starts again
      // (as Debug does: to the first stop) once the new trace is here.
      const newCode =
        scenario === p.scenario && before !== undefined && !sameCode(before.key, skey);
      const rerun = newCode && p.position !== START && !p.pending;
      patch(key, (q) => ({
        traces: { ...q.traces, [scenario]: { key: skey, trace: null } },
        ...(newCode ? { historyTarget: null } : {}),
        ...(rerun ? { pending: { command: 'debug', rerun: true } } : {}),
      }));
      const probes = probesOf(p.breakpoints);
      deps.record({ ...request, probes }, { priority }).then((trace) => {
        const q = get().panels[key];
        // Drop answers for a request that has since been superseded.
        if (!q || q.traces[scenario]?.key !== skey) return;
        // A new trace for the scenario on screen (the files changed) may be
        // shorter than the old one: keep the position inside it.
        // A run Python never made or the app lost is kept marked to record again (keptKey).
        const kept = keptKey(skey, trace, deps.isStandIn?.(trace) ?? false);
        patch(key, (r) => ({
          traces: { ...r.traces, [scenario]: { key: kept, trace } },
          ...(r.scenario === scenario && r.position > trace.length
            ? { position: trace.length, frameIndex: 0 }
            : {}),
        }));
        resolvePending(key);
      });
    }

    function apply(key: PanelKey, trace: Trace, p: PanelState, command: Command) {
      return applyCommand(trace, p, command, deps.focusOf?.(key) ?? null);
    }

    function resolvePending(key: PanelKey) {
      const p = get().panels[key];
      if (!p?.pending) return;
      const trace = currentTrace(p);
      if (!trace || !isFresh(key, p, p.scenario, true)) return;
      const pending = p.pending;
      const moved =
        'command' in pending
          ? { ...apply(key, trace, p, pending.command), frameIndex: 0 }
          : linkedStep(trace, pending.jump, pending.frame, p.notice ?? null);
      const notice =
        'command' in pending && pending.rerun
          ? { kind: 'codeChanged' as const, after: moved.notice }
          : moved.notice;
      patch(key, () => ({ pending: null, ...moved, notice }));
    }

    function reconcile(key: PanelKey) {
      const p = get().panels[key];
      const scenarios = deps.scenariosOf(key);
      if (!p || scenarios.length === 0) return;
      // The scenario a link or a reload asked for arrived after the panel opened (a
      // draft's, once author mode's tools have loaded it): open it now, while the reader
      // is still where the fallback put them, so nothing is edited on the wrong scenario.
      const asked = p.notice?.kind === 'scenarioMissing' ? p.notice.asked : undefined;
      if (asked && scenarios.includes(asked) && p.position === START) {
        const initial = deps.initialOf?.(key);
        const step = initial?.scenario === asked ? initial.position : undefined;
        patch(key, () => ({
          scenario: asked,
          frameIndex: 0,
          notice: null,
          pending:
            step !== undefined && step >= 0 ? { jump: step, frame: initial?.frameIndex } : null,
        }));
        return;
      }
      if (scenarios.includes(p.scenario)) return;
      patch(key, () => ({ scenario: scenarios[0], position: START, frameIndex: 0, pending: null }));
    }

    /** Panels whose traces (all, or all but the shown one) wait for `panelNear`. */
    const waiting = new Map<PanelKey, Exclude<TracesWhen, 'now'>>();

    /** The trace of the scenario on screen, asked for first. */
    function recordShown(key: PanelKey, retry = false) {
      const p = get().panels[key];
      if (p) recordScenario(key, p.scenario, true, retry);
    }

    /** Get the panel's missing traces: it is wanted now (`acted`: by a command, see keptKey). */
    function ensure(key: PanelKey, acted = false) {
      waiting.delete(key);
      reconcile(key);
      const p = get().panels[key];
      if (!p) return;
      // The visible scenario first, the rest behind it.
      recordShown(key, acted);
      for (const s of deps.scenariosOf(key)) if (s !== p.scenario) recordScenario(key, s, false);
    }

    /** Bring the panel's traces up to date, except those that still wait for `panelNear`. */
    function refresh(key: PanelKey) {
      const held = waiting.get(key);
      if (!held) return ensure(key);
      reconcile(key);
      if (held === 'shown-now') recordShown(key);
    }

    return {
      panels: {},

      initPanel(key, options) {
        const when = options?.traces ?? 'now';
        if (get().panels[key]) {
          if (when === 'now' && waiting.has(key)) ensure(key);
          return;
        }
        const scenarios = deps.scenariosOf(key);
        if (scenarios.length === 0) return;
        const initial = deps.initialOf?.(key);
        // Asked for a scenario it does not offer: the first one, said, and no linked step
        // (a step of another scenario's run would show what this one never held).
        const asked = initial?.scenario;
        const missing = asked !== undefined && asked !== '' && !scenarios.includes(asked);
        const scenario = asked && !missing ? asked : scenarios[0];
        const state: PanelState = {
          scenario,
          breakpoints: initial?.breakpoints ?? [],
          traces: {},
          position: START,
          frameIndex: 0,
          // A shared link may ask for a step: go there once the trace exists (or say it has none).
          pending:
            !missing && initial?.position !== undefined && initial.position !== START
              ? { jump: initial.position, frame: initial.frameIndex }
              : null,
          historyTarget: null,
          notice: openingNotice(missing ? (asked ?? '') : null, initial),
        };
        set((s) => ({ panels: { ...s.panels, [key]: state } }));
        if (when === 'now') return ensure(key);
        waiting.set(key, when);
        if (when === 'shown-now') recordShown(key);
      },

      panelNear(key) {
        if (waiting.has(key)) ensure(key);
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
        // A new one goes on a line Python can stop at (breakpointLines.ts).
        const meta = isFresh(key, p, p.scenario) ? currentTrace(p)?.meta : undefined;
        const next = toggled(p.breakpoints, file, line, meta, () => `bp${nextBreakpointId++}`);
        const { breakpoints, notice } = next;
        patch(key, () => (notice ? { breakpoints, notice } : { breakpoints }));
        if (next.removed?.condition || next.removed?.log !== undefined) ensure(key);
      },

      updateBreakpoint(key, id, change) {
        const p = get().panels[key];
        if (!p) return;
        const breakpoints = p.breakpoints.map((b) => {
          if (b.id !== id) return b;
          const next = { ...b, ...change };
          if (change.enabled) delete next.held; // turned on: the reader accepts its code
          return next;
        });
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
          ensure(key, true);
          return;
        }
        const result = apply(key, trace, p, command);
        patch(key, () => ({ ...result, frameIndex: 0, pending: null }));
      },

      jumpTo(key, position, notice = null) {
        const p = get().panels[key];
        if (!p) return;
        const trace = currentTrace(p);
        if (!trace) {
          patch(key, () => ({ pending: { jump: position } }));
          ensure(key);
          return;
        }
        patch(key, () => ({ position: jump(trace, position), frameIndex: 0, notice }));
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

      locate(key, objectId) {
        patch(key, (p) => ({ located: { objectId, scenario: p.scenario, position: p.position } }));
      },

      invalidate(key) {
        patch(key, (p) => ({ traces: {}, position: p.position >= 0 ? START : p.position }));
        refresh(key);
      },

      ensureTraces: refresh,
    };
  });
  return store;
}
