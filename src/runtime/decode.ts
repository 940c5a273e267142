/**
 * The recorder's raw answer (JSON half + columns blob) as a `Trace`: the one decoding
 * step shared by the worker client, the Node recorder and shipped traces, so that a
 * shipped trace and a live one go through exactly the same code.
 */

import { TraceMetaSchema } from '../trace/meta.ts';
import { Trace } from '../trace/trace.ts';

/** Decode a recording; throws if its JSON half or its columns are malformed. */
export function traceFromRecording(meta: string, buffer: ArrayBuffer): Trace {
  return new Trace(TraceMetaSchema.parse(JSON.parse(meta)), buffer);
}
