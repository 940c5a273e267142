/**
 * The runtime client as the page holds it before its code has loaded. The client, the
 * worker protocol's schemas and the page's checks of what the worker sends (./client.ts,
 * ./protocol.ts, ./decode.ts's page half) are needed only once Python starts, which is
 * never before the page is idle, so they are not part of the first download: this
 * stand-in answers at once, as a client that is loading would, and hands every call to the
 * real client when its code arrives.
 */
import { AppFailure } from '../trace/meta';
import { type Trace, unrecordedTrace } from '../trace/trace';
import type { RuntimeClient, RuntimeStatus } from './client';
import { listeners } from './listeners';
import type { RecordRequest } from './protocol';

/**
 * A client whose code `load` fetches (and whose worker it starts) right away. If the code
 * cannot be fetched, the status is `failed` (cause `assets`), runs are answered with a
 * *PythonUnavailable* trace, and `restart` fetches it again.
 */
export function lazyClient(load: () => Promise<RuntimeClient>): RuntimeClient {
  let real: RuntimeClient | null = null;
  let status: RuntimeStatus = { state: 'loading' };
  let restarts = 0;
  const watchers = listeners<RuntimeStatus>();
  let loading: Promise<RuntimeClient | null>;

  const setStatus = (next: RuntimeStatus) => {
    status = next;
    watchers.tell(next);
  };

  function start(): Promise<RuntimeClient | null> {
    loading = load().then(
      (client) => {
        real = client;
        client.subscribe(setStatus);
        setStatus(client.getStatus());
        return client;
      },
      (err: unknown) => {
        const message = `the page's Python client could not be loaded (${String(err)})`;
        setStatus({ state: 'failed', cause: 'assets', message });
        return null;
      },
    );
    return loading;
  }
  start();

  return {
    getStatus: () => status,
    subscribe: watchers.subscribe,
    async record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace> {
      const client = real ?? (await loading);
      if (client) return client.record(request, options);
      const message = status.state === 'failed' ? status.message : 'Python is not available';
      const files = request.files.map((f) => f.path);
      return unrecordedTrace(AppFailure.PythonUnavailable, message, files);
    },
    restart(reason?: string) {
      if (real) return real.restart(reason);
      void loading.then((client) => {
        if (client) return client.restart(reason);
        restarts++; // the code is fetched again
        setStatus({ state: 'loading' });
        start();
      });
    },
    get restarts() {
      return restarts + (real?.restarts ?? 0);
    },
  };
}
