/// <reference lib="webworker" />
/**
 * The Python worker: hosts Pyodide and the recorder, nothing else.
 *
 * It loads Pyodide from the app's own origin as soon as the page creates it,
 * then answers `record` requests one at a time. Network APIs are removed from
 * the worker's global scope once Pyodide is loaded, so even Python code that
 * found a way to reach JavaScript could not send anything anywhere.
 */
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { type FromWorker, ToWorkerSchema } from './protocol';
import recorderSource from './recorder.py?raw';
import { disableNetwork, recordWith } from './worker-core';

declare const self: DedicatedWorkerGlobalScope;

let pyodide: PyodideAPI | null = null;
/** Set by the first `init`; later ones are ignored. */
let started = false;

function post(message: FromWorker, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

async function load(indexURL: string, interruptBuffer?: SharedArrayBuffer) {
  const t0 = performance.now();
  post({ type: 'loading', stage: 'pyodide' });
  try {
    const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
    if (interruptBuffer) py.setInterruptBuffer(new Int32Array(interruptBuffer));
    py.FS.writeFile('/home/pyodide/wpt_recorder.py', recorderSource);
    py.runPython('import wpt_recorder');
    disableNetwork(self as unknown as Record<string, unknown>);
    pyodide = py;
    post({
      type: 'ready',
      python: py.runPython('import sys; sys.version.split()[0]') as string,
      interruptible: Boolean(interruptBuffer),
      loadMs: performance.now() - t0,
    });
  } catch (err) {
    post({ type: 'load-failed', message: describeLoadError(err) });
  }
}

function describeLoadError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // A missing asset answered by the HTML fallback shows up as a parse error.
  if (/Unexpected token '<'|not valid JSON|expected magic word|WebAssembly/i.test(text)) {
    return `Python's files could not be loaded from this site (${text}). The Pyodide assets may be missing from /pyodide/.`;
  }
  return `Python could not start: ${text}`;
}

self.onmessage = (event: MessageEvent) => {
  const parsed = ToWorkerSchema.safeParse(event.data);
  if (!parsed.success) {
    post({
      type: 'crashed',
      runId: null,
      message: `invalid message to worker: ${parsed.error.message}`,
    });
    return;
  }
  const msg = parsed.data;
  if (msg.type === 'init') {
    if (!started) {
      started = true;
      void load(msg.indexURL, msg.interruptBuffer);
    }
    return;
  }
  if (!pyodide) {
    post({ type: 'crashed', runId: msg.runId, message: 'Python is not ready yet' });
    return;
  }
  try {
    const { meta, buffer } = recordWith(pyodide, msg.request);
    post({ type: 'recorded', runId: msg.runId, meta, buffer }, [buffer]);
  } catch (err) {
    // The recorder turns every lesson error into a trace; reaching this means
    // the interpreter itself failed (e.g. a Pyodide fatal error). The client
    // replaces this worker.
    post({
      type: 'crashed',
      runId: msg.runId,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
