/**
 * The recorder in Node: the same recorder package and the same worker-core code
 * the browser worker runs. Node-only (reads files from disk).
 *
 * Two ways to run it:
 * - {@link createNodeRecorder}: in this process, for the recorder's own tests and the
 *   bench, which run trusted code and need the interpreter itself;
 * - `createSandboxedRecorder(recorderInstall())` (sandbox/runner.ts): in a child process
 *   under Node's permission model, for anything that runs lesson code (the lesson
 *   checker, the build's shipped traces).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import type { Trace } from '../trace/trace.ts';
import { traceFromRecording } from './decode.ts';
import type { RecordRequest } from './protocol.ts';
import {
  installRecorder,
  type RawTrace,
  type RecorderInstall,
  type RecorderSources,
  recorderInstallOf,
  recordWith,
} from './worker-core.ts';

/** A loaded Pyodide with the recorder importable. */
export interface NodeRecorder {
  pyodide: PyodideAPI;
  record(request: RecordRequest): Trace;
  /** The recorder's raw answer (what shipped traces store), before decoding. */
  recordRaw(request: RecordRequest): RawTrace;
}

const recorderDir = fileURLToPath(new URL('./recorder/', import.meta.url));

/** The `.py` files of a recorder package folder (default: `src/runtime/recorder/`). */
export function readRecorderSources(dir: string = recorderDir): RecorderSources {
  const sources: RecorderSources = {};
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.py')) sources[file] = readFileSync(path.join(dir, file), 'utf8');
  }
  return sources;
}

/** The recorder's files and the Python that installs them, read from disk. */
export function recorderInstall(): RecorderInstall {
  return recorderInstallOf(readRecorderSources());
}

/** Load Pyodide (about 2–3 s) in this process and install the recorder. */
export async function createNodeRecorder(): Promise<NodeRecorder> {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  const installed = installRecorder(pyodide, recorderInstall());
  return {
    pyodide,
    record(request) {
      const { meta, buffer } = recordWith(installed, request);
      return traceFromRecording(meta, buffer);
    },
    recordRaw: (request) => recordWith(installed, request),
  };
}
