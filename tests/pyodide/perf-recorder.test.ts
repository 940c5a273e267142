/**
 * The recorder's fast paths (recorder/config.py: FAST_PATHS) skip work, never change a trace:
 * every program below, and every scenario of every lesson, records to the same bytes
 * and the same metadata with them on and off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAllLessons } from '../../src/lessons/fs';
import { buildRunFiles } from '../../src/lessons/loader';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import type { RecordRequest } from '../../src/runtime/protocol';
import { recordWith } from '../../src/runtime/worker-core';
import { CORPUS } from './perf-corpus';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});
afterAll(() => {
  rec?.pyodide.runPython('import wpt_recorder; wpt_recorder.config.FAST_PATHS = True');
});

/** Record with the fast paths on or off; the metadata without its timing. */
function recordBoth(request: RecordRequest) {
  const run = (fast: boolean) => {
    rec.pyodide.runPython(
      `import wpt_recorder; wpt_recorder.config.FAST_PATHS = ${fast ? 'True' : 'False'}`,
    );
    const { meta, buffer } = recordWith(rec.pyodide, request);
    const parsed = JSON.parse(meta);
    parsed.elapsedMs = 0;
    return { meta: parsed, bytes: Buffer.from(buffer) };
  };
  return { fast: run(true), general: run(false) };
}

describe('the recorder fast paths', () => {
  for (const [name, request] of Object.entries(CORPUS)) {
    it(`record the same trace as the general path: ${name}`, () => {
      const { fast, general } = recordBoth(request);
      expect(fast.meta).toEqual(general.meta);
      expect(fast.bytes.equals(general.bytes)).toBe(true);
      expect(fast.meta.eventCount).toBeGreaterThan(0);
    });
  }

  it('record the same trace as the general path for every scenario of every lesson', async () => {
    const { lessons } = await loadAllLessons('lessons');
    let runs = 0;
    for (const lesson of lessons) {
      for (const panel of lesson.panels) {
        for (const scenario of panel.scenarios) {
          const request = {
            files: buildRunFiles(lesson, panel.id, scenario.id),
            scenario: scenario.id,
            budget: lesson.budget,
          };
          const { fast, general } = recordBoth(request);
          const where = `${lesson.id}/${panel.id}/${scenario.id}`;
          expect(fast.meta, where).toEqual(general.meta);
          expect(fast.bytes.equals(general.bytes), where).toBe(true);
          runs++;
        }
      }
    }
    expect(runs).toBeGreaterThan(0);
  });

  it('keep only what the table needs: a container changed in place is rendered again', () => {
    // The cache must notice each change, including one past the 8 items the text shows
    // and one in the 30th child, and an item replaced by an equal but different object.
    const code = [
      'def f():',
      '    a = list(range(31))',
      '    a[20] = -1',
      '    a[29] = 1.0',
      '    a[30] = "not shown"',
      '    a[0] = 0.0',
      '    a[0] = -0.0',
      '    d = {"k": 1}',
      '    d["k"] = True',
      '    d["k"] = 1',
      '    return a',
      'f()',
    ].join('\n');
    const { fast } = recordBoth({
      scenario: '',
      files: [{ path: 'main.py', code, role: 'entry' }],
    });
    const texts = (fast.meta.values as [string, string][]).map((v) => v[1]);
    expect(texts).toContain('[0, 1, 2, 3, 4, 5, 6, 7, …]');
    expect(texts).toContain('[0.0, 1, 2, 3, 4, 5, 6, 7, …]');
    expect(texts).toContain('[-0.0, 1, 2, 3, 4, 5, 6, 7, …]');
    expect(texts).toContain("{'k': True}");
    expect(texts.filter((t) => t === "{'k': 1}")).toHaveLength(1);
  });
});
