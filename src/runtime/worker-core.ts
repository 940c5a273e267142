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
