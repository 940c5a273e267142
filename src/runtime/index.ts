/**
 * The app's single Python runtime. Nothing starts it at page load: shipped traces
 * replay without it. It starts when the page is idle (`warmUpWhenIdle`), or at once when
 * something needs Python (a condition, a logpoint, an edit, author mode) and calls
 * `getRuntime()`.
 */
import type { RuntimeClient, RuntimeStatus } from './client';
import { lazyClient } from './lazyClient';
import { listeners } from './listeners';

let client: RuntimeClient | null = null;

/** Where Python is: not started yet (`idle`), or the client's own status. */
export type RuntimePhase = { state: 'idle' } | RuntimeStatus;

const phases = listeners<RuntimePhase>();

/** The shared runtime client; the first call starts Python. */
export function getRuntime(): RuntimeClient {
  if (!client) {
    // The client's own code loads with Python, not with the page (./lazyClient.ts).
    client = lazyClient(() =>
      import('./client').then(({ createRuntimeClient }) =>
        createRuntimeClient({
          createWorker: () =>
            new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'python' }),
          indexURL: new URL(`${import.meta.env.BASE_URL}pyodide/`, self.location.origin).href,
        }),
      ),
    );
    client.subscribe(phases.tell);
    phases.tell(client.getStatus());
  }
  return client;
}

/** Python's phase, without starting it. */
export function runtimePhase(): RuntimePhase {
  return client ? client.getStatus() : { state: 'idle' };
}

/** Be told of every change of Python's phase (without starting it). */
export function subscribeRuntime(listener: (phase: RuntimePhase) => void): () => void {
  return phases.subscribe(listener);
}

/**
 * Run `work` when the main thread is idle (at the latest after `timeoutMs`), or soon where
 * the browser has no idle callbacks.
 */
export function whenIdle(work: () => void, timeoutMs: number): void {
  const idle = (globalThis as { requestIdleCallback?: typeof requestIdleCallback })
    .requestIdleCallback;
  if (idle) idle(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 50);
}

/**
 * Start Python once the page has loaded and the main thread is idle, so that the
 * first paint, the lesson and its shipped traces get the network and the CPU first.
 */
export function warmUpWhenIdle(): void {
  const start = () => whenIdle(() => getRuntime(), 1000);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** Settles once Python has loaded or failed (it does not start it). */
export function whenPythonSettles(): Promise<RuntimePhase> {
  return new Promise((resolve) => {
    const settled = (p: RuntimePhase) => p.state === 'ready' || p.state === 'failed';
    if (settled(runtimePhase())) return resolve(runtimePhase());
    const off = subscribeRuntime((p) => {
      if (!settled(p)) return;
      off();
      resolve(p);
    });
  });
}
