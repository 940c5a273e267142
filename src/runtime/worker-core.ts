/**
 * The parts of the worker that do not depend on being in a worker, so that the
 * Pyodide-in-Node tests and the lesson checker run exactly the same code.
 */
import type { PyodideAPI } from 'pyodide';
import type { PyProxy } from 'pyodide/ffi';

import type { RecordRequest } from './protocol.ts';
import { type PyFunction, SealBroken, sealRecorder } from './seal.ts';

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

/**
 * The recorder installed in one Pyodide: its entry point and the check of its seal, both
 * taken at install, before any lesson code ran (`recorder/seal.py`).
 */
export interface InstalledRecorder {
  py: PyodideAPI;
  /**
   * `record(request)`, which runs a request (a dict) to its end, and `write(ran)`, which
   * serialises what it returns; both kept from install, never looked up again through Python.
   */
  record: PyFunction;
  /** See {@link InstalledRecorder.record}. */
  write: PyFunction;
  /**
   * After a run: null if the run left the recorder, the standard library and the builtins
   * as install found them, else the name of what it changed.
   */
  changed: () => string | null;
  /** Before a run: what the host imported since the last one joins the baseline and its seal. */
  prepare: () => void;
  /** Whether Pyodide still works (after a fatal error it replaces its API with throwers). */
  alive: () => boolean;
}

/**
 * What a program reading its standard input gets: nothing, at once. `input()` raises
 * `EOFError` and `sys.stdin.read()` gives `''`, as CPython does with an empty stdin, and
 * the same everywhere: Pyodide's own default differs by host (in a browser worker it
 * calls a `prompt` that does not exist there, an `OSError`; in Node it reads the host
 * process's stdin, and waits for it).
 */
const NO_INPUT = { stdin: () => null } as const;

/** Install the recorder into a Pyodide (the worker, Node in-process and the Node sandbox). */
export function installRecorder(py: PyodideAPI, install: RecorderInstall): InstalledRecorder {
  py.setStdin(NO_INPUT);
  for (const f of install.files) {
    py.FS.mkdirTree(f.path.slice(0, f.path.lastIndexOf('/')) || '/');
    py.FS.writeFile(f.path, f.code);
  }
  py.runPython(install.bootstrap);
  const name =
    install.bootstrap
      .split('\n')
      .at(-1)
      ?.replace(/^import /, '') ?? RECORDER_PACKAGE;
  const record = py.runPython(`import ${name}\n${name}.record`) as PyFunction;
  const write = py.runPython(`import ${name}\n${name}.write`) as PyFunction;
  const { changed, prepare } = sealRecorder(py, name);
  const runPython = py.runPython;
  return { py, record, write, changed, prepare, alive: () => py.runPython === runPython };
}

/**
 * Run one request through the installed recorder (see {@link installRecorder}).
 * `onRan` is called once the lesson code has finished (the interpreter is put back), before
 * the trace is written: from then on only the recorder's own work is left, which takes
 * longer the more events were recorded, and no watchdog should cut it short as if the
 * program were stuck.
 */
export function recordWith(
  installed: InstalledRecorder,
  request: RecordRequest,
  onRan?: () => void,
): RawTrace {
  // Calling the kept proxy would not notice a fatal error, as Pyodide's API does.
  if (!installed.alive())
    throw new Error('Pyodide already fatally failed and can no longer be used.');
  installed.prepare();
  let result: PyProxy & { get: (i: number) => unknown };
  try {
    // A dict made by Pyodide's own conversion: no Python code (json's shared decoder, which
    // a run could change in place) reads the request on its way in. Through JSON first, so
    // that a field left undefined is absent, as the recorder expects, not None.
    const plain = JSON.parse(JSON.stringify(request)) as RecordRequest;
    const asPython = installed.py.toPy(plain) as PyProxy;
    let ran: PyProxy;
    try {
      ran = installed.record(asPython) as PyProxy;
    } finally {
      asPython.destroy();
    }
    try {
      onRan?.();
      result = installed.write(ran) as typeof result;
    } finally {
      ran.destroy();
    }
  } catch (err) {
    // The recorder failed: because the run changed it, if it did (the clearer reason).
    if (!installed.alive()) throw err; // a Pyodide fatal error: nothing can be checked
    const what = installed.changed();
    throw what === null ? err : new SealBroken(what);
  }
  try {
    // Checked before anything is read: a run that changed what records later runs is
    // not shown, and its interpreter is not used again (the caller replaces it).
    const what = installed.changed();
    if (what !== null) throw new SealBroken(what);
    const meta = result.get(0) as string;
    const blob = result.get(1) as PyProxy;
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
  }
}

/** The message of every refused storage or messaging API. */
export const STORAGE_DISABLED =
  'storage and messages outside the current run are disabled in this playground';

/**
 * What a run could use to leave something for another run, or to reach the page, without
 * the network: the origin's persistent storage (Cache Storage, which also holds what the
 * service worker serves, IndexedDB, the origin private file system behind
 * `navigator.storage`), channels to other pages and workers of the origin, and the
 * worker's own line to the page (the worker keeps a private reference for its replies).
 */
export const STORAGE_GLOBALS = [
  'caches',
  'indexedDB',
  'BroadcastChannel',
  'postMessage',
  'SharedWorker',
  // Chromium's old sandboxed file system API, kept per origin across page loads.
  'webkitRequestFileSystem',
  'webkitRequestFileSystemSync',
  'webkitResolveLocalFileSystemURL',
  'webkitResolveLocalFileSystemSyncURL',
] as const;

/** The same on `navigator`'s prototype chain. */
export const NAVIGATOR_STORAGE = ['storage', 'locks', 'serviceWorker'] as const;

/** Make `name` throw on every object of `target`'s chain that has it (own on the first). */
function refuseOnChain(
  scope: object,
  names: readonly string[],
  refuse: () => never,
  asGetter: (name: string) => boolean,
): void {
  for (let o: object | null = scope; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of names) {
      if (o !== scope && !Object.hasOwn(o, name)) continue;
      if (o === scope && !(name in o)) continue;
      try {
        Object.defineProperty(
          o,
          name,
          asGetter(name)
            ? { get: refuse, configurable: false }
            : { value: refuse, configurable: false, writable: false },
        );
      } catch {
        // A non-configurable property stays (none of these is, in Chromium and Node 20).
      }
    }
  }
}

/**
 * Remove what a run could use to reach storage that outlives it, other pages and workers,
 * or the page itself (`STORAGE_GLOBALS`, `NAVIGATOR_STORAGE`). Call once Pyodide is
 * loaded and after keeping any reference the worker needs (its `postMessage`).
 */
export function disableStorage(scope: Record<string, unknown>): void {
  const refuse = function refuse(): never {
    throw new TypeError(STORAGE_DISABLED);
  };
  // Objects (caches, indexedDB) become getters that throw; functions are replaced.
  const objects = new Set(['caches', 'indexedDB']);
  refuseOnChain(scope, STORAGE_GLOBALS, refuse, (name) => objects.has(name));
  const nav = (() => {
    try {
      return scope.navigator;
    } catch {
      return undefined;
    }
  })();
  if (nav && typeof nav === 'object') refuseOnChain(nav, NAVIGATOR_STORAGE, refuse, () => true);
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
  // A font's `url(...)` is fetched by the browser when the face loads.
  'FontFace',
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
