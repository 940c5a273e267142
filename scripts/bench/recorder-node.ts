/**
 * The recorder in Node Pyodide, for quick before/after comparisons while working on
 * `recorder.py` (the browser bench is the reference; Node is within ~10% of it).
 *
 *   npx tsx scripts/bench/recorder-node.ts [--recorder path/to/recorder.py] [--runs 3]
 *
 * Prints µs per event and events per second for each program, traced, plus the untraced
 * time of the same program.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPyodide } from 'pyodide';
import { readLessonFolder } from '../../src/lessons/fs.ts';
import { buildRunFiles, loadLesson } from '../../src/lessons/loader.ts';
import type { RecordRequest } from '../../src/runtime/protocol.ts';
import { containerProgram, entry, loopProgram, untracedWrapper } from './programs.ts';
import { median } from './stats.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const recorderPath = path.resolve(opt('recorder', 'src/runtime/recorder.py'));
const runs = Number(opt('runs', '3'));
const only = opt('only', '');

const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.writeFile('/home/pyodide/wpt_recorder_bench.py', readFileSync(recorderPath, 'utf8'));
py.runPython('import wpt_recorder_bench');
const mod = py.pyimport('wpt_recorder_bench');

function record(request: RecordRequest) {
  const t0 = performance.now();
  const result = mod.record(JSON.stringify(request));
  const meta = JSON.parse(result.get(0) as string);
  const blob = result.get(1);
  const bytes = blob.toJs() as Uint8Array;
  blob.destroy();
  result.destroy();
  return { meta, bytes: bytes.byteLength, ms: performance.now() - t0 };
}

const lessonDir = path.resolve('bench/lesson');
const lessonResult = loadLesson('bench-million', await readLessonFolder(lessonDir));
if (!lessonResult.ok) throw new Error(JSON.stringify(lessonResult.errors));
const lesson = lessonResult.lesson;

const budget = { maxEvents: 5_000_000, maxSeconds: 60 };
const programs: [string, RecordRequest, string | null][] = [
  [
    'loop 200k ev',
    { scenario: '', budget, files: entry(loopProgram(100_000)) },
    loopProgram(100_000),
  ],
  [
    'containers 200k ev',
    { scenario: '', budget, files: entry(containerProgram(40_000)) },
    containerProgram(40_000),
  ],
  [
    'million (bench lesson)',
    { scenario: 'large', budget, files: buildRunFiles(lesson, 'run', 'large') },
    null,
  ],
];

for (const [name, request, code] of programs) {
  if (only && !name.includes(only)) continue;
  const times: number[] = [];
  const inner: number[] = [];
  let events = 0;
  let deltas = 0;
  let values = 0;
  for (let r = 0; r < runs; r++) {
    const { meta, ms } = record(request);
    times.push(ms);
    inner.push(meta.elapsedMs);
    events = meta.eventCount;
    deltas = meta.deltaCount;
    values = meta.values.length;
    if (meta.outcome !== 'completed')
      console.log(`  ${name}: ${meta.outcome} ${JSON.stringify(meta.error)}`);
  }
  let untraced = '';
  if (code) {
    const u: number[] = [];
    for (let r = 0; r < runs; r++) {
      const { meta } = record({ scenario: '', budget, files: entry(untracedWrapper(code)) });
      u.push(Number(meta.output.trim()) * 1000);
    }
    untraced = ` untraced ${median(u).toFixed(1)} ms (×${(median(inner) / median(u)).toFixed(1)})`;
  }
  const m = median(inner);
  console.log(
    `${name.padEnd(24)} ${events} events ${deltas} deltas ${values} values: recorder ${m.toFixed(0)} ms ` +
      `(${((m * 1000) / events).toFixed(2)} µs/event, ${Math.round(events / (m / 1000)).toLocaleString('en')} ev/s), ` +
      `with JS decode ${median(times).toFixed(0)} ms${untraced}`,
  );
}
