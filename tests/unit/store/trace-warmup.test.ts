/**
 * Traces are prepared for stepping when the page is idle: every trace that reaches the
 * panel store is prepared once, only when the scheduled (idle) work runs, and preparing
 * changes no answer the trace gives.
 */
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { PanelState, PanelsStore } from '../../../src/store/panels';
import { startTraceWarmup } from '../../../src/store/traceWarmup';
import type { Trace } from '../../../src/trace/trace';
import { ALIASED_LIST, buildTrace } from '../replay/fixtures';

const panelWith = (traces: Record<string, Trace | null>) =>
  ({
    traces: Object.fromEntries(Object.entries(traces).map(([s, trace]) => [s, { key: s, trace }])),
    position: -1,
  }) as unknown as PanelState;

function setup(panels: Record<string, PanelState>) {
  const store = createStore<PanelsStore>(() => ({ panels }) as PanelsStore);
  const queue: (() => void)[] = [];
  const stop = startTraceWarmup(store, (work) => queue.push(work));
  const runIdle = () => {
    for (const work of queue.splice(0)) work();
  };
  return { store, runIdle, stop, queue };
}

describe('trace warm-up', () => {
  it('prepares each trace once, when the page is idle, including traces that arrive later', () => {
    const first = buildTrace(ALIASED_LIST);
    const prepareFirst = vi.spyOn(first, 'prepare');
    const { store, runIdle, stop, queue } = setup({ 'l:a': panelWith({ s1: first, s2: null }) });
    expect(prepareFirst).not.toHaveBeenCalled();
    expect(queue).toHaveLength(1);
    runIdle();
    expect(prepareFirst).toHaveBeenCalledTimes(1);

    // A step changes the panel but brings no new trace: nothing more to do.
    const panel = store.getState().panels['l:a'];
    store.setState({ panels: { 'l:a': { ...panel, position: 3 } } });
    expect(queue).toHaveLength(0);

    // The second scenario's trace arrives.
    const second = buildTrace(ALIASED_LIST);
    const prepareSecond = vi.spyOn(second, 'prepare');
    store.setState({ panels: { 'l:a': panelWith({ s1: first, s2: second }) } });
    expect(queue).toHaveLength(1);
    runIdle();
    expect(prepareSecond).toHaveBeenCalledTimes(1);
    expect(prepareFirst).toHaveBeenCalledTimes(1);

    stop();
    store.setState({ panels: { 'l:b': panelWith({ s1: buildTrace(ALIASED_LIST) }) } });
    expect(queue).toHaveLength(0);
  });

  it('preparing a trace changes none of its answers', () => {
    const fresh = buildTrace(ALIASED_LIST);
    const prepared = buildTrace(ALIASED_LIST);
    prepared.prepare();
    prepared.prepare();
    for (let i = 0; i < fresh.length; i++) {
      for (let f = 0; f < fresh.frames.length; f++) {
        expect(prepared.lineAt(f, i)).toBe(fresh.lineAt(f, i));
        expect(prepared.variablesAt(f, i)).toEqual(fresh.variablesAt(f, i));
      }
    }
  });
});
