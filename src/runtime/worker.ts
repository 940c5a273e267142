/// <reference lib="webworker" />
/**
 * The Python worker: hosts Pyodide and the recorder, nothing else.
 *
 * It loads Pyodide from the app's own origin as soon as the page creates it,
 * then answers `record` requests one at a time. Network APIs are removed from
 * the worker's global scope once Pyodide is loaded, so even Python code that
 * found a way to reach JavaScript could not send anything anywhere; so are the origin's
 * storage, channels and the worker's own `postMessage`, so it could not leave anything
 * for a later run or the page either.
 */
import { loadPyodide } from 'pyodide';
import type { PackedMeta } from '../trace/events';
import { AssetError, assetProblem, guardAssets, unreachable } from './assetGuard';
import { disableCodeFromStrings } from './codeStrings';
import { packedBuffers, packRecording } from './decode';
import { countingFetch, type LoadProgress } from './progress';
import { describeInvalid, type FromWorker, type LoadFailed, ToWorkerSchema } from './protocol';
import { SealBroken } from './seal';
import {
  disableNetwork,
  disableStorage,
  type InstalledRecorder,
  installRecorder,
  recorderInstallOf,
  recordWith,
} from './worker-core';

/** The recorder package's files, bundled as text. */
const recorderSources = import.meta.glob<string>('./recorder/*.py', {
  query: '?raw',
  import: 'default',
  eager: true,
});

declare const self: DedicatedWorkerGlobalScope;

let recorder: InstalledRecorder | null = null;
/** Set by the first `init`; later ones are ignored. */
let started = false;

/** The worker's line to the page, kept before `disableStorage` takes it from Python's reach. */
const postToPage = self.postMessage.bind(self);

function post(message: FromWorker, transfer: Transferable[] = []) {
  postToPage(message, transfer);
}

/** Pyodide's own files, fetched from `indexURL` by `loadPyodide`. */
const ASSETS = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

/**
 * After a load that failed on its own: which of Pyodide's files is to blame, if one is
 * (`pyodide.asm.mjs` is imported, not fetched, so the guard does not see it). Throws an
 * `AssetError` naming it.
 */
async function checkAssets(indexURL: string, fetchFn: typeof fetch): Promise<void> {
  await Promise.all(
    ASSETS.map(async (name) => {
      const url = new URL(name, indexURL);
      let response: Response;
      try {
        response = await fetchFn(url, { method: 'HEAD' });
      } catch {
        // No answer to HEAD: offline, the service worker answers GETs only. Ask with GET
        // (from its cache, then dropped); refused as well means the file is unreachable.
        try {
          response = await fetchFn(url);
          await response.body?.cancel();
        } catch (err) {
          throw new AssetError(unreachable(name, err));
        }
      }
      const problem = assetProblem(name, response);
      if (problem) throw new AssetError(problem);
    }),
  );
}

async function load(indexURL: string, interruptBuffer?: SharedArrayBuffer) {
  const t0 = performance.now();
  post({ type: 'loading', stage: 'pyodide' });
  const plainFetch = self.fetch;
  const guard = guardAssets(plainFetch.bind(self), ASSETS);
  try {
    self.fetch = countingFetch(guard.fetch, __PYODIDE_BYTES__, throttled());
    const loading = loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
    const py = await Promise.race([loading, guard.failed]).catch(async (err) => {
      if (!(err instanceof AssetError)) await checkAssets(indexURL, plainFetch.bind(self));
      throw err;
    });
    self.fetch = plainFetch;
    if (interruptBuffer) py.setInterruptBuffer(new Int32Array(interruptBuffer));
    const installed = installRecorder(py, recorderInstallOf(recorderSources));
    disableNetwork(self as unknown as Record<string, unknown>);
    disableStorage(self as unknown as Record<string, unknown>);
    disableCodeFromStrings(self as unknown as Record<string, unknown>);
    recorder = installed;
    post({
      type: 'ready',
      python: py.runPython('import sys; sys.version.split()[0]') as string,
      interruptible: Boolean(interruptBuffer),
      loadMs: performance.now() - t0,
    });
  } catch (err) {
    try {
      self.fetch = plainFetch;
    } catch {
      // Already refused for good (the failure came after the lockdown): it stays so.
    }
    post({ type: 'load-failed', ...describeLoadError(err) });
  }
}

/** Post progress at most every 100 ms, but every change of stage at once. */
function throttled(): (p: LoadProgress) => void {
  let last = 0;
  let stage = '';
  return (p) => {
    const now = performance.now();
    if (p.stage === stage && now - last < 100) return;
    last = now;
    stage = p.stage;
    post({ type: 'loading', stage: p.stage, loaded: p.loaded, total: p.total });
  };
}

/** Why loading failed, for the page to word (`LoadFailureCause`), with the technical detail. */
function describeLoadError(err: unknown): LoadFailed {
  const text = err instanceof Error ? err.message : String(err);
  // A missing asset answered by the HTML fallback shows up as a parse error.
  const assets =
    err instanceof AssetError ||
    /Unexpected token '<'|not valid JSON|expected magic word|WebAssembly/i.test(text);
  return { cause: assets ? 'assets' : 'error', message: text };
}

self.onmessage = (event: MessageEvent) => {
  const parsed = ToWorkerSchema.safeParse(event.data);
  if (!parsed.success) {
    post({
      type: 'crashed',
      runId: null,
      message: `invalid message to worker: ${describeInvalid(parsed.error.issues)}`,
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
  if (!recorder) {
    post({ type: 'crashed', runId: msg.runId, message: 'Python is not ready yet' });
    return;
  }
  try {
    const ran = () => post({ type: 'ran', runId: msg.runId });
    const { meta, buffer } = recordWith(recorder, msg.request, ran);
    let packed: PackedMeta;
    try {
      packed = packRecording(meta);
    } catch (err) {
      post({ type: 'unreadable', runId: msg.runId, message: String(err) });
      return;
    }
    post({ type: 'recorded', runId: msg.runId, packed, buffer }, [
      buffer,
      ...packedBuffers(packed),
    ]);
  } catch (err) {
    // The recorder turns every lesson error into a trace; reaching this means
    // the interpreter itself failed (e.g. a Pyodide fatal error) or the run broke the
    // recorder's seal (SealBroken). Either way the client replaces this worker.
    post({
      type: 'crashed',
      runId: msg.runId,
      message: err instanceof Error ? err.message : String(err),
      ...(err instanceof SealBroken ? { sealed: err.what } : {}),
    });
  }
};
