/**
 * The lab page (`bench/app-bench.html`): the app's runtime client, worker, store and panel
 * on a page of their own, driven through `window.benchLab` (src/bench/app-bench.tsx).
 * - recorder throughput on loop-heavy programs, and the same program run untraced;
 * - the recorder's µs per event as a program grows from 1k to 1M events (issue 12's rows),
 *   in the worker the app runs lessons in;
 * - a million-event program recorded end to end (worker → Trace in the page), repeated;
 * - page memory per event for the million-event trace (CDP: JS heap + array buffers,
 *   after a forced GC, before and after);
 * - step latency of engine + selectors over it, then through the real panel.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { RecordStats } from '../../src/bench/app-bench.tsx';
import type { LatencySamples } from '../../src/bench/latency.ts';
import { freshContext } from './browser.ts';
import {
  containerProgram,
  entry,
  loopProgram,
  PER_EVENT_SIZES,
  perEventProgram,
  untracedWrapper,
} from './programs.ts';

/** Throughput of one program. */
export interface Throughput {
  program: string;
  events: number[];
  recorderMs: number[];
  totalMs: number[];
  untracedMs: number[];
}

/** What {@link runLab} reports. */
export interface LabReport {
  pythonLoadMs: number;
  throughput: Throughput[];
  /** The recorder's µs per event, by program and size (events). */
  perEvent: { program: 'ints' | 'growth'; events: number; usPerEvent: number[] }[];
  million: {
    stats: RecordStats[];
    bytesPerEvent: number[];
    heapBytes: number[];
    bufferBytes: number[];
  };
  hitIndexMs: number;
  /** Page memory per event once the replay indexes exist (after the latency runs). */
  indexedBytesPerEvent: number;
  engine: LatencySamples;
  /** The same with the selector change the bench recommends (Trace.lineAt). */
  engineLineAt: LatencySamples;
  ui: {
    mountMs: number;
    stats: RecordStats;
    latency: Record<string, Record<string, number[]>>;
  } | null;
}

/** The lab page's API (declared on `window` by src/bench/app-bench.tsx). */
type Lab = Window['benchLab'];

/** Run `fn(lab, arg)` in the page. `fn` must only use its arguments (it is serialised). */
function lab<A, T>(page: Page, fn: (lab: Lab, arg: A) => T | Promise<T>, arg?: A): Promise<T> {
  return page.evaluate(
    ({ src, a }) => {
      const f = new Function('lab', 'arg', `return (${src})(lab, arg);`) as (
        l: unknown,
        x: unknown,
      ) => unknown;
      return f((window as unknown as { benchLab: unknown }).benchLab, a);
    },
    { src: fn.toString(), a: arg },
  ) as Promise<T>;
}

async function memory(cdp: CDPSession): Promise<{ heap: number; buffers: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const u = (await cdp.send('Runtime.getHeapUsage')) as {
    usedSize: number;
    backingStorageSize?: number;
  };
  return { heap: u.usedSize, buffers: u.backingStorageSize ?? 0 };
}

/** Run every lab measurement. `log` reports progress. */
export async function runLab(
  browser: Browser,
  baseUrl: string,
  opts: {
    runs: number;
    /** Samples per size up to 10k events, where one run takes milliseconds. */
    smallRuns: number;
    millionRuns: number;
    engineSamples: number;
    uiSamples: number;
    ui: boolean;
  },
  log: (msg: string) => void,
): Promise<LabReport> {
  const { context } = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => log(`  page error: ${e.message}`));
    await page.goto('/bench/app-bench.html');
    await page.locator('#lab-state[data-state=ready]').waitFor({ timeout: 60_000 });
    const { loadMs } = await lab(page, (l) => l.ready());
    const cdp = await context.newCDPSession(page);

    // Throughput: traced (the recorder's own time and end to end) and untraced.
    const budget = { maxEvents: 5_000_000, maxSeconds: 30 };
    const programs: [string, string][] = [
      ['loop (ints)', loopProgram(100_000)],
      ['loop (list + dict)', containerProgram(50_000)],
    ];
    const throughput: Throughput[] = [];
    for (const [name, code] of programs) {
      const t: Throughput = {
        program: name,
        events: [],
        recorderMs: [],
        totalMs: [],
        untracedMs: [],
      };
      for (let r = 0; r < opts.runs; r++) {
        const traced = await lab(page, (l, req) => l.record(req), {
          scenario: '',
          budget,
          files: entry(code),
        });
        if (traced.outcome !== 'completed') throw new Error(`${name}: ${traced.outcome}`);
        t.events.push(traced.events);
        t.recorderMs.push(traced.recorderMs);
        t.totalMs.push(traced.totalMs);
        const untraced = await lab(page, (l, req) => l.record(req), {
          scenario: '',
          budget,
          files: entry(untracedWrapper(code)),
        });
        t.untracedMs.push(Number(untraced.output.trim()) * 1000);
      }
      log(
        `  ${name}: ${t.events[0]} events, recorder ${t.recorderMs.map((x) => x.toFixed(0)).join('/')} ms`,
      );
      throughput.push(t);
    }

    // The recorder's µs per event as the program grows, measured by the recorder itself
    // (its run, not the trace's transfer). Each size runs once first, not counted: a
    // program's first runs after the page starts Python are slower (measured 3.7–16 µs
    // for the 1k-event loop, ~2.8 afterwards).
    const perEvent: LabReport['perEvent'] = [];
    for (const events of PER_EVENT_SIZES) {
      for (const program of ['ints', 'growth'] as const) {
        const request = {
          scenario: '',
          budget: { maxEvents: 1_100_000, maxSeconds: 60 },
          files: entry(perEventProgram(program, events)),
        };
        const usPerEvent: number[] = [];
        const samples = events <= 10_000 ? opts.smallRuns : opts.runs;
        for (let r = -1; r < samples; r++) {
          const s = await lab(page, (l, req) => l.record(req), request);
          if (s.outcome !== 'completed') throw new Error(`${program} ${events}: ${s.outcome}`);
          if (r >= 0) usPerEvent.push((s.recorderMs * 1000) / s.events);
        }
        perEvent.push({ program, events, usPerEvent });
        log(
          `  ${program}, ${events} events: ${usPerEvent.map((u) => u.toFixed(2)).join(', ')} µs/event`,
        );
      }
    }

    // The million-event program, end to end, with page memory before and after.
    const million = {
      stats: [] as RecordStats[],
      bytesPerEvent: [] as number[],
      heapBytes: [] as number[],
      bufferBytes: [] as number[],
    };
    let before = { heap: 0, buffers: 0 };
    for (let r = 0; r < opts.millionRuns; r++) {
      await lab(page, (l) => l.drop());
      before = await memory(cdp);
      const stats = await lab(page, (l) => l.record(l.request('large'), 'million'));
      const after = await memory(cdp);
      const heap = after.heap - before.heap;
      const buffers = after.buffers - before.buffers;
      million.stats.push(stats);
      million.heapBytes.push(heap);
      million.bufferBytes.push(buffers);
      million.bytesPerEvent.push((heap + buffers) / stats.events);
      log(
        `  million: ${stats.events} events (${stats.outcome}) in ${stats.totalMs.toFixed(0)} ms ` +
          `(recorder ${stats.recorderMs.toFixed(0)} ms), ${((heap + buffers) / stats.events).toFixed(1)} B/event`,
      );
    }

    // Engine + selectors over the kept million-event trace.
    const { code, path } = await lab(page, (l) => l.lessonSource());
    const bpLine = code.split('\n').findIndex((t) => t.includes('best[r % 5] = points')) + 1;
    const bps = [{ id: 'b1', file: path, line: bpLine, enabled: true }];
    const hitIndex = await lab(page, (l, a) => l.hitIndex('million', a), bps);
    const engine = await lab(page, (l, a) => l.engineLatency('million', a.bps, a.n), {
      bps,
      n: opts.engineSamples,
    });
    const engineLineAt = await lab(
      page,
      (l, a) => l.engineLatency('million', a.bps, a.n, 'lineAt'),
      {
        bps,
        n: opts.engineSamples,
      },
    );
    log(`  engine latency measured (${opts.engineSamples} samples per op and region)`);
    const indexed = await memory(cdp);
    const indexedBytesPerEvent =
      (indexed.heap - before.heap + indexed.buffers - before.buffers) /
      million.stats[million.stats.length - 1].events;

    // Through the real panel: record again via the store, then click.
    let ui: LabReport['ui'] = null;
    if (opts.ui) {
      await lab(page, (l) => l.drop());
      const mount = await lab(page, (l) => l.mountPanel());
      await lab(page, (l, line) => l.setBreakpoint(line), bpLine);
      const latency = await lab(page, (l, n) => l.uiLatency(n), opts.uiSamples);
      ui = { mountMs: mount.ms, stats: mount.stats, latency };
      log(`  panel: million-event trace shown ${mount.ms.toFixed(0)} ms after mounting`);
    }
    return {
      pythonLoadMs: loadMs,
      throughput,
      perEvent,
      million,
      hitIndexMs: hitIndex.ms,
      indexedBytesPerEvent,
      engine,
      engineLineAt,
      ui,
    };
  } finally {
    await context.close();
  }
}
