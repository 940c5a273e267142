/**
 * Where the page gets a trace: the shipped one when the build recorded exactly this
 * request (same files, same Pyodide, same recorder), otherwise Python, live.
 *
 * A shipped trace is one static file fetched on demand; it needs neither Pyodide nor
 * the worker, so a panel can replay the moment its code and trace have arrived, even
 * if Python never loads. The key is checked twice: the page looks the request's key up
 * in the build's table, and the file must carry that same key. Anything that does not
 * match (an edited file, a draft, a condition or logpoint, a damaged or missing file)
 * is recorded live.
 */

import { AppFailure, recordingFailure } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { traceFromRecording } from './decode';
import type { RecordRequest } from './protocol';
import {
  decodeShippedTrace,
  type RawRecording,
  type RecordingEnvironment,
  recordingKey,
} from './shipped-format';

/** Something that records live (the runtime client). */
export interface LiveRecorder {
  record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace>;
}

/** Options of {@link createTraceSource}. */
export interface TraceSourceOptions {
  /** The environment of this build's recorder ({@link RecordingEnvironment}). */
  environment: RecordingEnvironment;
  /** Recording key → URL of its shipped file. */
  shipped: Readonly<Record<string, string>>;
  /** The live recorder, asked for only when a trace is not shipped (starts Python). */
  live: () => LiveRecorder;
  /** How to fetch a file (default: `fetch`). */
  fetchBytes?: (url: string) => Promise<ArrayBuffer>;
}

/** A shipped file, decoded. */
interface Loaded {
  trace: Trace;
  file: RawRecording;
}

/** Traces for the panels: shipped when possible, live otherwise. */
export interface TraceSource {
  record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace>;
  /** Whether this request has a shipped trace (so it needs no Python). */
  isShipped(request: RecordRequest): boolean;
  /**
   * Why a trace is a stand-in, or null: when Python cannot load, a run with conditions or
   * logpoints gets the scenario's shipped trace (recorded without them, so plain
   * breakpoints still replay) instead of an error, with Python's reason here.
   */
  standInReason(trace: Trace): string | null;
  /** How many traces came from shipped files and how many were recorded live. */
  readonly counts: { shipped: number; live: number };
}

/** Resolve in a new task (after whatever the current one is doing, a paint included). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function defaultFetch(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Create a trace source (see the module comment). */
export function createTraceSource(options: TraceSourceOptions): TraceSource {
  const fetchBytes = options.fetchBytes ?? defaultFetch;
  const loaded = new Map<string, Promise<Loaded | null>>();
  const counts = { shipped: 0, live: 0 };
  const standIns = new WeakMap<Trace, string>();

  function keyOf(request: RecordRequest): string | null {
    const key = recordingKey(request, options.environment);
    return key && Object.hasOwn(options.shipped, key) ? key : null;
  }

  function load(key: string): Promise<Loaded | null> {
    let pending = loaded.get(key);
    if (!pending) {
      pending = fetchBytes(options.shipped[key])
        .then((bytes) => {
          const file = decodeShippedTrace(bytes);
          // A file for another key (a stale copy in some cache) is never used.
          if (file.key !== key) return null;
          return { trace: traceFromRecording(file.meta, file.buffer), file };
        })
        .catch(() => null);
      loaded.set(key, pending);
      // A failed fetch may succeed later (the network came back): do not remember it.
      pending.then((t) => {
        if (!t) loaded.delete(key);
      });
    }
    return pending;
  }

  return {
    async record(request, opts) {
      // The scenario on screen first: the others start in a later task, so a panel that
      // asks for all of its scenarios at mount does not hold up the page's first paint.
      if (!opts?.priority) await nextTask();
      const key = keyOf(request);
      if (key) {
        const found = await load(key);
        if (found) {
          counts.shipped++;
          return found.trace;
        }
      }
      counts.live++;
      const trace = await options.live().record(request, opts);
      const error = recordingFailure(trace);
      if (error?.type === AppFailure.PythonUnavailable && request.probes?.length) {
        const plain = keyOf({ ...request, probes: [] });
        const shipped = plain ? await load(plain) : null;
        if (shipped) {
          // Its own object: the shipped trace itself stays a plain, fresh recording.
          const standIn = traceFromRecording(shipped.file.meta, shipped.file.buffer);
          standIns.set(standIn, error.message);
          return standIn;
        }
      }
      return trace;
    },
    isShipped: (request) => keyOf(request) !== null,
    standInReason: (trace) => standIns.get(trace) ?? null,
    counts,
  };
}
