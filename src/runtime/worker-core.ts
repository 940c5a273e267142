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

/** A file the recorder needs inside Pyodide's virtual filesystem. */
export interface InstallFile {
  /** Absolute path in Pyodide's filesystem (`/home/pyodide/...`). */
  path: string;
  code: string;
}

/** How to make the recorder importable in a fresh Pyodide: its files, then Python to run. */
export interface RecorderInstall {
  files: InstallFile[];
  /** Run once the files are written (imports, sandbox set-up). */
  bootstrap: string;
}

/** The Python sources of the recorder, however the caller read them (`?raw` or from disk). */
export interface RecorderSources {
  /** src/runtime/recorder.py */
  recorder: string;
  /** src/runtime/sandbox.py */
  sandbox: string;
}

/** The one description of how the recorder is installed, for every caller. */
export function recorderInstallOf(sources: RecorderSources): RecorderInstall {
  return {
    files: [
      { path: '/home/pyodide/wpt_sandbox.py', code: sources.sandbox },
      { path: '/home/pyodide/wpt_recorder.py', code: sources.recorder },
    ],
    bootstrap: 'import wpt_sandbox\nwpt_sandbox.install()\nimport wpt_recorder',
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

/** Run one request through `wpt_recorder.record` (which must be importable). */
export function recordWith(py: PyodideAPI, request: RecordRequest): RawTrace {
  const recorder = py.pyimport('wpt_recorder');
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
