/**
 * The sandboxed child process that runs lesson code for Node-side recordings (the
 * lesson checker, the build's shipped traces). The parent (runner.ts) bundles this
 * file and starts it with Node's permission model: it may read Pyodide's folder and
 * nothing else, write nothing, start no process and no worker. On top of that, once
 * Pyodide has loaded, everything that could reach the network or Node's modules is
 * removed from the globals Python's `js` module sees (lockdown.ts), and the same
 * Python sandbox as the browser worker refuses host commands with a clean error.
 *
 * No static import of pyodide: `process.binding` has to be replaced first (see below).
 */
import fs from 'node:fs';
import type { PyodideAPI } from 'pyodide';
import { type InstalledRecorder, installRecorder, recordWith } from '../worker-core';
import { makeCompileCheck } from './compile-check';
import { lockdownNode } from './lockdown';
import type { FromSandbox, ToSandbox } from './messages';

// Keep what the child itself needs before lockdown hides `process` from lesson code.
const proc = process;
const send = (message: FromSandbox) => proc.send?.(message);
/** Send a last message, then exit once it has been written. */
const sendAndExit = (message: FromSandbox) => {
  if (!proc.send?.(message, undefined, undefined, () => proc.exit(1))) proc.exit(1);
};

// Emscripten's NODEFS asks `process.binding("constants")` while Pyodide loads, which
// the permission model refuses. Answer that one question, and nothing else.
const constants = { fs: fs.constants };
(proc as unknown as { binding: (name: string) => unknown }).binding = (name: string) => {
  if (name === 'constants') return constants;
  throw new Error(`process.binding(${JSON.stringify(name)}) is not available in the sandbox`);
};

let py: PyodideAPI | null = null;
let recorder: InstalledRecorder | null = null;
let compile:
  | ((path: string, code: string) => ReturnType<ReturnType<typeof makeCompileCheck>>)
  | null = null;

async function init(message: Extract<ToSandbox, { type: 'init' }>) {
  try {
    const { loadPyodide } = (await import(message.pyodideUrl)) as typeof import('pyodide');
    const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
    const installed = installRecorder(pyodide, message.install);
    compile = makeCompileCheck(pyodide);
    const python = pyodide.runPython('import sys; sys.version.split()[0]') as string;
    lockdownNode(globalThis as unknown as Record<string, unknown>);
    py = pyodide;
    recorder = installed;
    send({ type: 'ready', python });
  } catch (err) {
    sendAndExit({ type: 'load-failed', message: err instanceof Error ? err.message : String(err) });
  }
}

function handle(message: ToSandbox) {
  if (message.type === 'init') {
    void init(message);
    return;
  }
  if (!py || !compile || !recorder) {
    send({ type: 'failed', id: message.id, message: 'Python is not ready yet' });
    return;
  }
  try {
    if (message.type === 'record') {
      const { id } = message;
      const { meta, buffer } = recordWith(recorder, message.request, () =>
        send({ type: 'ran', id }),
      );
      send({ type: 'recorded', id: message.id, meta, buffer });
    } else {
      send({ type: 'compiled', id: message.id, error: compile(message.path, message.code) });
    }
  } catch (err) {
    // The recorder turns every lesson error into a trace: reaching this means the
    // interpreter itself failed (a Pyodide fatal error) or the run broke the recorder's
    // seal (SealBroken). It cannot be trusted again: the parent starts a fresh child.
    sendAndExit({
      type: 'failed',
      id: message.id,
      message: err instanceof Error ? err.message : String(err),
    });
  }
}

proc.on('message', (message) => handle(message as ToSandbox));
proc.on('disconnect', () => proc.exit(0));
