/**
 * The parts of the worker that do not depend on being in a worker, so that the
 * Pyodide-in-Node tests and the lesson checker run exactly the same code.
 */
import type { PyodideAPI } from 'pyodide';
import type { RecordRequest } from './protocol';

/** The recorder's answer: metadata JSON and the columns blob. */
export interface RawTrace {
  meta: string;
  buffer: ArrayBuffer;
}

/** The name the recorder package is imported as inside Pyodide. */
export const RECORDER_PACKAGE = 'wpt_recorder';

/**
 * The recorder package's files: `{ 'config.py': source, ... }`, read from
 * `src/runtime/recorder/` (by `import.meta.glob` in the worker, from disk in Node).
 */
export type RecorderSources = Record<string, string>;

/**
 * Install the recorder package into Pyodide and import it: the one way the worker, the
 * Node recorder and the bench install it. `sources` keys may be paths (Vite's glob keys);
 * only the file name is kept. `name` is for A/B benches that load a second copy.
 */
export function installRecorder(
  py: PyodideAPI,
  sources: RecorderSources,
  name: string = RECORDER_PACKAGE,
): void {
  const dir = `/home/pyodide/${name}`;
  const files = Object.entries(sources).map(([key, code]) => [key.split('/').pop() ?? key, code]);
  if (!files.some(([file]) => file === '__init__.py')) {
    throw new Error(`the recorder sources have no __init__.py (got ${files.length} files)`);
  }
  py.FS.mkdirTree(dir);
  for (const [file, code] of files) py.FS.writeFile(`${dir}/${file}`, code);
  py.runPython(`import ${name}`);
}

/** Run one request through `wpt_recorder.record` (installed by {@link installRecorder}). */
export function recordWith(py: PyodideAPI, request: RecordRequest): RawTrace {
  const recorder = py.pyimport(RECORDER_PACKAGE);
  const result = recorder.record(JSON.stringify(request));
  try {
    const meta = result.get(0) as string;
    const blob = result.get(1);
    const bytes = blob.toJs() as Uint8Array;
    blob.destroy();
    // Own the bytes in a fresh, transferable ArrayBuffer.
    const buffer =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.slice().buffer as ArrayBuffer);
    return { meta, buffer };
  } finally {
    result.destroy();
    recorder.destroy();
  }
}

/**
 * Remove every way a worker can send data out. Called once Pyodide has
 * loaded its own files; after this the worker cannot make a request at all.
 */
export function disableNetwork(scope: Record<string, unknown>): void {
  // A plain function, so that `new XMLHttpRequest()` gets this message too.
  const refuse = function refuse(): never {
    throw new TypeError('network access is disabled in this playground');
  };
  const names = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts'];
  // `fetch` and `importScripts` live on WorkerGlobalScope.prototype: shadowing them on
  // the global alone would leave `WorkerGlobalScope.prototype.fetch.call(self, url)`.
  const targets: object[] = [];
  for (let o: object | null = scope; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    targets.push(o);
  }
  for (const target of targets) {
    for (const name of names) {
      if (target !== scope && !Object.hasOwn(target, name)) continue;
      try {
        Object.defineProperty(target, name, {
          value: refuse,
          configurable: false,
          writable: false,
        });
      } catch {
        // A non-configurable global stays; CSP connect-src still limits it to our origin.
      }
    }
  }
}
