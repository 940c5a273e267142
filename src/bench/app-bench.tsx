/**
 * The bench lab: the app's own runtime (real worker, real client), store and panel,
 * driven by `scripts/bench.ts` through `window.benchLab`. Not part of the app: it is an
 * extra page of the build (`bench/app-bench.html`), so it measures the production code
 * exactly as shipped.
 *
 * The million-event program is a lesson folder of its own (`bench/lesson/`), loaded by the
 * real lesson loader and shown in the real `Panel`. The panel store finds lessons in the
 * catalog store, so the lab starts the catalog with this one lesson before mounting, as
 * the app starts it with the build's index (the app's own lessons are not part of this page).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLesson } from '../lessons/loader';
import { summaryOf } from '../lessons/summary';
import type { Breakpoint } from '../replay/engine';
import { getRuntime } from '../runtime';
import type { RecordRequest } from '../runtime/protocol';
import { startApp } from '../store/app';
import { ensureLesson, startCatalog } from '../store/catalog';
import { indexLesson, panelKey } from '../store/lessonIndex';
import { panelsStore } from '../store/panelStore';
import { hitsFor } from '../store/selectors';
import { startTraceWarmup } from '../store/traceWarmup';
import type { Trace } from '../trace/trace';
import { Panel } from '../ui/panel/Panel';
import { loadMonaco } from '../ui/useMonaco';
import '../ui/styles.css';
import {
  type LatencySamples,
  measureEngine,
  OPS,
  positionViewWithLineAt,
  REGIONS,
  type Region,
} from './latency';

const raw = import.meta.glob('/bench/lesson/**/*.{json,py,md}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const labState = document.getElementById('lab-state') as HTMLOutputElement;
const runtime = getRuntime();
startApp(); // the app store follows the runtime, as on the real page
startTraceWarmup(); // and new traces are prepared when the page is idle, as on the real page

const LESSON_ID = 'bench-million';

function loadBenchLesson() {
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) files[k.replace(/^\/bench\/lesson\//, '')] = v;
  const result = loadLesson(LESSON_ID, files);
  if (!result.ok) throw new Error(`bench lesson is broken: ${JSON.stringify(result.errors)}`);
  return result.lesson;
}
const lesson = loadBenchLesson();
const PANEL = lesson.panels[0];
const KEY = panelKey(lesson.id, PANEL.id);

/** Traces kept alive by name, for latency and memory measurements. */
const kept = new Map<string, Trace>();

function whenReady(): Promise<{ python: string; loadMs: number }> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const s = runtime.getStatus();
      if (s.state === 'ready') {
        unsubscribe();
        resolve({ python: s.python, loadMs: s.loadMs });
      } else if (s.state === 'failed') {
        unsubscribe();
        reject(new Error(s.message));
      }
    };
    const unsubscribe = runtime.subscribe(check);
    check();
  });
}

/** What `record` reports. */
export interface RecordStats {
  outcome: string;
  events: number;
  deltas: number;
  values: number;
  frames: number;
  /** Time inside the recorder (run + encoding), as it reports it. */
  recorderMs: number;
  /** From the request to a decoded `Trace` in this thread (worker, transfer, decode). */
  totalMs: number;
  /**
   * The longest task this thread ran meanwhile (0 if none reached the browser's 50 ms
   * long-task mark): how long a reader's click could have waited while the trace arrived.
   * Measured by `record` only.
   */
  longestTaskMs?: number;
  byteSize: number;
  output: string;
}

function statsOf(trace: Trace, totalMs: number, longestTaskMs?: number): RecordStats {
  return {
    ...(longestTaskMs === undefined ? {} : { longestTaskMs }),
    outcome: trace.meta.outcome,
    events: trace.length,
    deltas: trace.meta.deltaCount,
    values: trace.values.length,
    frames: trace.frames.length,
    recorderMs: trace.meta.elapsedMs,
    totalMs,
    byteSize: trace.byteSize,
    output: trace.meta.output.slice(0, 200),
  };
}

/** The panel's request for a scenario of the bench lesson (what the store sends). */
function benchRequest(scenario: string): RecordRequest {
  return {
    files: [
      ...lesson.sources.map((s) => ({
        path: s.path,
        code: s.code,
        role: 'source' as const,
        module: s.module,
      })),
      { path: lesson.setup.path, code: lesson.setup.code, role: 'setup' as const },
      { path: PANEL.entry.path, code: PANEL.entry.code, role: 'entry' as const },
    ],
    scenario,
    budget: lesson.budget,
  };
}

function tick(): Promise<void> {
  // A MessageChannel task: runs after every microtask React queued, never clamped.
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

function statusEl(): HTMLElement {
  return document.querySelector('[data-testid=status]') as HTMLElement;
}

async function waitFor(cond: () => boolean, timeoutMs = 120_000): Promise<void> {
  const t0 = performance.now();
  while (!cond()) {
    if (performance.now() - t0 > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const lab = {
  ready: whenReady,
  lessonSource: () => ({ path: PANEL.source, code: lesson.sources[0].code }),
  request: benchRequest,

  /** Record through the app's runtime client; keep the trace under `keep` if given. */
  async record(request: RecordRequest, keep?: string): Promise<RecordStats> {
    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    const t0 = performance.now();
    const trace = await runtime.record(request);
    const totalMs = performance.now() - t0;
    await tick(); // the task that resolved the run has ended, so it has its entry
    tasks.push(...observer.takeRecords());
    observer.disconnect();
    if (keep) kept.set(keep, trace);
    const longest = Math.max(0, ...tasks.filter((e) => e.startTime >= t0).map((e) => e.duration));
    return statsOf(trace, totalMs, longest);
  },

  drop(name?: string) {
    if (name) kept.delete(name);
    else kept.clear();
  },

  /** Build the hit index of `breakpoints` over a kept trace (once), timing it. */
  hitIndex(name: string, breakpoints: Breakpoint[]): { ms: number; stops: number } {
    const trace = kept.get(name) as Trace;
    const t0 = performance.now();
    const hits = hitsFor(trace, breakpoints);
    return { ms: performance.now() - t0, stops: hits.stops.length };
  },

  /**
   * Engine + selector latency over a kept trace, with the panel's `positionView`, or
   * (`variant: 'lineAt'`) with the selector change the bench recommends.
   */
  engineLatency(
    name: string,
    breakpoints: Breakpoint[],
    samples: number,
    variant?: 'lineAt',
  ): LatencySamples {
    const trace = kept.get(name) as Trace;
    hitsFor(trace, breakpoints);
    return variant === 'lineAt'
      ? measureEngine(trace, breakpoints, samples, positionViewWithLineAt, 2)
      : measureEngine(trace, breakpoints, samples);
  },

  /**
   * Mount the real panel for the bench lesson and wait until its default (million-event)
   * scenario is recorded and shown. Times from the mount (Python already ready).
   */
  async mountPanel(): Promise<{ ms: number; stats: RecordStats }> {
    startCatalog({ index: [summaryOf(lesson, '')], broken: [], fetch: async () => lesson });
    await ensureLesson(lesson.id);
    // The app asks for Monaco once Python is ready (boot.tsx), and a million-event trace
    // needs Python, so the reader steps through it in Monaco, not in the plain listing.
    const monaco = loadMonaco();
    const host = document.getElementById('root') as HTMLElement;
    const t0 = performance.now();
    createRoot(host).render(
      <StrictMode>
        <Panel entry={indexLesson(lesson).panels[0]} />
      </StrictMode>,
    );
    // "ready" is also what the panel shows while its trace is still being recorded.
    await waitFor(() => lab.panelTrace() !== null && statusEl()?.dataset.state === 'ready');
    const ms = performance.now() - t0;
    await monaco;
    await waitFor(() => document.querySelector('[data-testid=code-monaco] .view-lines') !== null);
    // A reader's first click comes after the page has been idle, when the trace has been
    // prepared for stepping (src/store/traceWarmup.ts): wait for that moment too.
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
    const trace = lab.panelTrace() as Trace;
    return { ms, stats: statsOf(trace, ms) };
  },

  /** Set breakpoints in the mounted panel through its store (as a gutter click would). */
  setBreakpoint(line: number) {
    panelsStore.getState().toggleBreakpoint(KEY, PANEL.source, line);
  },

  panelTrace(): Trace | null {
    const p = panelsStore.getState().panels[KEY];
    return p?.traces[p.scenario]?.trace ?? null;
  },

  /**
   * Step latency through the real UI: click the panel's buttons (or move the timeline)
   * and time until React has rendered and the page has laid out the result.
   */
  async uiLatency(samples: number): Promise<Record<Region, Record<string, number[]>>> {
    const trace = lab.panelTrace() as Trace;
    const n = trace.length;
    const store = panelsStore.getState();
    const panel = document.querySelector('[data-testid=panel]') as HTMLElement;
    const button = (id: string) => panel.querySelector(`[data-testid=${id}]`) as HTMLButtonElement;
    const slider = () => panel.querySelector('[data-testid=timeline-slider]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (
      v: string,
    ) => void;
    const out = {} as Record<Region, Record<string, number[]>>;
    for (const region of Object.keys(REGIONS) as Region[]) {
      const anchor = Math.min(n - 1, Math.floor(n * REGIONS[region]));
      const per: Record<string, number[]> = {};
      for (const op of ['step', 'stepOver', 'stepBack', 'continue', 'jump']) {
        store.jumpTo(KEY, anchor);
        await tick();
        const times: number[] = [];
        for (let k = 0; k < samples; k++) {
          const before = statusEl().dataset.step;
          const t0 = performance.now();
          if (op === 'jump') {
            const target = anchor + Math.floor((Math.random() - 0.5) * n * 0.005);
            setter.call(slider(), String(Math.max(0, Math.min(n - 1, target))));
            slider().dispatchEvent(new Event('input', { bubbles: true }));
          } else {
            const id = {
              step: 'step-into',
              stepOver: 'step-over',
              stepBack: 'step-back',
              continue: 'continue',
            }[op] as string;
            button(id).click();
          }
          await tick();
          panel.getBoundingClientRect(); // include style and layout of the new state
          times.push(performance.now() - t0);
          if (statusEl().dataset.state !== 'paused' || statusEl().dataset.step === before) {
            store.jumpTo(KEY, anchor);
            await tick();
          }
        }
        per[op] = times;
      }
      out[region] = per;
    }
    return out;
  },

  ops: OPS,
};

declare global {
  interface Window {
    benchLab: typeof lab;
  }
}
window.benchLab = lab;
labState.dataset.state = 'ready';
labState.textContent = 'ready';
