/// <reference lib="webworker" />
/** The floor page's worker: `loadPyodide()` and nothing else. */
import { loadPyodide } from 'pyodide';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<{ indexURL: string }>) => {
  const started = performance.now();
  try {
    await loadPyodide({ indexURL: event.data.indexURL, stdout: () => {}, stderr: () => {} });
    self.postMessage({ ok: true, loadMs: performance.now() - started });
  } catch (err) {
    self.postMessage({ ok: false, loadMs: 0, message: String(err) });
  }
};
