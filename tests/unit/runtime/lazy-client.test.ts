/**
 * The page holds a stand-in for the runtime client until the client's code has loaded
 * (src/runtime/lazyClient.ts): it must behave as a loading client would, hand everything
 * to the real one once it is there, and turn a failed fetch of the code into a failed
 * status, answered runs and a retry.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeClient, type RuntimeStatus } from '../../../src/runtime/client';
import { lazyClient } from '../../../src/runtime/lazyClient';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { FakeWorker } from '../helpers/fake-worker';

const request: RecordRequest = {
  files: [{ path: 'main.py', role: 'entry', code: 'pass' }],
  scenario: 's',
};

/** A code fetch the test settles itself. */
function deferred() {
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { done, ...settle };
}

const realClient = () =>
  createRuntimeClient({ createWorker: FakeWorker.create, indexURL: '/pyodide/' });

describe('the runtime client before its code has loaded', () => {
  beforeEach(() => FakeWorker.reset());

  it('is loading, takes runs and listeners, and hands them to the client once it arrives', async () => {
    const fetch = deferred();
    const client = lazyClient(() => fetch.done.then(realClient));
    const seen: RuntimeStatus['state'][] = [];
    client.subscribe((s) => seen.push(s.state));
    expect(client.getStatus()).toEqual({ state: 'loading' });
    const run = client.record(request);
    expect(FakeWorker.all).toHaveLength(0); // no worker before the code is there

    fetch.resolve();
    await vi.waitFor(() => expect(FakeWorker.all).toHaveLength(1));
    const worker = FakeWorker.all[0];
    worker.ready();
    expect(client.getStatus().state).toBe('ready');
    expect(seen).toContain('ready');
    await vi.waitFor(() => expect(worker.runs()).toHaveLength(1));
    worker.answer(worker.runs()[0].runId as number, 'from the real client');
    expect((await run).meta.output).toBe('from the real client');

    // later calls go straight through
    const second = client.record(request);
    expect(worker.runs()).toHaveLength(2);
    worker.answer(worker.runs()[1].runId as number, 'again');
    expect((await second).meta.output).toBe('again');
  });

  it('stops telling a listener once it unsubscribes, before or after the code arrives', async () => {
    const fetch = deferred();
    const client = lazyClient(() => fetch.done.then(realClient));
    const heard: string[] = [];
    const off = client.subscribe((s) => heard.push(s.state));
    off();
    fetch.resolve();
    await vi.waitFor(() => expect(FakeWorker.all).toHaveLength(1));
    FakeWorker.all[0].ready();
    expect(client.getStatus().state).toBe('ready');
    expect(heard).toEqual([]);
  });

  it('fails clearly when the code cannot be fetched, answers runs, and fetches it again on restart', async () => {
    let attempts = 0;
    const client = lazyClient(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return realClient();
    });
    const run = await client.record(request);
    expect(run.meta.error?.type).toBe('PythonUnavailable');
    expect(run.meta.error?.fromApp).toBe(true);
    expect(run.meta.error?.message).toMatch(/could not be loaded.*Failed to fetch/);
    const status = client.getStatus();
    expect(status.state === 'failed' && status.cause).toBe('assets');

    client.restart();
    await vi.waitFor(() => expect(FakeWorker.all).toHaveLength(1));
    expect(attempts).toBe(2);
    expect(client.restarts).toBe(1);
    FakeWorker.all[0].ready();
    expect(client.getStatus().state).toBe('ready');
  });
});
