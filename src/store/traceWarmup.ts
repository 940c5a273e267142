/**
 * Traces are prepared for stepping while the page is idle: each new trace in the panel
 * store gets its whole-trace indexes built then (Trace.prepare), so the reader's first
 * Step or Debug on a long trace does not pay for them (~80 ms at a million events).
 */
import type { StoreApi } from 'zustand';
import { whenIdle } from '../runtime';
import type { Trace } from '../trace/trace';
import { panelsStore } from './panelStore';
import type { PanelsStore } from './panels';

/** How long a trace may wait for an idle moment before it is prepared anyway. */
const PREPARE_TIMEOUT_MS = 2000;

/**
 * Prepare every trace that arrives in `store` once the page is idle (`schedule`: when to
 * run the work; tests pass their own). Returns a stop.
 */
export function startTraceWarmup(
  store: StoreApi<PanelsStore> = panelsStore,
  schedule: (work: () => void) => void = (work) => whenIdle(work, PREPARE_TIMEOUT_MS),
): () => void {
  const seen = new WeakSet<Trace>();
  const visit = (state: PanelsStore) => {
    for (const p of Object.values(state.panels)) {
      for (const slot of Object.values(p.traces)) {
        const trace = slot?.trace;
        if (!trace || seen.has(trace)) continue;
        seen.add(trace);
        schedule(() => trace.prepare());
      }
    }
  };
  visit(store.getState());
  return store.subscribe(visit);
}
