/**
 * The recorder in Node: the same recorder.py and the same worker-core code
 * the browser worker runs, for the Pyodide tests, the lesson checker and the
 * bench. Node-only (reads files from disk).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import type { Trace } from '../trace/trace';
import { traceFromRecording } from './decode';
import type { RecordRequest } from './protocol';
import { type RawTrace, recordWith } from './worker-core';

/** A loaded Pyodide with the recorder importable. */
export interface NodeRecorder {
  pyodide: PyodideAPI;
  record(request: RecordRequest): Trace;
  /** The recorder's raw answer (what shipped traces store), before decoding. */
  recordRaw(request: RecordRequest): RawTrace;
}

/** The recorder's Python source (also hashed into shipped traces' keys). */
export const recorderPath = fileURLToPath(new URL('./recorder.py', import.meta.url));

/** Load Pyodide (about 2–3 s) and install the recorder. */
export async function createNodeRecorder(): Promise<NodeRecorder> {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  pyodide.FS.writeFile('/home/pyodide/wpt_recorder.py', readFileSync(recorderPath, 'utf8'));
  pyodide.runPython('import wpt_recorder');
  return {
    pyodide,
    record(request) {
      const { meta, buffer } = recordWith(pyodide, request);
      return traceFromRecording(meta, buffer);
    },
    recordRaw: (request) => recordWith(pyodide, request),
  };
}
