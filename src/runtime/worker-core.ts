/**
 * The parts of the worker that do not depend on being in a worker, so that the
 * Pyodide-in-Node tests and the lesson checker run exactly the same code.
 */
import type { PyodideAPI } from 'pyodide';
import type { RecordRequest } from './protocol.ts';

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
 * Keys may be paths (Vite's glob keys); only the file name is kept.
 */
export type RecorderSources = Record<string, string>;

/** A file the recorder needs inside Pyodide's virtual filesystem. */
export interface InstallFile {
  /** Absolute path in Pyodide's filesystem (`/home/pyodide/...`). */
  path: string;
  code: string;
}

/**
 * How to make the recorder importable in a fresh Pyodide: its files, then the Python to
 * run. Plain data, so that the Node parent can send it to the sandboxed child.
 */
export interface RecorderInstall {
  files: InstallFile[];
  /** Run once the files are written: the host guard first, then the recorder import. */
  bootstrap: string;
}

/**
 * The one description of how the recorder is installed, for every caller (the worker,
 * Node in-process, the Node sandbox child). `name` is for A/B benches that load a second
 * copy of the package.
 */
export function recorderInstallOf(
  sources: RecorderSources,
  name: string = RECORDER_PACKAGE,
): RecorderInstall {
  const dir = `/home/pyodide/${name}`;
  const files = Object.entries(sources).map(([key, code]) => ({
    path: `${dir}/${key.split('/').pop() ?? key}`,
    code,
  }));
  if (!files.some((f) => f.path.endsWith('/__init__.py'))) {
    throw new Error(`the recorder sources have no __init__.py (got ${files.length} files)`);
  }
  return {
    files,
    bootstrap: `import ${name}.hostguard\n${name}.hostguard.install()\nimport ${name}`,
  };
}

/** Install the recorder into a Pyodide (the worker, Node in-process and the Node sandbox). */
export function installRecorder(py: PyodideAPI, install: RecorderInstall): void {
  for (const f of install.files) {
    py.FS.mkdirTree(f.path.slice(0, f.path.lastIndexOf('/')) || '/');
    py.FS.writeFile(f.path, f.code);
  }
  py.runPython(install.bootstrap);
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

/** The message of every refused request API. */
export const NETWORK_DISABLED = 'network access is disabled in this playground';

/**
 * The request APIs removed from the JavaScript global scope that Python's `js` module
 * sees. Also the constructors of nested workers: a worker started from a `blob:` URL
 * would have its own, untouched `fetch`.
 */
export const NETWORK_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'Worker',
  'SharedWorker',
  'RTCPeerConnection',
] as const;

/**
 * Remove every way a worker can send data out. Called once Pyodide has
 * loaded its own files; after this the worker cannot make a request at all.
 */
export function disableNetwork(scope: Record<string, unknown>): void {
  // A plain function, so that `new XMLHttpRequest()` gets this message too.
  const refuse = function refuse(): never {
    throw new TypeError(NETWORK_DISABLED);
  };
  const names: readonly string[] = NETWORK_GLOBALS;
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
