/**
 * The bench's floor for "Python ready": the least a page can do to get Python, loaded
 * exactly the way the app loads it (a module worker, `loadPyodide` from the bundled
 * `pyodide` package, `indexURL` = this origin's `/pyodide/`), and nothing else.
 * `scripts/bench.ts` compares the app's time to ready against this page's.
 */
const state = document.getElementById('state') as HTMLOutputElement;
const started = performance.now();
const worker = new Worker(new URL('./bare-worker.ts', import.meta.url), {
  type: 'module',
  name: 'python',
});
worker.onmessage = (e: MessageEvent<{ ok: boolean; loadMs: number; message?: string }>) => {
  const at = performance.now();
  state.dataset.state = e.data.ok ? 'ready' : 'failed';
  state.dataset.readyAt = String(at);
  state.dataset.workerStartedAt = String(started);
  state.dataset.loadMs = String(e.data.loadMs);
  state.textContent = e.data.ok ? `ready after ${at.toFixed(0)} ms` : `failed: ${e.data.message}`;
};
worker.postMessage({
  indexURL: new URL(`${import.meta.env.BASE_URL}pyodide/`, location.origin).href,
});
