/**
 * Cold loads: the app and the bare-Pyodide floor page, alternately, each in a fresh
 * browser context (empty cache), in the same browser. Times are from navigation start
 * (`performance.timeOrigin`), taken in the page itself:
 * - source visible: a panel's source text is on the page (the prerendered shell's listing,
 *   the app's plain listing or Monaco), timed after the frame that paints it;
 * - Python ready: the runtime badge says ready (app), or the worker's `loadPyodide()`
 *   resolved (floor page).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AFTER_FRAME_JS, freshContext } from './browser.ts';

/** When the page asked for its Python worker and for Pyodide's files (ms from navigation). */
export interface LoadTimeline {
  workerRequestMs: number;
  /** Pyodide's own module script, which the worker imports before the wasm. */
  asmRequestMs: number;
  wasmRequestMs: number;
  wasmDoneMs: number;
  stdlibDoneMs: number;
}

/** One cold load of the app. */
export interface AppLoad extends LoadTimeline {
  /** Panel source text in the DOM. */
  sourceDomMs: number;
  /** The frame that paints it. */
  sourceVisibleMs: number;
  pythonReadyMs: number;
  /** The browser's first contentful paint of the page (Paint Timing). */
  firstPaintMs: number;
  /** Main-thread long tasks (> 50 ms) before Python was ready, in total. */
  longTasksMs: number;
  foreign: number;
}

/** One cold load of the floor page. */
export interface FloorLoad extends LoadTimeline {
  readyMs: number;
  /** First contentful paint of the floor page: one line of text, same server and headers. */
  firstPaintMs: number;
}

/** The page's first contentful paint, in ms from navigation start (NaN if none yet). */
function firstPaint(page: Page): Promise<number> {
  return page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
}

/** Options of a cold load. */
export interface ColdOptions {
  /** Abort requests for Monaco's chunk (an experiment: the app without the editor). */
  blockMonaco?: boolean;
}

/** Start times of the requests that matter, relative to the page's navigation start. */
function watchRequests(context: BrowserContext, workerPattern: RegExp) {
  const seen: { url: string; start: number; end: number }[] = [];
  context.on('requestfinished', (request) => {
    const t = request.timing();
    seen.push({ url: request.url(), start: t.startTime, end: t.startTime + t.responseEnd });
  });
  return (timeOrigin: number): LoadTimeline => {
    const find = (re: RegExp) => seen.find((r) => re.test(r.url));
    const rel = (x: number | undefined) => (x === undefined ? Number.NaN : x - timeOrigin);
    return {
      workerRequestMs: rel(find(workerPattern)?.start),
      asmRequestMs: rel(find(/pyodide\.asm\.mjs$/)?.start),
      wasmRequestMs: rel(find(/pyodide\.asm\.wasm$/)?.start),
      wasmDoneMs: rel(find(/pyodide\.asm\.wasm$/)?.end),
      stdlibDoneMs: rel(find(/python_stdlib\.zip$/)?.end),
    };
  };
}

/** Installed before any page script: watches the DOM for the two milestones. */
const APP_PROBE = `(() => {
  ${AFTER_FRAME_JS}
  const marks = (window.__benchMarks = {});
  // Any panel's source on screen: the app's (plain listing or Monaco) or the prerendered
  // shell's listing, whichever the reader sees first; a hidden copy has no box.
  const sourceShown = () => {
    for (const el of document.querySelectorAll('.panel .code-plain code, .panel .view-lines .view-line')) {
      if (!el.textContent || !el.textContent.trim()) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) return true;
    }
    return false;
  };
  const check = () => {
    const now = performance.now();
    if (marks.sourceDom === undefined && sourceShown()) {
      marks.sourceDom = now;
      afterFrame((t) => { marks.sourceFrame = t; });
    }
    if (marks.ready === undefined && document.querySelector('[data-testid=runtime][data-state=ready]')) {
      marks.ready = now;
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  marks.longTasks = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (marks.ready === undefined) marks.longTasks += e.duration;
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** One cold load of the app at `path`. */
export async function coldApp(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: ColdOptions = {},
): Promise<AppLoad> {
  const { context, foreign } = await freshContext(browser, baseUrl);
  try {
    await context.addInitScript(APP_PROBE);
    const timeline = watchRequests(context, /\/assets\/worker-[\w-]+\.js$/);
    const page = await context.newPage();
    if (options.blockMonaco) {
      // Blocked by the browser itself: a Playwright route would intercept every request
      // of the page (Pyodide's too) and slow the load being compared.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setBlockedURLs', { urls: ['*/assets/monaco-*.js'] });
    }
    await page.goto(path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const m = (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks;
        return m && m.ready !== undefined && m.sourceFrame !== undefined ? m : null;
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    const m = (await handle.jsonValue()) as Record<string, number>;
    const origin = await page.evaluate(() => performance.timeOrigin);
    return {
      sourceDomMs: m.sourceDom,
      sourceVisibleMs: m.sourceFrame,
      pythonReadyMs: m.ready,
      firstPaintMs: await firstPaint(page),
      longTasksMs: m.longTasks,
      foreign: foreign.length,
      ...timeline(origin),
    };
  } finally {
    await context.close();
  }
}

/** One cold load of the floor page: ms from navigation start to `loadPyodide()` done. */
export async function coldFloor(browser: Browser, baseUrl: string): Promise<FloorLoad> {
  const { context } = await freshContext(browser, baseUrl);
  try {
    const timeline = watchRequests(context, /\/assets\/bare-worker-[\w-]+\.js$/);
    const page = await context.newPage();
    await page.goto('/bench/bare.html', { waitUntil: 'commit' });
    const state = page.locator('#state[data-state=ready], #state[data-state=failed]');
    await state.waitFor({ timeout: 120_000 });
    if ((await state.getAttribute('data-state')) !== 'ready') {
      throw new Error(`floor page failed: ${await state.textContent()}`);
    }
    const origin = await page.evaluate(() => performance.timeOrigin);
    return {
      readyMs: Number(await state.getAttribute('data-ready-at')),
      firstPaintMs: await firstPaint(page),
      ...timeline(origin),
    };
  } finally {
    await context.close();
  }
}
