import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeClient } from '../../../src/runtime/client';
import {
  INTERRUPT_GRACE_MS,
  type RecordRequest,
  TERMINATE_GRACE_MS,
  WATCHDOG_SIGNAL,
  writeSeconds,
} from '../../../src/runtime/protocol';
import { FakeWorker } from '../helpers/fake-worker';

const request = (scenario = 's', maxSeconds?: number): RecordRequest => ({
  files: [{ path: 'main.py', role: 'entry', code: 'pass' }],
  scenario,
  ...(maxSeconds ? { budget: { maxSeconds } } : {}),
});

function client() {
  return createRuntimeClient({
    createWorker: FakeWorker.create,
    indexURL: '/pyodide/',
  });
}

describe('the runtime client', () => {
  beforeEach(() => {
    FakeWorker.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a worker at once and reports loading, then ready', () => {
    const c = client();
    expect(FakeWorker.all).toHaveLength(1);
    expect(FakeWorker.all[0].posted[0]).toMatchObject({ type: 'init', indexURL: '/pyodide/' });
    expect(c.getStatus().state).toBe('loading');
    FakeWorker.all[0].ready();
    expect(c.getStatus()).toMatchObject({ state: 'ready', python: '3.14.2' });
  });

  it('queues runs until Python is ready and sends one at a time, priority first', async () => {
    const c = client();
    const w = FakeWorker.all[0];
    const a = c.record(request('a'));
    const b = c.record(request('b'), { priority: true });
    expect(w.runs()).toHaveLength(0);
    w.ready();
    expect(w.runs()).toHaveLength(1);
    const first = w.runs()[0].runId as number;
    w.answer(first, 'first');
    expect(w.runs()).toHaveLength(2);
    w.answer(w.runs()[1].runId as number, 'second');
    expect((await b).meta.output).toBe('first');
    expect((await a).meta.output).toBe('second');
  });

  it('ignores answers that belong to another run', async () => {
    const c = client();
    const w = FakeWorker.all[0];
    w.ready();
    const t = c.record(request());
    const runId = w.runs()[0].runId as number;
    w.answer(runId + 100, 'stale');
    w.answer(runId, 'fresh');
    expect((await t).meta.output).toBe('fresh');
  });

  it('treats an invalid message as a crash: the run gets an error trace and a new worker starts', async () => {
    const c = client();
    const w = FakeWorker.all[0];
    w.ready();
    const t = c.record(request());
    w.emit({ type: 'recorded', runId: 'nope' });
    const trace = await t;
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error?.type).toBe('WorkerCrashed');
    expect(w.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    expect(c.restarts).toBe(1);
  });

  it('replaces a worker that fails and runs the next request on the new one', async () => {
    const c = client();
    FakeWorker.all[0].ready();
    const t = c.record(request());
    FakeWorker.all[0].onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
    expect((await t).meta.error?.message).toContain('boom');
    const next = c.record(request());
    const w2 = FakeWorker.all[1];
    w2.ready();
    w2.answer(w2.runs()[0].runId as number, 'ok again');
    expect((await next).meta.output).toBe('ok again');
  });

  it('reports a run that broke the recorder seal by what it changed, and replaces the worker', async () => {
    const c = client();
    FakeWorker.all[0].ready();
    const t = c.record(request());
    const runId = FakeWorker.all[0].runs()[0].runId as number;
    const what = 'wpt_recorder.values.Values.atom';
    FakeWorker.all[0].emit({
      type: 'crashed',
      runId,
      message: `this run changed ${what}`,
      sealed: what,
    });
    const error = (await t).meta.error;
    expect(error).toMatchObject({ type: 'SealBroken', message: what });
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all[0].terminated).toBe(true);
  });

  it('terminates a run that outlives its budget and restarts Python', async () => {
    const c = client();
    FakeWorker.all[0].ready();
    const t = c.record(request('s', 1));
    vi.advanceTimersByTime(1000 + INTERRUPT_GRACE_MS + TERMINATE_GRACE_MS + 10);
    const trace = await t;
    expect(trace.meta.error?.message).toContain('did not stop');
    expect(FakeWorker.all[0].terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    expect(c.getStatus().state).toBe('loading');
  });

  it("raises the watchdog's signal in the shared cell when a run outlives its budget, then clears it", async () => {
    // A cross-origin isolated page: the client shares an interrupt cell with the worker.
    vi.stubGlobal('crossOriginIsolated', true);
    try {
      const c = client();
      const w = FakeWorker.all[0];
      const init = w.posted[0] as { interruptBuffer?: SharedArrayBuffer };
      expect(init.interruptBuffer).toBeInstanceOf(SharedArrayBuffer);
      const cell = new Int32Array(init.interruptBuffer as SharedArrayBuffer);
      w.ready();
      const t = c.record(request('s', 1));
      const runId = w.runs()[0].runId as number;
      vi.advanceTimersByTime(1000 + INTERRUPT_GRACE_MS - 10);
      expect(Atomics.load(cell, 0)).toBe(0);
      vi.advanceTimersByTime(20);
      expect(Atomics.load(cell, 0)).toBe(WATCHDOG_SIGNAL);
      // The run stops (the recorder's handler); the cell is cleared for the next run.
      w.answer(runId, 'stopped');
      expect((await t).meta.output).toBe('stopped');
      expect(Atomics.load(cell, 0)).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives a run whose code has ended time to write its trace, by its event budget', async () => {
    const c = client();
    const w = FakeWorker.all[0];
    w.ready();
    const t = c.record(request('s', 1));
    const runId = w.runs()[0].runId as number;
    // The code stopped at its budget; writing a large trace outlasts the run's graces.
    vi.advanceTimersByTime(1000);
    w.emit({ type: 'ran', runId });
    vi.advanceTimersByTime(INTERRUPT_GRACE_MS + TERMINATE_GRACE_MS + 5000);
    expect(w.terminated).toBe(false);
    w.answer(runId, 'written');
    expect((await t).meta.output).toBe('written');
    expect(FakeWorker.all).toHaveLength(1);
    // A writer that never finishes is still replaced, once the writing time is over.
    const stuck = c.record(request('s', 1));
    const next = w.runs()[1].runId as number;
    w.emit({ type: 'ran', runId: next + 1 }); // another run's: ignored
    w.emit({ type: 'ran', runId: next });
    vi.advanceTimersByTime(writeSeconds({}) * 1000 + 10);
    expect((await stuck).meta.error?.message).toContain('did not finish writing the trace');
    expect(w.terminated).toBe(true);
  });

  it('reports a load failure, answers waiting runs with an error, and can retry', async () => {
    const c = client();
    const t = c.record(request());
    FakeWorker.all[0].emit({ type: 'load-failed', cause: 'assets', message: 'x.wasm: HTTP 404' });
    expect(c.getStatus()).toEqual({
      state: 'failed',
      cause: 'assets',
      message: 'x.wasm: HTTP 404',
    });
    expect((await t).meta.error?.type).toBe('PythonUnavailable');
    c.restart();
    expect(FakeWorker.all).toHaveLength(2);
    expect(c.getStatus().state).toBe('loading');
  });

  it('answers a run in flight when Python is restarted on purpose', async () => {
    const c = client();
    FakeWorker.all[0].ready();
    const t = c.record(request());
    c.restart('reset by the user');
    expect((await t).meta.error?.message).toContain('reset by the user');
  });

  it('gives up loading after a timeout instead of spinning forever', () => {
    const c = client();
    vi.advanceTimersByTime(90_001);
    expect(c.getStatus()).toMatchObject({ state: 'failed', cause: 'timeout' });
  });
});
