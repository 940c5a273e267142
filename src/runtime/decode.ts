/**
 * The recorder's raw answer (JSON half + columns blob) as a `Trace`: the one decoding
 * step shared by the worker, the worker client, the Node recorder and shipped traces, so
 * that a shipped trace and a live one go through exactly the same checks.
 *
 * A live recording is decoded in two halves. The worker parses the JSON half, checks it
 * whole against its schema and packs its value and frame tables into typed arrays
 * (`packRecording`): the per-entry work, half a second at a million events, which would
 * otherwise block the page. The page checks what arrives again, cheaply (the head against
 * its schema, the packed tables' types, lengths and string indices: `traceFromPacked`),
 * since nothing the worker sends is taken on trust.
 */

import type { PackedMeta } from '../trace/events.ts';
import { TraceHeadSchema, TraceMetaSchema } from '../trace/meta.ts';
import { checkPackedFrames, checkPackedValues } from '../trace/packedCheck.ts';
import { buffersOf, packFrames, packValues } from '../trace/tables.ts';
import { Trace } from '../trace/trace.ts';

/** Decode a recording; throws if its JSON half or its columns are malformed. */
export function traceFromRecording(meta: string, buffer: ArrayBuffer): Trace {
  return new Trace(TraceMetaSchema.parse(JSON.parse(meta)), buffer);
}

/**
 * The worker's half: parse and check the JSON half, pack its tables. Throws if it is
 * malformed. The result crosses to the page with {@link packedBuffers} transferred.
 */
export function packRecording(meta: string): PackedMeta {
  const checked = TraceMetaSchema.parse(JSON.parse(meta));
  return { ...checked, values: packValues(checked.values), frames: packFrames(checked.frames) };
}

/** The typed arrays' buffers of a packed recording, to transfer rather than copy. */
export function packedBuffers(packed: PackedMeta): ArrayBuffer[] {
  return [...buffersOf(packed.values), ...buffersOf(packed.frames)];
}

/**
 * The page's half: a recording packed by {@link packRecording} as it arrived from the
 * worker, checked and wrapped. Throws, naming the field, if anything is malformed.
 */
export function traceFromPacked(packed: unknown, buffer: ArrayBuffer): Trace {
  if (typeof packed !== 'object' || packed === null) throw new Error('expected a recording');
  const { values, frames, ...rest } = packed as Record<string, unknown>;
  const head = TraceHeadSchema.parse(rest);
  return new Trace(
    { ...head, values: checkPackedValues(values), frames: checkPackedFrames(frames) },
    buffer,
  );
}
