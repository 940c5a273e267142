/**
 * The recorder in Node Pyodide, for quick before/after comparisons while working on
 * the recorder package (the browser bench is the reference; Node is within ~10% of it).
 *
 *   npx tsx scripts/bench/recorder-node.ts [--recorder dir-or-file.py] [--baseline dir-or-file.py]
 *                                          [--runs 3] [--only name]
 *
 * `--recorder` defaults to `src/runtime/recorder/` (a package folder; a single `.py` file,
 * such as the pre-split `recorder.py` from git history, also works). With `--baseline`, both
 * recorders are loaded in one interpreter and their runs alternate, so the two are measured
 * side by side under the same load.
 *
 * Prints µs per event and events per second for each program, traced, plus the untraced
 * time of the same program.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { readLessonFolder } from '../../src/lessons/fs.ts';
import { loadLesson } from '../../src/lessons/loader.ts';
import { buildRunFiles } from '../../src/lessons/runFiles.ts';
import { readRecorderSources } from '../../src/runtime/node-recorder.ts';
import type { RecordRequest } from '../../src/runtime/protocol.ts';
import { recorderInstallOf } from '../../src/runtime/worker-core.ts';
import {
  caughtProgram,
  closuresProgram,
  containerProgram,
  entry,
  generatorProgram,
  growthProgram,
  keptProgram,
  keptRowsProgram,
  localsProgram,
  loopProgram,
  untracedWrapper,
} from './programs.ts';
import { median } from './stats.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt('runs', '3'));
const only = opt('only', '');

const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });

/** Install a recorder package folder, or a one-file recorder, under `name`. */
function load(pyodide: PyodideAPI, where: string, name: string) {
  const at = path.resolve(where);
  if (statSync(at).isDirectory()) {
    // The files and the bootstrap only: installRecorder also expects today's entry points,
    // which a recorder from git history may not have (`write` came later).
    const install = recorderInstallOf(readRecorderSources(at), name);
    for (const f of install.files) {
      pyodide.FS.mkdirTree(f.path.slice(0, f.path.lastIndexOf('/')));
      pyodide.FS.writeFile(f.path, f.code);
    }
    pyodide.runPython(install.bootstrap);
  } else {
    pyodide.FS.writeFile(`/home/pyodide/${name}.py`, readFileSync(at, 'utf8'));
    pyodide.runPython(`import ${name}`);
  }
  return pyodide.pyimport(name);
}

const recorders: [string, ReturnType<typeof load>][] = [
  ['recorder', load(py, opt('recorder', 'src/runtime/recorder'), 'wpt_recorder_bench')],
];
const baseline = opt('baseline', '');
if (baseline) recorders.push(['baseline', load(py, baseline, 'wpt_recorder_baseline')]);

/**
 * One recording. `cpuMs` is this process's CPU time for it (Pyodide runs on this thread):
 * on a shared machine under load it is a steadier A/B measure than the wall clock.
 */
function record(mod: ReturnType<typeof load>, request: RecordRequest) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const ran = mod.record(JSON.stringify(request));
  // Recorders before the two-call API (`record` then `write`) returned the trace at once.
  const result = mod.write ? mod.write(ran) : ran;
  if (mod.write) ran.destroy();
  const cpu = process.cpuUsage(cpu0);
  const meta = JSON.parse(result.get(0) as string);
  const blob = result.get(1);
  const bytes = blob.toJs() as Uint8Array;
  blob.destroy();
  result.destroy();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { meta, bytes: bytes.byteLength, ms: performance.now() - t0, cpuMs };
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
    // past the value table's 200,000 entries: the rest of the run records "table full"
    'growth 1M ev',
    { scenario: '', budget, files: entry(growthProgram(333_333)) },
    growthProgram(333_333),
  ],
  [
    'caught 30k exceptions',
    { scenario: '', budget, files: entry(caughtProgram(30_000)) },
    caughtProgram(30_000),
  ],
  [
    'generators 20k',
    { scenario: '', budget, files: entry(generatorProgram(20_000)) },
    generatorProgram(20_000),
  ],
  [
    'locals let go of, 20k returns',
    { scenario: '', budget, files: entry(localsProgram(20_000)) },
    localsProgram(20_000),
  ],
  [
    'closures made and dropped, 20k',
    { scenario: '', budget, files: entry(closuresProgram(20_000)) },
    closuresProgram(20_000),
  ],
  [
    'kept exception + loop 200k ev',
    { scenario: '', budget, files: entry(keptProgram(100_000)) },
    keptProgram(100_000),
  ],
  [
    'kept 30k dicts by name',
    { scenario: '', budget, files: entry(keptRowsProgram(30_000)) },
    keptRowsProgram(30_000),
  ],
  [
    'million (bench lesson)',
    { scenario: 'large', budget, files: buildRunFiles(lesson, 'run', 'large') },
    null,
  ],
];

for (const [name, request, code] of programs) {
  if (only && !name.includes(only)) continue;
  const stats = recorders.map(() => ({
    times: [] as number[],
    inner: [] as number[],
    cpu: [] as number[],
    events: 0,
    deltas: 0,
    values: 0,
  }));
  for (let r = 0; r < runs; r++) {
    recorders.forEach(([label, mod], k) => {
      const { meta, ms, cpuMs } = record(mod, request);
      const s = stats[k];
      s.times.push(ms);
      s.cpu.push(cpuMs);
      s.inner.push(meta.elapsedMs);
      s.events = meta.eventCount;
      s.deltas = meta.deltaCount;
      s.values = meta.values.length;
      if (meta.outcome !== 'completed')
        console.log(`  ${label} ${name}: ${meta.outcome} ${JSON.stringify(meta.error)}`);
    });
  }
  let untracedMs = 0;
  if (code) {
    const u: number[] = [];
    for (let r = 0; r < runs; r++) {
      const request = { scenario: '', budget, files: entry(untracedWrapper(code)) };
      const { meta } = record(recorders[0][1], request);
      u.push(Number(meta.output.trim()) * 1000);
    }
    untracedMs = median(u);
  }
  recorders.forEach(([label, _], k) => {
    const { times, inner, cpu, events, deltas, values } = stats[k];
    const m = median(inner);
    const untraced = code
      ? ` untraced ${untracedMs.toFixed(1)} ms (×${(m / untracedMs).toFixed(1)})`
      : '';
    console.log(
      `${label.padEnd(9)} ${name.padEnd(24)} ${events} events ${deltas} deltas ${values} values: recorder ${m.toFixed(0)} ms ` +
        `(${((m * 1000) / events).toFixed(2)} µs/event, ${Math.round(events / (m / 1000)).toLocaleString('en')} ev/s), ` +
        `with JS decode ${median(times).toFixed(0)} ms (CPU ${median(cpu).toFixed(0)} ms, ` +
        `${((median(cpu) * 1000) / events).toFixed(2)} µs/event)${untraced}`,
    );
  });
}
