/**
 * `npm run bench`: the performance bench. Drives the production build (`dist/`, built by
 * the npm script just before) in headless Chromium and prints a table of every measure
 * against its target, with the median and spread over repeated runs. The same results,
 * with every raw sample and the machine's load average, go to `.bench/latest.json`.
 * How to read it, and what each optimisation bought: docs/performance.md.
 *
 *   npm run bench                          # build, then measure everything (7–9 min)
 *   npx tsx scripts/bench.ts --quick       # fewer repetitions, no experiment (~2 min)
 *   npx tsx scripts/bench.ts --only=bundle,cold,interact,lab --skip-build --no-ui
 *   npx tsx scripts/bench.ts --cold=10 --markdown --json --path='/?lesson=s04-hooks&lang=en'
 *
 * Steps: bundle sizes (from dist/ alone) → the bench pages' own build (`vite build
 * --mode bench`, written next to the app, see vite.config.ts) → cold loads (the app, the
 * bare-Pyodide floor and, as an experiment, the app without Monaco, in rotating order,
 * each in a fresh context) → interactions in the app → the lab page (recorder
 * throughput; a million-event trace: record time, memory, step latency, also through
 * the real panel).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchArgs } from './bench/args.ts';
import { launch } from './bench/browser.ts';
import { analyzeBundle } from './bench/bundle.ts';
import { type AppLoad, coldApp, coldFloor, type FloorLoad } from './bench/cold.ts';
import { benchInstant } from './bench/instant.ts';
import { measureInteractions } from './bench/interact.ts';
import { type LabReport, runLab } from './bench/lab.ts';
import { measureObjects } from './bench/objects.ts';
import {
  type BenchResult,
  type Row,
  renderMarkdown,
  renderTable,
  rowOf,
  spreadOf,
  withTarget,
} from './bench/report.ts';
import { median, quantile, summarize } from './bench/stats.ts';
import { startDistServer } from './serve-dist.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const parsed = parseBenchArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`bench: ${parsed.error}`);
  process.exit(2);
}
const opts = parsed.options;
const quick = opts.quick;
const only: ReadonlySet<string> = opts.only;
const APP_PATH = opts.path;

const N = {
  coldRounds: opts.coldRounds,
  interactions: quick ? 10 : 30,
  runs: quick ? 2 : 3,
  smallRuns: quick ? 5 : 9,
  millionRuns: quick ? 1 : 3,
  engineSamples: quick ? 100 : 300,
  uiSamples: quick ? 10 : 25,
};

const started = Date.now();
const loadAtStart = os.loadavg().map((x) => Number(x.toFixed(2)));
const log = (msg: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${msg}`);

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(
    'dist/index.html is missing: run `npm run bench` (it builds first) or `vite build`.',
  );
  process.exit(1);
}

const rows: Row[] = [];
const raw: Record<string, unknown> = { options: { ...N, quick, path: APP_PATH } };

// 1. Bundle sizes, from the app build alone (before the bench pages are added).
const bundle = analyzeBundle(dist);
if (only.has('bundle')) {
  const kB = (b: number) => b / 1000;
  rows.push(
    withTarget({
      group: 'bundle',
      metric: 'initial JS before Monaco and Pyodide (gzip)',
      value: kB(bundle.initialJsGzip),
      unit: 'kB',
      stat: 'size',
      spread: [
        bundle.initialJs.map((f) => `${path.basename(f.file)} ${kB(f.gzip).toFixed(1)}`).join(', '),
        ...bundle.initialData.map(
          (f) => `beside it, preloaded data: ${path.basename(f.file)} ${kB(f.gzip).toFixed(1)}`,
        ),
      ].join('; '),
      target: { op: '<=', limit: 150, text: '≤ 150 kB' },
    }),
    withTarget({
      group: 'bundle',
      metric: 'Monaco chunk (gzip), lazy, languages',
      value: kB(bundle.monacoChunkGzip),
      unit: 'kB',
      stat: 'size',
      spread: `with CSS, worker, font: ${kB(bundle.monacoTotalGzip).toFixed(0)} kB; languages: ${bundle.monacoLanguages.join(', ') || 'none'}`,
      target: { op: '==', limit: kB(bundle.monacoChunkGzip), text: 'lazy, Python only' },
    }),
    {
      group: 'bundle',
      metric: 'total app JS+CSS+font (gzip)',
      value: kB(bundle.totalGzip),
      unit: 'kB',
      stat: 'size',
      spread: `${(bundle.totalBytes / 1e6).toFixed(2)} MB raw; Pyodide files apart: ${(bundle.pyodideGzip / 1e6).toFixed(2)} MB gzip`,
    },
  );
  const monacoRow = rows[rows.length - 2];
  monacoRow.pass = !bundle.monacoInInitial && bundle.monacoLanguages.join(',') === 'python';
  raw.bundle = bundle;
  log(`bundle: initial JS ${(bundle.initialJsGzip / 1000).toFixed(1)} kB gzip`);
}

// 2. The bench pages, built next to the app.
if (!opts.skipBuild && (only.has('cold') || only.has('lab'))) {
  log('building the bench pages (vite build --mode bench)');
  const { build } = await import('vite');
  await build({ root, mode: 'bench', logLevel: 'error' });
}

const server = await startDistServer({ root: dist });
const { browser, version } = await launch();
log(`serving ${dist} at ${server.url}; ${version}`);

try {
  // 3. Cold loads, app and floor alternately.
  if (only.has('cold')) {
    const app: AppLoad[] = [];
    const floorLoads: FloorLoad[] = [];
    const noMonaco: AppLoad[] = [];
    const experiment = !quick && !opts.noExperiments;
    // One warm-up round, discarded: the first launch of a page pays for disk caches.
    await coldFloor(browser, server.url);
    await coldApp(browser, server.url, APP_PATH);
    // Rounds of floor, app (and the app without Monaco, an experiment), in rotating
    // order, so that a busy moment of the machine does not favour one of them.
    const kinds = experiment
      ? (['floor', 'app', 'noMonaco'] as const)
      : (['floor', 'app'] as const);
    for (let i = 0; i < N.coldRounds; i++) {
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(i + k) % kinds.length];
        if (kind === 'floor') floorLoads.push(await coldFloor(browser, server.url));
        else if (kind === 'app') app.push(await coldApp(browser, server.url, APP_PATH));
        else noMonaco.push(await coldApp(browser, server.url, APP_PATH, { blockMonaco: true }));
      }
    }
    const floor = floorLoads.map((f) => f.readyMs);
    const foreign = app.reduce((s, a) => s + a.foreign, 0);
    const ready = app.map((a) => a.pythonReadyMs);
    const ratios = ready.map((r, i) => r / floor[i]);
    const med = (xs: number[]) => median(xs).toFixed(0);
    rows.push(
      rowOf(
        'load',
        'source visible, cold (painted)',
        app.map((a) => a.sourceVisibleMs),
        'ms',
        {
          target: { op: '<=', limit: 500, text: '≤ 500 ms' },
          note: `DOM ${median(app.map((a) => a.sourceDomMs)).toFixed(0)} ms`,
        },
      ),
      rowOf(
        'load',
        'first contentful paint, cold',
        app.map((a) => a.firstPaintMs),
        'ms',
        {
          note: `floor: a one-line page of ours (bench/bare.html), same server and headers: ${med(floorLoads.map((f) => f.firstPaintMs))} ms`,
        },
      ),
      rowOf('load', 'Python ready, cold', ready, 'ms'),
      rowOf('load', 'floor: bare loadPyodide() page, cold', floor, 'ms'),
      withTarget({
        group: 'load',
        metric: 'Python ready ÷ floor',
        value: median(ready) / median(floor),
        unit: '×',
        stat: 'ratio of medians',
        spread: `per round ${spreadOf(summarize(ratios), '×')}`,
        target: { op: '<=', limit: 1.1, text: '≤ 1.1 ×' },
      }),
      rowOf(
        'load',
        'app: Python worker requested',
        app.map((a) => a.workerRequestMs),
        'ms',
        {
          note: `floor ${med(floorLoads.map((f) => f.workerRequestMs))} ms; pyodide.asm.mjs requested ${med(app.map((a) => a.asmRequestMs))} ms (floor ${med(floorLoads.map((f) => f.asmRequestMs))}); pyodide.asm.wasm requested ${med(app.map((a) => a.wasmRequestMs))} ms (floor ${med(floorLoads.map((f) => f.wasmRequestMs))}), loaded ${med(app.map((a) => a.wasmDoneMs))} ms (floor ${med(floorLoads.map((f) => f.wasmDoneMs))})`,
        },
      ),
      rowOf(
        'load',
        'app: main-thread long tasks before Python ready',
        app.map((a) => a.longTasksMs),
        'ms',
      ),
    );
    if (experiment) {
      const nm = noMonaco.map((a) => a.pythonReadyMs);
      rows.push(
        withTarget({
          group: 'experiment',
          metric: 'Python ready ÷ floor, the app with Monaco refused',
          value: median(nm) / median(floor),
          unit: '×',
          stat: 'ratio of medians',
          spread: `${median(nm).toFixed(0)} ms; long tasks ${med(noMonaco.map((a) => a.longTasksMs))} ms; pyodide.asm.wasm requested ${med(noMonaco.map((a) => a.wasmRequestMs))} ms; what deferring Monaco until Python is ready would give`,
        }),
      );
    }
    if (foreign > 0)
      console.warn(`WARNING: ${foreign} requests to other origins during the cold loads`);
    raw.cold = { app, floor: floorLoads, noMonaco, foreignRequests: foreign };
    log(
      `cold loads: source ${median(app.map((a) => a.sourceVisibleMs)).toFixed(0)} ms, ready ${median(ready).toFixed(0)} ms, floor ${median(floor).toFixed(0)} ms`,
    );
  }

  // 3b. Instant lessons: shared links with and without Python, slow network, offline.
  if (only.has('instant')) {
    const instant = await benchInstant(
      browser,
      server.url,
      APP_PATH,
      {
        fast: quick ? 3 : N.coldRounds,
        slow: quick ? 1 : 3,
        python: quick ? 1 : 2,
        offline: quick ? 1 : 2,
      },
      log,
    );
    rows.push(...instant.rows);
    raw.instant = instant.raw;
  }

  // 4. Interactions in the app.
  if (only.has('interact')) {
    const it = await measureInteractions(browser, server.url, APP_PATH, N.interactions);
    const where = `${it.lesson}/${it.panel}, line ${it.breakpointLine}, ${it.scenarios.length} scenarios`;
    rows.push(
      rowOf('interact', 'switch scenario → replay ready', it.switchMs, 'ms', {
        pick: 'p95',
        target: { op: '<=', limit: 50, text: '≤ 50 ms' },
        note: `median ${median(it.switchMs).toFixed(1)} ms`,
      }),
      rowOf('interact', 'Debug → paused (breakpoint)', it.debugMs, 'ms', {
        pick: 'p95',
        target: { op: '<=', limit: 50, text: '≤ 50 ms' },
        note: `median ${median(it.debugMs).toFixed(1)} ms; ${where}`,
      }),
    );
    raw.interactions = it;
    log(
      `interactions: switch p95 ${quantile(it.switchMs, 0.95).toFixed(1)} ms, debug p95 ${quantile(it.debugMs, 0.95).toFixed(1)} ms`,
    );
  }

  // 5. The lab: recorder, the million-event trace, latency, memory.
  if (only.has('lab')) {
    log('lab page');
    const lab: LabReport = await runLab(
      browser,
      server.url,
      {
        runs: N.runs,
        smallRuns: N.smallRuns,
        millionRuns: N.millionRuns,
        engineSamples: N.engineSamples,
        uiSamples: N.uiSamples,
        ui: !opts.noUi,
      },
      log,
    );
    for (const t of lab.throughput) {
      const evs = t.events.map((e, i) => e / (t.recorderMs[i] / 1000));
      const ratio = t.recorderMs.map((r, i) => r / t.untracedMs[i]);
      rows.push(
        rowOf(
          'recorder',
          `throughput, ${t.program} (${t.events[0].toLocaleString('en')} events)`,
          evs,
          'ev/s',
          {
            note: `${median(t.recorderMs.map((r, i) => (r * 1000) / t.events[i])).toFixed(2)} µs/event`,
          },
        ),
        rowOf('recorder', `cost vs untraced, ${t.program}`, ratio, '×', {
          note: `untraced ${median(t.untracedMs).toFixed(1)} ms, traced ${median(t.recorderMs).toFixed(0)} ms, end to end ${median(t.totalMs).toFixed(0)} ms`,
        }),
      );
    }
    // Issue 12's recorder rows, in the page's worker (objects.ts says why not in Node).
    for (const program of ['ints', 'growth'] as const) {
      const limit = program === 'ints' ? 3 : 10;
      const label = program === 'ints' ? 'loop on ints' : 'loop growing a dict and a list';
      const sizes = lab.perEvent.filter((p) => p.program === program);
      for (const p of sizes) {
        rows.push(
          rowOf(
            'objects',
            `recorder µs/event, ${label}, ${p.events.toLocaleString('en')} events (page)`,
            p.usPerEvent,
            'µs',
            {
              target: { op: '<=', limit, text: `≤ ${limit} µs` },
            },
          ),
        );
      }
      const first = median(sizes[0].usPerEvent);
      const last = median(sizes[sizes.length - 1].usPerEvent);
      rows.push(
        rowOf('objects', `recorder flatness, ${label}: 1M / 1k events`, [last / first], '×', {
          note: 'µs/event at a million events over µs/event at a thousand (1 = flat)',
        }),
      );
    }
    const m = lab.million;
    const events = m.stats[0].events;
    rows.push(
      rowOf(
        'million',
        `record ${events.toLocaleString('en')} events, end to end`,
        m.stats.map((s) => s.totalMs / 1000),
        's',
        {
          target: { op: '<=', limit: 10, text: '≤ 10 s' },
          note: `recorder ${median(m.stats.map((s) => s.recorderMs / 1000)).toFixed(2)} s; outcome ${m.stats[0].outcome}`,
        },
      ),
      rowOf(
        'million',
        'longest main-thread task while the trace arrives',
        m.stats.map((s) => s.longestTaskMs ?? Number.NaN),
        'ms',
        {
          target: { op: '<=', limit: 50, text: '≤ 50 ms' },
          note: 'from the request to the Trace in the page (0: no long task); the worker decodes',
        },
      ),
      rowOf('million', 'page memory per event', m.bytesPerEvent, 'B', {
        target: { op: '<=', limit: 64, text: '≤ 64 B' },
        note: `JS heap ${(median(m.heapBytes) / 1e6).toFixed(1)} MB + buffers ${(median(m.bufferBytes) / 1e6).toFixed(1)} MB; columns ${(m.stats[0].byteSize / events).toFixed(1)} B/event; ${m.stats[0].values.toLocaleString('en')} values, ${m.stats[0].frames.toLocaleString('en')} frames`,
      }),
      rowOf(
        'million',
        'page memory per event, with the replay indexes built',
        [lab.indexedBytesPerEvent],
        'B',
        {
          target: { op: '<=', limit: 64, text: '≤ 64 B' },
          note: 'after stepping and jumping all over the trace (frame index, variable histories, hit and depth indexes)',
        },
      ),
      rowOf('million', 'breakpoint hit index (once per breakpoint change)', [lab.hitIndexMs], 'ms'),
    );
    let worst = 0;
    let worstAt = '';
    const latencyRows: Row[] = [];
    for (const [region, ops] of Object.entries(lab.engine)) {
      for (const [op, samples] of Object.entries(ops)) {
        const p95 = quantile(samples, 0.95);
        if (p95 > worst) {
          worst = p95;
          worstAt = `${op} @ ${region}`;
        }
        latencyRows.push(
          rowOf('step', `${op} @ ${region}`, samples, 'ms', {
            pick: 'p95',
            note: `p50 ${median(samples).toFixed(3)} ms, max ${Math.max(...samples).toFixed(2)}`,
          }),
        );
      }
    }
    rows.push(
      withTarget({
        group: 'million',
        metric: 'step latency p95, engine + selectors, anywhere',
        value: worst,
        unit: 'ms',
        stat: 'max p95',
        spread: `worst: ${worstAt}; ${N.engineSamples} samples per op and region`,
        target: { op: '<=', limit: 16, text: '≤ 16 ms' },
      }),
    );
    let worstLineAt = 0;
    let worstLineAtAt = '';
    for (const [region, ops] of Object.entries(lab.engineLineAt)) {
      for (const [op, samples] of Object.entries(ops)) {
        const p95 = quantile(samples, 0.95);
        if (p95 > worstLineAt) {
          worstLineAt = p95;
          worstLineAtAt = `${op} @ ${region}`;
        }
      }
    }
    rows.push(
      withTarget({
        group: 'million',
        metric: 'step latency p95, with the recommended selector (Trace.lineAt)',
        value: worstLineAt,
        unit: 'ms',
        stat: 'max p95',
        spread: `worst: ${worstLineAtAt}; see docs/performance.md`,
        target: { op: '<=', limit: 16, text: '≤ 16 ms' },
      }),
    );
    if (lab.ui) {
      let uiWorst = 0;
      let uiWorstAt = '';
      for (const [region, ops] of Object.entries(lab.ui.latency)) {
        for (const [op, samples] of Object.entries(ops)) {
          const p95 = quantile(samples, 0.95);
          if (p95 > uiWorst) {
            uiWorst = p95;
            uiWorstAt = `${op} @ ${region}`;
          }
          latencyRows.push(
            rowOf('panel', `${op} @ ${region}`, samples, 'ms', {
              pick: 'p95',
              note: `p50 ${median(samples).toFixed(2)} ms`,
            }),
          );
        }
      }
      rows.push(
        withTarget({
          group: 'million',
          metric: 'step latency p95, through the panel (click → laid out), anywhere',
          value: uiWorst,
          unit: 'ms',
          stat: 'max p95',
          spread: `worst: ${uiWorstAt}; ${N.uiSamples} samples per op and region`,
          target: { op: '<=', limit: 16, text: '≤ 16 ms' },
        }),
        rowOf('million', 'panel: mount → million-event trace shown', [lab.ui.mountMs / 1000], 's', {
          note: `recorded through the store and client; recorder ${(lab.ui.stats.recorderMs / 1000).toFixed(2)} s`,
        }),
      );
    }
    rows.push(...latencyRows);
    raw.lab = lab;
  }
} finally {
  await browser.close();
  await server.close();
}

// 6. Issue 12's other rows: the recorder and the reader, in Node Pyodide (objects.ts).
if (only.has('objects')) {
  log('objects (Node Pyodide)');
  const o = await measureObjects(N.runs, log);
  rows.push(
    rowOf('objects', 'recording the import of a 5,000-line module', o.importS, 's', {
      target: { op: '<=', limit: 0.2, text: '≤ 0.2 s' },
    }),
    rowOf(
      'objects',
      'million-event trace, columns + replay indexes per event',
      [o.bytesPerEvent],
      'B',
      {
        target: { op: '<=', limit: 64, text: '≤ 64 B' },
        note: `${o.events.toLocaleString('en')} events, in Node typed arrays (the lab row above is the page)`,
      },
    ),
    rowOf('objects', "one variable's history at a million events", o.historyMs, 'ms', {
      target: { op: '<=', limit: 50, text: '≤ 50 ms' },
      note: `last change ${median(o.lastChangeMs).toFixed(2)} ms; graphAt mid-trace ${median(o.graphMs).toFixed(2)} ms`,
    }),
  );
  raw.objects = o;
}

const result: BenchResult = {
  startedAt: new Date(started).toISOString(),
  durationS: (Date.now() - started) / 1000,
  machine: {
    cpus: os.cpus().length,
    node: process.version,
    browser: version,
    // The bench shares the machine: a busy one is slower everywhere (ratios hold better).
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
  },
  rows,
  raw,
};
mkdirSync(path.join(root, '.bench'), { recursive: true });
writeFileSync(path.join(root, '.bench', 'latest.json'), `${JSON.stringify(result, null, 1)}\n`);

console.log(`\n${renderTable(rows)}\n`);
const targets = rows.filter((r) => r.pass !== undefined);
console.log(
  `${targets.filter((r) => r.pass).length}/${targets.length} targets met · ${result.durationS.toFixed(0)} s · ${os.cpus().length} CPUs (load ${loadAtStart[0]} → ${os.loadavg()[0].toFixed(2)}) · ${version}`,
);
if (opts.markdown) console.log(`\n${renderMarkdown(rows)}\n`);
if (opts.json) console.log(JSON.stringify(result));
console.log('Results with every sample: .bench/latest.json');
