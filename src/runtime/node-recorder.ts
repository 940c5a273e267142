/**
 * The recorder in Node: the same recorder.py and the same worker-core code
 * the browser worker runs. Node-only (reads files from disk).
 *
 * Two ways to run it:
 * - {@link createNodeRecorder}: in this process, for the recorder's own tests and the
 *   bench, which run trusted code and need the interpreter itself;
 * - `createSandboxedRecorder(recorderInstall())` (sandbox/runner.ts): in a child process
 *   under Node's permission model, for anything that runs lesson code (the lesson
 *   checker, the build's shipped traces).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { Trace, type TraceMeta } from '../trace/trace';
import { type RecordRequest, TraceMetaSchema } from './protocol';
import {
  installRecorder,
  type RecorderInstall,
  recorderInstallOf,
  recordWith,
} from './worker-core';

/** A loaded Pyodide with the recorder importable. */
export interface NodeRecorder {
  pyodide: PyodideAPI;
  record(request: RecordRequest): Trace;
}

const source = (name: string) =>
  readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8');

/** The recorder's files and the Python that installs them, read from disk. */
export function recorderInstall(): RecorderInstall {
  return recorderInstallOf({ recorder: source('./recorder.py'), sandbox: source('./sandbox.py') });
}

/** Load Pyodide (about 2–3 s) in this process and install the recorder. */
export async function createNodeRecorder(): Promise<NodeRecorder> {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  installRecorder(pyodide, recorderInstall());
  return {
    pyodide,
    record(request) {
      const { meta, buffer } = recordWith(pyodide, request);
      return new Trace(TraceMetaSchema.parse(JSON.parse(meta)) as TraceMeta, buffer);
    },
  };
}
