/**
 * Shipped traces (the build's pre-recorded scenarios) against live recordings: the file the
 * build ships decodes, through the page's own trace source, to exactly the states a live
 * recording of the same scenario shows, at every event; and a lesson whose files changed
 * never gets the old trace.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LessonRecording,
  lessonRequest,
  type RawRecorder,
  readCachedRecording,
  recordingEnvironment,
  recordLessons,
} from '../../scripts/lib/traces';
import { traceFromRecording } from '../../src/runtime/decode';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import type { RecordRequest } from '../../src/runtime/protocol';
import { createTraceSource } from '../../src/runtime/shipped';
import { recordingKey } from '../../src/runtime/shipped-format';
import { graphAt } from '../../src/trace/graph';
import type { Trace } from '../../src/trace/trace';
import { lesson } from './helpers';

/**
 * Everything a panel can show at event `i`: position, output, and the object graph (every
 * frame with its variables, every object they reach with its contents at that event).
 */
function stateAt(trace: Trace, i: number) {
  return {
    kind: trace.kind[i],
    file: trace.fileOf(i),
    line: trace.line[i],
    output: trace.outputAt(i),
    graph: graphAt(trace, i),
  };
}

let rec: NodeRecorder;
let cache: string;
let shipped: LessonRecording[];

beforeAll(async () => {
  rec = await createNodeRecorder();
  cache = await mkdtemp(path.join(tmpdir(), 'wpt-traces-'));
  process.env.WPT_TRACE_CACHE = cache;
  // In this process (the test's own recorder), not in the sandbox: the same recorder code.
  const raw: RawRecorder = {
    recordWithRaw: async (request) => {
      const r = rec.recordRaw(request);
      return { trace: traceFromRecording(r.meta, r.buffer), raw: r };
    },
  };
  shipped = await recordLessons(path.resolve('lessons'), { recorder: async () => raw });
});

afterAll(async () => {
  delete process.env.WPT_TRACE_CACHE;
  await rm(cache, { recursive: true, force: true });
});

describe('shipped traces', () => {
  it('cover every scenario of every panel of the flagship lesson', async () => {
    const l = await lesson('s04-hooks');
    const wanted = l.panels.flatMap((p) => p.scenarios.map((s) => `${p.id}/${s.id}`));
    const have = shipped
      .filter((r) => r.lesson === 's04-hooks')
      .map((r) => `${r.panel}/${r.scenario}`);
    expect(have.sort()).toEqual(wanted.sort());
  });

  it('decode to exactly the states of a live recording, at every event', async () => {
    const env = await recordingEnvironment();
    const l = await lesson('s04-hooks');
    for (const r of shipped.filter((x) => x.lesson === 's04-hooks')) {
      const request = lessonRequest(l, r.panel, r.scenario);
      const source = createTraceSource({
        environment: env,
        shipped: { [r.key]: `/traces/${r.key}` },
        fetchBytes: async () => r.bytes.slice().buffer,
        live: () => {
          throw new Error(`${r.panel}/${r.scenario} was not served from its shipped file`);
        },
      });
      const fromFile = await source.record(request);
      const live = rec.record(request);
      const name = `${r.panel}/${r.scenario}`;
      expect(fromFile.length, name).toBe(live.length);
      expect(fromFile.length, name).toBeGreaterThan(10);
      const { elapsedMs: _a, ...metaFile } = fromFile.meta;
      const { elapsedMs: _b, ...metaLive } = live.meta;
      expect(metaFile, name).toEqual(metaLive);
      expect(fromFile.values.toArray(), name).toEqual(live.values.toArray());
      expect(fromFile.frames.toArray(), name).toEqual(live.frames.toArray());
      for (let i = 0; i < live.length; i++) {
        expect(stateAt(fromFile, i), `${name} @ event ${i}`).toEqual(stateAt(live, i));
      }
    }
  });

  it('are recorded again, never reused, when a lesson file changes', async () => {
    const env = await recordingEnvironment();
    const l = await lesson('s04-hooks');
    const r = shipped.find((x) => x.lesson === 's04-hooks') as LessonRecording;
    const request = lessonRequest(l, r.panel, r.scenario);
    const edited: RecordRequest = {
      ...request,
      files: request.files.map((f, i) => (i === 0 ? { ...f, code: `${f.code}\n# edited\n` } : f)),
    };
    const asked: RecordRequest[] = [];
    const source = createTraceSource({
      environment: env,
      shipped: Object.fromEntries(shipped.map((x) => [x.key, x.key])),
      fetchBytes: async (key) =>
        (shipped.find((x) => x.key === key) as LessonRecording).bytes.slice().buffer,
      live: () => ({
        record: async (q) => {
          asked.push(q);
          return rec.record(q);
        },
      }),
    });
    expect(source.isShipped(request)).toBe(true);
    expect(source.isShipped(edited)).toBe(false);
    await source.record(edited);
    expect(asked).toEqual([edited]);
    // The build's cache neither: it has the unedited recording only.
    expect(await readCachedRecording(recordingKey(request, env) as string)).not.toBeNull();
    expect(await readCachedRecording(recordingKey(edited, env) as string)).toBeNull();
  });
});
