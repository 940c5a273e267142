/**
 * Issue 12's rows measured with the recorder in Node Pyodide (the same package the worker
 * runs): recording the import of a 5,000-line module, the million-event trace's bytes per
 * event with its replay indexes built, and one variable's history at a million events.
 * The recorder's µs per event as a program grows is measured in the browser's worker,
 * where lessons run (lab.ts): Node's Pyodide ran the same loops 1.5 × slower than
 * Chromium's on the machine of 5 December 2026 (3.1 against 2.0 µs/event at 100k events),
 * so its numbers would not say what a student's run costs. (The import row, here, errs
 * on the slow side for the same reason.)
 *
 *   npx tsx scripts/bench/objects.ts [--runs 2]      (also part of `npm run bench`)
 */
import path from 'node:path';
import { readLessonFolder } from '../../src/lessons/fs.ts';
import { loadLesson } from '../../src/lessons/loader.ts';
import { buildRunFiles } from '../../src/lessons/runFiles.ts';
import { createNodeRecorder } from '../../src/runtime/node-recorder.ts';
import { graphAt } from '../../src/trace/graph.ts';
import { historyOf, lastChange } from '../../src/trace/history.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { bigModule } from './programs.ts';

/** What {@link measureObjects} returns (samples per measure). */
export interface ObjectsReport {
  /** Seconds the recorder took to run (import) a 5,000-line module. */
  importS: number[];
  /** Bytes per event of the million-event trace: columns plus every replay index. */
  bytesPerEvent: number;
  events: number;
  /** ms for one variable's whole history at the end of the million-event trace. */
  historyMs: number[];
  lastChangeMs: number[];
  graphMs: number[];
}

const budget = { maxEvents: 1_100_000, maxSeconds: 60 };

/** Record everything; `log` reports progress. */
export async function measureObjects(
  runs: number,
  log: (m: string) => void,
): Promise<ObjectsReport> {
  const rec = await createNodeRecorder();
  const importS: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = rec.record({
      scenario: '',
      budget,
      files: [
        { path: 'big.py', code: bigModule(5_000), role: 'source', module: 'big' },
        { path: 'main.py', code: 'import big\nprint(len(big.TABLE))\n', role: 'entry' },
      ],
    });
    importS.push(t.meta.elapsedMs / 1000);
  }
  log(`objects: 5,000-line module import ${importS.map((s) => s.toFixed(3)).join(', ')} s`);

  const dir = path.resolve('bench/lesson');
  const loaded = loadLesson('bench-million', await readLessonFolder(dir));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const lesson = loaded.lesson;
  const million: Trace = rec.record({
    scenario: 'large',
    budget: lesson.budget,
    files: buildRunFiles(lesson, 'run', 'large'),
  });
  const end = million.length - 1;
  const runFrame = Array.from({ length: million.frames.length }, (_, f) =>
    million.frames.functionOf(f),
  ).indexOf('run');
  const historyMs: number[] = [];
  const lastChangeMs: number[] = [];
  const graphMs: number[] = [];
  for (let r = 0; r < 5; r++) {
    let t0 = performance.now();
    const h = historyOf(million, end, runFrame, 'best');
    historyMs.push(performance.now() - t0);
    if (h.length === 0) throw new Error('no history of best');
    t0 = performance.now();
    lastChange(million, end, runFrame, 'points');
    lastChangeMs.push(performance.now() - t0);
    t0 = performance.now();
    graphAt(million, Math.floor(end / 2));
    graphMs.push(performance.now() - t0);
  }
  const bytesPerEvent = million.memoryBytes() / million.length;
  log(`objects: million trace ${million.length} events, ${bytesPerEvent.toFixed(1)} B/event`);
  return {
    importS,
    bytesPerEvent,
    events: million.length,
    historyMs,
    lastChangeMs,
    graphMs,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--runs');
  const report = await measureObjects(i > 0 ? Number(process.argv[i + 1]) : 2, console.log);
  console.log(JSON.stringify(report, null, 1));
}
