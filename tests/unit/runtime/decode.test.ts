/**
 * A live recording is decoded in two halves, the worker's (parse, check, pack) and the
 * page's (check what arrived, wrap it): together they must read exactly what the one-step
 * decoding of shipped traces and the Node recorder reads, and refuse what it refuses.
 */
import { describe, expect, it } from 'vitest';
import {
  packedBuffers,
  packRecording,
  traceFromPacked,
  traceFromRecording,
} from '../../../src/runtime/decode';
import type { TraceMeta } from '../../../src/trace/meta';
import type { Trace } from '../../../src/trace/trace';
import { encodeTrace, loopSpec, nestedCallSpec } from '../replay/fixtures';

/** Everything a trace answers from its JSON half and columns, event by event. */
function reading(trace: Trace) {
  const events = Array.from({ length: trace.length }, (_, i) => ({
    file: trace.fileOf(i),
    line: trace.line[i],
    fn: trace.functionOf(i),
    output: trace.outputAt(i),
    stack: trace.stackAt(i),
    changed: [...trace.changedAt(i)],
    objects: trace.objectsChangedAt(i),
    variables: trace.stackAt(i).map((f) => trace.variablesAt(f, i)),
  }));
  return {
    meta: trace.meta,
    values: trace.values.toArray(),
    frames: trace.frames.toArray(),
    events,
  };
}

/** The page's half, after the worker's half and a transfer like postMessage's. */
function acrossTheWorker(json: string, buffer: ArrayBuffer): Trace {
  const packed = packRecording(json);
  const transfer = [buffer, ...packedBuffers(packed)];
  const arrived = structuredClone({ packed, buffer }, { transfer });
  return traceFromPacked(arrived.packed, arrived.buffer);
}

describe('decoding a recording in the worker and checking it in the page', () => {
  it('reads what the one-step decoding reads', () => {
    for (const spec of [nestedCallSpec([[2, 'bp1', 'log', 'x=1']]), loopSpec()]) {
      const { meta, buffer } = encodeTrace(spec);
      const json = JSON.stringify(meta);
      const once = traceFromRecording(json, buffer.slice(0));
      const twice = acrossTheWorker(json, buffer.slice(0));
      expect(twice.length).toBe(meta.eventCount);
      expect(reading(twice)).toEqual(reading(once));
      expect(twice.probesAt).toEqual(once.probesAt);
    }
  });

  it('refuses in the worker what the one-step decoding refuses', () => {
    const { meta } = encodeTrace(nestedCallSpec());
    const broken: Partial<Record<keyof TraceMeta, unknown>>[] = [
      { version: 1 },
      { values: [['int', '1', 0, [['a', 'b']], 0]] },
      { values: [1.5] },
      { frames: [['f', 0, -1]] },
    ];
    for (const patch of broken) {
      const json = JSON.stringify({ ...meta, ...patch });
      expect(() => traceFromRecording(json, new ArrayBuffer(0)), json).toThrow();
      expect(() => packRecording(json), json).toThrow();
    }
    expect(() => packRecording('{"version": 4, "outcome": ')).toThrow(SyntaxError);
  });

  it('refuses in the page a head of the wrong shape, whatever the worker said', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const packed = packRecording(JSON.stringify(meta));
    for (const patch of [{ outcome: 'exploded' }, { probes: [[0, 'bp', 'maybe', '']] }]) {
      expect(() => traceFromPacked({ ...packed, ...patch }, buffer)).toThrow();
    }
    expect(() => traceFromPacked(null, buffer)).toThrow(/expected a recording/);
    expect(() => traceFromPacked({ ...packed, frames: [] }, buffer)).toThrow(
      /^frames\.pool: expected an array of strings$/,
    );
  });
});
