/**
 * Instant lessons: how soon a reader who follows a shared link sees its paused view, with
 * and without Python, on a fast and a slow network; how long Python takes on the slow one
 * (and that its progress is shown); and a second visit with the network off.
 *
 * Slow network: Chrome DevTools Protocol `Network.emulateNetworkConditions` on a fresh
 * context (4 Mbit/s down and up, 40 ms latency), which throttles the page and its workers.
 * Times are taken in the page from navigation start (`performance.timeOrigin`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseAddress } from '../../src/store/address.ts';
import { linkedState } from '../../src/store/share.ts';
import { AFTER_FRAME_JS, freshContext } from './browser.ts';
import { type Row, rowOf } from './report.ts';
import { median } from './stats.ts';

/** A network to emulate: bytes per second each way and round-trip latency. */
export interface Network {
  bytesPerSecond: number;
  latencyMs: number;
}

/** 4 Mbit/s, 40 ms. */
export const SLOW: Network = { bytesPerSecond: (4 * 1000 * 1000) / 8, latencyMs: 40 };

/** A shared link and what its paused view shows. */
export interface SharedLink {
  path: string;
  step: string;
  line: string;
}

/** Watches, from before any script runs, for the paused view, Python's state and its progress. */
const PROBE = `(() => {
  ${AFTER_FRAME_JS}
  const marks = (window.__instant = { progress: [] });
  const check = () => {
    const now = performance.now();
    const want = window.__instantWant;
    const s = document.querySelector('[data-testid=panel] [data-testid=status]');
    if (marks.paused === undefined && want && s && s.dataset.state === 'paused' &&
        s.dataset.step === want.step && s.dataset.line === want.line) {
      marks.pausedDom = now;
      afterFrame((t) => { marks.paused = t; });
    }
    const r = document.querySelector('[data-testid=runtime]');
    if (r) {
      const state = r.dataset.state;
      if (marks.ready === undefined && state === 'ready') marks.ready = now;
      if (marks.failed === undefined && state === 'failed') marks.failed = now;
      const bar = r.querySelector('[data-testid=runtime-progress]');
      const text = r.textContent || '';
      const last = marks.progress[marks.progress.length - 1];
      if (state === 'loading' && (!last || last.text !== text))
        marks.progress.push({ t: now, text, share: bar ? Number(bar.value) : null });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

async function throttle(context: BrowserContext, page: Page, net: Network): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: net.latencyMs,
    downloadThroughput: net.bytesPerSecond,
    uploadThroughput: net.bytesPerSecond,
  });
}

type Marks = {
  paused?: number;
  pausedDom?: number;
  ready?: number;
  failed?: number;
  progress: { t: number; text: string; share: number | null }[];
};

async function marks(page: Page, until: (m: Marks) => boolean, timeout = 180_000): Promise<Marks> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const m = (await page.evaluate('window.__instant')) as Marks;
    if (until(m)) return m;
    if (Date.now() > deadline) throw new Error(`timed out; marks so far ${JSON.stringify(m)}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Make a shared link the way a reader would: the app's first panel, a scenario, a
 * breakpoint on the first line Debug pauses at, Debug, one Step Over; the address bar
 * is then the link. Works before Python has loaded (shipped traces).
 */
export async function makeSharedLink(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<SharedLink> {
  const { context } = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto(path);
    const p = page.locator('[data-testid=panel]').first();
    const status = p.locator('[data-testid=status]');
    const paused = p.locator('[data-testid=status][data-state=paused]');
    await p.locator('[data-testid=status][data-state=ready]').waitFor({ timeout: 60_000 });
    // Into the focus function and two lines on: a line that really runs.
    for (const button of ['step-into', 'step-over', 'step-over']) {
      const before = await status.getAttribute('data-step');
      await p.locator(`[data-testid=${button}]`).click();
      await page.waitForFunction(([el, b]) => (el as HTMLElement).dataset.step !== b, [
        await status.elementHandle(),
        before,
      ] as const);
    }
    await paused.waitFor();
    const line = await status.getAttribute('data-line');
    // A breakpoint there: in the plain listing, or in Monaco if it has arrived.
    const plain = p.locator(`[data-testid=code-plain] button[aria-label$=" ${line}"]`);
    if ((await plain.count()) > 0) await plain.first().click();
    else {
      const nums = p.locator('.margin-view-overlays .line-numbers');
      const texts = (await nums.allTextContents()).map((t) => t.trim());
      await nums.nth(texts.indexOf(String(line))).click();
    }
    await p.locator('[data-testid=restart]').click();
    await p.locator('[data-testid=debug]').click();
    await p.locator(`[data-testid=status][data-state=paused][data-line="${line}"]`).waitFor();
    const before = await status.getAttribute('data-step');
    await p.locator('[data-testid=step-over]').click();
    await page.waitForFunction(([el, b]) => (el as HTMLElement).dataset.step !== b, [
      await status.elementHandle(),
      before,
    ] as const);
    // The address bar follows the view once the steps settle: wait until it holds this step.
    const step = (await status.getAttribute('data-step')) ?? '';
    const lessonId = (await page.locator('[data-testid=lesson]').getAttribute('data-lesson')) ?? '';
    const panelId = (await p.getAttribute('data-panel')) ?? '';
    const linkedStep = () => linkedState(parseAddress(page.url()), lessonId, panelId).position;
    for (let t0 = Date.now(); linkedStep() !== Number(step); ) {
      if (Date.now() - t0 > 10_000) throw new Error(`the address never held step ${step}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const at = (await status.getAttribute('data-line')) ?? '';
    const url = page.url();
    return { path: url.slice(url.indexOf('/', 8)), step, line: at };
  } finally {
    await context.close();
  }
}

/** One cold load of a shared link. */
export interface LinkLoad {
  /** The paused view painted. */
  pausedMs: number;
  /** Python ready (or failed), if waited for. */
  pythonMs?: number;
  pythonFailed?: boolean;
  /** Distinct progress texts shown while Python loaded, with their share (0–1). */
  progress: { t: number; text: string; share: number | null }[];
}

/** Options of {@link coldLink}. */
export interface LinkOptions {
  network?: Network;
  /** Refuse every request under /pyodide/. */
  refusePyodide?: boolean;
  /** Also wait for Python to be ready (or to fail). */
  waitPython?: boolean;
}

/** Open a shared link in a fresh context (empty cache) and time its paused view. */
export async function coldLink(
  browser: Browser,
  baseUrl: string,
  link: SharedLink,
  options: LinkOptions = {},
): Promise<LinkLoad> {
  const { context } = await freshContext(browser, baseUrl);
  try {
    await context.addInitScript(
      `window.__instantWant = ${JSON.stringify({ step: link.step, line: link.line })};`,
    );
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    if (options.network) await throttle(context, page, options.network);
    if (options.refusePyodide) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setBlockedURLs', { urls: ['*/pyodide/*'] });
    }
    await page.goto(link.path, { waitUntil: 'commit' });
    const m = await marks(page, (x) =>
      options.waitPython
        ? x.paused !== undefined && (x.ready !== undefined || x.failed !== undefined)
        : x.paused !== undefined,
    );
    return {
      pausedMs: m.paused as number,
      pythonMs: m.ready ?? m.failed,
      pythonFailed: m.failed !== undefined,
      progress: m.progress,
    };
  } finally {
    await context.close();
  }
}

/** A second visit with the network off: the service worker serves everything. */
export interface OfflineReload {
  pausedMs: number;
  pythonMs: number;
  /** Whether the page was still cross-origin isolated offline. */
  isolated: boolean;
}

/** First visit online (until Python and the service worker are ready), then reload offline. */
export async function warmOfflineReload(
  browser: Browser,
  baseUrl: string,
  link: SharedLink,
): Promise<OfflineReload> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript('globalThis.__name ??= (f) => f;');
    await context.addInitScript(
      `window.__instantWant = ${JSON.stringify({ step: link.step, line: link.line })};`,
    );
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(link.path);
    await marks(page, (x) => x.ready !== undefined && x.paused !== undefined);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await context.setOffline(true);
    await page.reload({ waitUntil: 'commit' });
    const m = await marks(page, (x) => x.ready !== undefined && x.paused !== undefined);
    const isolated = await page.evaluate(() => globalThis.crossOriginIsolated === true);
    return { pausedMs: m.paused as number, pythonMs: m.ready as number, isolated };
  } finally {
    await context.close();
  }
}

/** Rounds of each measure (slow-network loads take seconds each). */
export interface InstantRounds {
  fast: number;
  slow: number;
  python: number;
  offline: number;
}

/** Every instant-lesson row, measured side by side in one run. */
export async function benchInstant(
  browser: Browser,
  baseUrl: string,
  path: string,
  rounds: InstantRounds,
  log: (msg: string) => void,
): Promise<{ rows: Row[]; raw: Record<string, unknown> }> {
  const link = await makeSharedLink(browser, baseUrl, path);
  log(`instant: shared link ${link.path} (step ${link.step}, line ${link.line})`);
  // Warm-up, discarded (disk caches, the server's compressed copies).
  await coldLink(browser, baseUrl, link, { waitPython: true });
  const fast: LinkLoad[] = [];
  const refused: LinkLoad[] = [];
  for (let i = 0; i < rounds.fast; i++) {
    const order = i % 2 === 0 ? [false, true] : [true, false];
    for (const refuse of order) {
      const load = await coldLink(browser, baseUrl, link, { refusePyodide: refuse });
      (refuse ? refused : fast).push(load);
    }
  }
  const slow: LinkLoad[] = [];
  const slowRefused: LinkLoad[] = [];
  for (let i = 0; i < rounds.slow; i++) {
    slow.push(await coldLink(browser, baseUrl, link, { network: SLOW }));
    slowRefused.push(
      await coldLink(browser, baseUrl, link, { network: SLOW, refusePyodide: true }),
    );
  }
  log(
    `instant: paused view ${median(fast.map((l) => l.pausedMs)).toFixed(0)} ms fast, ${median(slow.map((l) => l.pausedMs)).toFixed(0)} ms at 4 Mbit/s`,
  );
  const python: LinkLoad[] = [];
  for (let i = 0; i < rounds.python; i++) {
    python.push(await coldLink(browser, baseUrl, link, { network: SLOW, waitPython: true }));
  }
  const offline: OfflineReload[] = [];
  for (let i = 0; i < rounds.offline; i++)
    offline.push(await warmOfflineReload(browser, baseUrl, link));
  const progressShown = python.map((l) => l.progress.filter((p) => p.share !== null).length);
  const maxShare = Math.max(0, ...python.flatMap((l) => l.progress.map((p) => p.share ?? 0)));
  const stages = [
    ...new Set(python.flatMap((l) => l.progress.map((p) => p.text.replace(/[\d.]+/g, 'N')))),
  ];
  const rows: Row[] = [
    rowOf(
      'instant',
      'cold link → paused view, localhost',
      fast.map((l) => l.pausedMs),
      'ms',
      {
        target: { op: '<=', limit: 1000, text: '≤ 1.0 s' },
      },
    ),
    rowOf(
      'instant',
      'cold link → paused view, /pyodide/ refused',
      refused.map((l) => l.pausedMs),
      'ms',
      {
        target: { op: '<=', limit: 1000, text: '≤ 1.0 s' },
      },
    ),
    rowOf(
      'instant',
      'cold link → paused view, 4 Mbit/s + 40 ms',
      slow.map((l) => l.pausedMs),
      'ms',
      {
        target: { op: '<=', limit: 3000, text: '≤ 3 s' },
      },
    ),
    rowOf(
      'instant',
      'cold link → paused view, 4 Mbit/s, /pyodide/ refused',
      slowRefused.map((l) => l.pausedMs),
      'ms',
      { target: { op: '<=', limit: 3000, text: '≤ 3 s' } },
    ),
    rowOf(
      'instant',
      'Python ready at 4 Mbit/s + 40 ms',
      python.map((l) => l.pythonMs ?? Number.NaN),
      'ms',
      {
        note: `progress updates shown: ${progressShown.join(', ')} (max share ${maxShare.toFixed(2)}); texts: ${stages.join(' → ')}`,
      },
    ),
    rowOf(
      'instant',
      'warm offline reload → paused view',
      offline.map((o) => o.pausedMs),
      'ms',
    ),
    rowOf(
      'instant',
      'warm offline reload → Python ready',
      offline.map((o) => o.pythonMs),
      'ms',
      {
        note: `cross-origin isolated offline: ${offline.map((o) => o.isolated).join(', ')}`,
      },
    ),
  ];
  const refusedOk = refused.every((l) => Number.isFinite(l.pausedMs));
  rows[1].pass = rows[1].pass && refusedOk;
  rows[4].pass = python.every((l) => !l.pythonFailed) && progressShown.every((n) => n > 0);
  rows[6].pass = offline.every((o) => o.isolated && Number.isFinite(o.pythonMs));
  return { rows, raw: { link, fast, refused, slow, slowRefused, python, offline } };
}
