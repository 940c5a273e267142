/**
 * Browser test harness: the built app (`dist/`, or `$DIST_DIR`) served by
 * `scripts/serve-dist.ts` with production headers, driven by Debian's Chromium through
 * playwright-core, with every request that leaves the app's origin blocked and recorded.
 *
 *   const app = await openApp({ path: '/' });
 *   await app.page.getByRole('button', { name: 'Run' }).click();
 *   expect(app.foreignRequests).toEqual([]);
 *   await app.close();
 *
 * Lifetime: the server and the browser start on the first `openApp()` of a test file and are
 * shut down by an `afterAll` this module registers when a test file imports it (Vitest runs
 * each file in its own module graph, so "once per file"). Each `openApp()` gets a fresh
 * browser context (clean storage, no cache) that its `close()` disposes of.
 *
 * What is covered (checked with Playwright 1.65 + Debian Chromium 156):
 * - The app is served with the production CSP, so Chromium itself refuses most foreign
 *   loads from the page (fetch, images, scripts, WebSockets) before any request exists. The
 *   page reports each as a console error: they land in `consoleErrors` and `cspViolations`.
 * - What CSP lets through (navigations, or anything if the CSP is ever loosened) reaches
 *   the catch-all `context.route`: own origin continues, anything else is aborted and lands in
 *   `foreignRequests`. Requests from dedicated workers (module and `blob:` workers alike)
 *   go through this route too.
 * - Recorded, not aborted: requests seen only by `context.on('request')`, worker script
 *   URLs (`page.on('worker')`), and WebSockets (`page.on('websocket')`).
 * - Service workers are blocked (`serviceWorkers: 'block'`), since requests they make or
 *   answer bypass `route()`. The app does not use one; opt in with `serviceWorkers: 'allow'`.
 * - Not observable: a CSP violation inside a worker (Chromium blocks it silently, without a
 *   console message the page sees), and shared workers' requests. Both are still blocked.
 * - Last line of defence: `--host-resolver-rules` makes every host name except 127.0.0.1
 *   unresolvable, so nothing that slips past all of the above reaches the network.
 * - `data:` and `blob:` URLs are local and always allowed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/ensure-browser.mjs';
import { type DistServer, defaultDistDir, startDistServer } from '../../scripts/serve-dist.ts';

/** Options of {@link openApp}. */
export interface OpenAppOptions {
  /** Path (and query/hash) to open, relative to the app's origin. Default `/`. */
  path?: string;
  /** Viewport size. Default 1280×800. */
  viewport?: { width: number; height: number };
  /** A phone's touch screen: taps, `(pointer: coarse)`, a mobile viewport. */
  touch?: boolean;
  /** When `page.goto` is considered done. Default `load`. */
  waitUntil?: 'commit' | 'domcontentloaded' | 'load' | 'networkidle';
  /** Service workers bypass request routing, so they are blocked unless a test asks. */
  serviceWorkers?: 'allow' | 'block';
  /** Runs on the new context before the first navigation (e.g. to refuse some requests). */
  beforeNavigate?: (context: BrowserContext) => Promise<void>;
  /**
   * `refused`: every request under `/pyodide/` fails, so Python never loads and the page
   * replays its shipped traces only, with Monaco arriving as soon as Python has failed. For
   * tests of what a reader does without Python (keys, focus, layout, replay): they skip the
   * few seconds of Python's start, and prove the feature needs no Python. Default `load`.
   */
  python?: 'load' | 'refused';
  /**
   * Serve `dist/` with no headers of our own at all, like a static host that cannot send
   * any (GitHub Pages): no COOP/COEP, no CSP. A second server, started on first use.
   */
  plain?: boolean;
}

/** One opened app: a page in its own browser context, plus what was observed so far. */
export interface AppSession {
  page: Page;
  context: BrowserContext;
  /** Shared by every session of the test file; do not close it yourself. */
  browser: Browser;
  /** The app's origin, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  baseUrl: string;
  /** URLs (unique, in order first seen) of requests to any other origin. Expect it empty. */
  foreignRequests: string[];
  /** Text of `console.error` messages from the page and its workers (including CSP reports). */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page and its workers (`pageerror`). */
  pageErrors: string[];
  /**
   * The subset of `consoleErrors` that are Content-Security-Policy violations reported by the
   * page: a blocked foreign `fetch`/image/script, or code needing `eval`. Expect it empty.
   */
  cspViolations: string[];
  /** Own-origin responses with status ≥ 400, as `404 http://…/x.wasm` (a missing asset). */
  badResponses: string[];
  /** Closes the page and its context (the browser and server stay up for the next test). */
  close: () => Promise<void>;
}

let serverPromise: Promise<DistServer> | undefined;
let plainServerPromise: Promise<DistServer> | undefined;
let browserPromise: Promise<Browser> | undefined;
const openContexts = new Set<BrowserContext>();

function startServerOnce(plain = false): Promise<DistServer> {
  if (plain) {
    plainServerPromise ??= startServerOnce().then(() =>
      startDistServer({ root: defaultDistDir(), plain: true }),
    );
    return plainServerPromise;
  }
  if (!serverPromise) {
    const root = defaultDistDir();
    if (!existsSync(path.join(root, 'index.html'))) {
      throw new Error(
        `${root}/index.html does not exist. Build the app first (\`npm run test:browser\` runs ` +
          '`vite build` before the browser tests), or point DIST_DIR at a built app.',
      );
    }
    serverPromise = startDistServer({ root });
  }
  return serverPromise;
}

function launchBrowserOnce(): Promise<Browser> {
  if (!browserPromise) {
    const found = findBrowser();
    if (!found) {
      throw new Error(
        'No Chromium found for the browser tests. Run `node scripts/ensure-browser.mjs` ' +
          "(installs Debian's chromium when run as root) or set CHROMIUM_PATH.",
      );
    }
    browserPromise = chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
  }
  return browserPromise;
}

/** `data:`/`blob:` URLs and URLs on the app's own origin. */
function isLocal(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Opens the built app in a fresh browser context. See the module comment for the rules. */
export async function openApp(options: OpenAppOptions = {}): Promise<AppSession> {
  const [server, browser] = await Promise.all([
    startServerOnce(options.plain),
    launchBrowserOnce(),
  ]);
  const baseUrl = server.url;
  const origin = new URL(baseUrl).origin;

  const foreignRequests: string[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const badResponses: string[] = [];
  const recordForeign = (url: string): void => {
    if (!isLocal(url, origin) && !foreignRequests.includes(url)) foreignRequests.push(url);
  };

  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  openContexts.add(context);

  // The gate: own origin goes through, anything else is recorded and aborted.
  await context.route('**/*', (route, request) => {
    const url = request.url();
    if (isLocal(url, origin)) return route.continue();
    recordForeign(url);
    return route.abort('blockedbyclient');
  });
  // Also catch requests that did not pass through routing (see the module comment).
  context.on('request', (request) => recordForeign(request.url()));
  context.on('response', (response) => {
    if (response.status() >= 400 && isLocal(response.url(), origin)) {
      badResponses.push(`${response.status()} ${response.url()}`);
    }
  });
  context.on('serviceworker', (worker) => recordForeign(worker.url()));

  if (options.python === 'refused') {
    // Registered after the gate, so it is asked first (Playwright runs the newest route first).
    await context.route('**/pyodide/**', (route) => route.abort('blockedbyclient'));
  }
  await options.beforeNavigate?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  // Includes the console of the page's dedicated workers (`message.worker()` is set).
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const worker = message.worker();
    const text = worker ? `[worker ${worker.url()}] ${message.text()}` : message.text();
    consoleErrors.push(text);
    if (text.includes('Content Security Policy')) cspViolations.push(text);
  });
  page.on('websocket', (socket) => recordForeign(socket.url()));
  page.on('worker', (worker) => recordForeign(worker.url()));

  await page.goto(new URL(options.path ?? '/', `${baseUrl}/`).href, {
    waitUntil: options.waitUntil ?? 'load',
  });

  return {
    page,
    context,
    browser,
    baseUrl,
    foreignRequests,
    consoleErrors,
    pageErrors,
    cspViolations,
    badResponses,
    close: async () => {
      openContexts.delete(context);
      await context.close();
    },
  };
}

/** Closes every context, the browser and the server. Registered as this file's `afterAll`. */
export async function closeAll(): Promise<void> {
  const contexts = [...openContexts];
  openContexts.clear();
  await Promise.allSettled(contexts.map((context) => context.close()));
  const browser = browserPromise;
  const servers = [serverPromise, plainServerPromise];
  browserPromise = undefined;
  serverPromise = undefined;
  plainServerPromise = undefined;
  await Promise.allSettled([
    browser?.then((b) => b.close()),
    ...servers.map((server) => server?.then((s) => s.close())),
  ]);
}

afterAll(closeAll, 30_000);
