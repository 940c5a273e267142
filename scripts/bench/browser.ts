/**
 * Chromium for the bench: Debian's Chromium through playwright-core, with the same flags
 * and the same "nothing leaves the origin" gate as the browser tests
 * (tests/browser/harness.ts, which is tied to Vitest, so not imported here).
 */
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../ensure-browser.mjs';

/** Launch headless Chromium; throws with advice if there is none. */
export async function launch(): Promise<{ browser: Browser; version: string }> {
  const found = findBrowser();
  if (!found) {
    throw new Error(
      'No Chromium found: run `node scripts/ensure-browser.mjs` or set CHROMIUM_PATH.',
    );
  }
  const browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
  return { browser, version: found.version };
}

/**
 * A fresh context (empty cache and storage: every load in it is cold). Requests to other
 * origins are counted, not intercepted: routing every request through Playwright would
 * add a round trip to each load being timed. The host-resolver rule above already makes
 * every other host unresolvable.
 */
export async function freshContext(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; foreign: string[] }> {
  const origin = new URL(baseUrl).origin;
  const foreign: string[] = [];
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  // Functions this bench passes to `page.evaluate` are compiled by tsx (esbuild with
  // keepNames), which wraps inner functions in `__name(...)`: give pages a no-op one.
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return { context, foreign };
}

/**
 * Page-side source text of `afterFrame(set)`: calls `set(now)` in the first task after the
 * next frame. A frame's animation-frame callbacks run before its style, layout and paint,
 * so this is when what the DOM holds now has been painted. For the bench's init scripts.
 */
export const AFTER_FRAME_JS = `function afterFrame(set) {
  requestAnimationFrame(() => {
    const tick = new MessageChannel();
    tick.port1.onmessage = () => set(performance.now());
    tick.port2.postMessage(0);
  });
}`;
