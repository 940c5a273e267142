/**
 * Interaction latency in the app itself, once Python is ready and every scenario of the
 * first panel has been recorded in the background:
 * - scenario switch: choosing another scenario until the panel shows it ready to replay;
 * - Debug → paused: pressing Debug until the panel shows the breakpoint's line, paused.
 * Each sample is timed in the page, from the input event to the rendered, laid-out DOM.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { freshContext } from './browser.ts';

/** Counts the page's record requests and answers, to know when background work is done. */
const WORKER_PROBE = `(() => {
  const rec = (window.__benchRec = { sent: 0, done: 0, lastAt: 0 });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'recorded') { rec.done++; rec.lastAt = performance.now(); }
      });
    }
    postMessage(message, transfer) {
      if (message && message.type === 'record') rec.sent++;
      return super.postMessage(message, transfer);
    }
  };
})();`;

/** What {@link measureInteractions} reports. */
export interface Interactions {
  lesson: string | null;
  panel: string | null;
  breakpointLine: number;
  scenarios: string[];
  switchMs: number[];
  debugMs: number[];
  /** Until every scenario of the page was recorded, from navigation start. */
  backgroundDoneMs: number;
}

async function waitBackgroundDone(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const r = (
        window as unknown as { __benchRec: { sent: number; done: number; lastAt: number } }
      ).__benchRec;
      // Shipped traces need no recording at all: then nothing is sent, and that is done.
      return r.sent === r.done && performance.now() - r.lastAt > 500;
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  return page.evaluate(
    () => (window as unknown as { __benchRec: { lastAt: number } }).__benchRec.lastAt,
  );
}

async function stateOf(p: Locator) {
  const s = p.locator('[data-testid=status]');
  return { state: await s.getAttribute('data-state'), line: await s.getAttribute('data-line') };
}

async function settle(p: Locator, states: string[]): Promise<void> {
  const sel = states.map((s) => `[data-testid=status][data-state=${s}]`).join(', ');
  await p.locator(sel).first().waitFor({ timeout: 15_000 });
}

async function clickLine(p: Locator, line: number): Promise<void> {
  const nums = p.locator('.margin-view-overlays .line-numbers');
  const texts = (await nums.allTextContents()).map((t) => t.trim());
  const i = texts.indexOf(String(line));
  if (i < 0) throw new Error(`line ${line} is not shown`);
  await nums.nth(i).click();
}

/**
 * Find a line of the first panel's function where Debug pauses in at least two
 * scenarios (so switching between them and debugging can alternate).
 */
async function findBreakpoint(p: Locator): Promise<{ line: number; scenarios: string[] }> {
  const select = p.locator('[data-testid=scenario]');
  const all = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const lines = (await p.locator('.margin-view-overlays .line-numbers').allTextContents())
    .map((t) => Number(t.trim()))
    .filter((n) => Number.isFinite(n) && n > 0)
    .sort((a, b) => a - b)
    .slice(1); // not the `def` line: it runs once, when the module is loaded
  for (const line of lines.slice(0, 20)) {
    await clickLine(p, line);
    const pausing: string[] = [];
    for (const s of all) {
      await select.selectOption(s);
      await settle(p, ['ready', 'error']);
      await p.locator('[data-testid=debug]').click();
      await settle(p, ['paused', 'finished', 'error']);
      const st = await stateOf(p);
      if (st.state === 'paused' && st.line === String(line)) pausing.push(s);
    }
    await select.selectOption(all[0]);
    await settle(p, ['ready', 'error']);
    if (pausing.length >= 2) return { line, scenarios: pausing };
    await clickLine(p, line); // clear it, try the next line
  }
  throw new Error('no line of the first panel pauses in two scenarios');
}

/** Measure scenario switches and Debug → paused in the app at `path`. */
export async function measureInteractions(
  browser: Browser,
  baseUrl: string,
  path: string,
  samples: number,
): Promise<Interactions> {
  const { context } = await freshContext(browser, baseUrl);
  try {
    await context.addInitScript(WORKER_PROBE);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: 120_000 });
    const p = page.locator('[data-testid=panel]').first();
    await p.locator('.margin-view-overlays .line-numbers').first().waitFor({ timeout: 60_000 });
    const backgroundDoneMs = await waitBackgroundDone(page);
    const lesson = await page.locator('[data-testid=lesson]').first().getAttribute('data-lesson');
    const panel = await p.getAttribute('data-panel');
    const { line, scenarios } = await findBreakpoint(p);

    const result = await p.evaluate(
      async (el, args) => {
        const { line, scenarios, samples } = args;
        const panelEl = el as HTMLElement;
        const status = () => panelEl.querySelector('[data-testid=status]') as HTMLElement;
        const select = panelEl.querySelector('[data-testid=scenario]') as HTMLSelectElement;
        const debug = panelEl.querySelector('[data-testid=debug]') as HTMLButtonElement;
        const tick = () =>
          new Promise<void>((resolve) => {
            const ch = new MessageChannel();
            ch.port1.onmessage = () => resolve();
            ch.port2.postMessage(0);
          });
        const until = async (cond: () => boolean) => {
          const t0 = performance.now();
          while (!cond()) {
            if (performance.now() - t0 > 15_000) throw new Error('interaction did not complete');
            await tick();
          }
        };
        const paused = () =>
          status().dataset.state === 'paused' && status().dataset.line === String(line);
        const switchMs: number[] = [];
        const debugMs: number[] = [];
        // Start paused, so every switch is a visible change back to "ready".
        select.value = scenarios[0];
        select.dispatchEvent(new Event('change', { bubbles: true }));
        await until(() => status().dataset.state === 'ready');
        debug.click();
        await until(paused);
        for (let k = 0; k < samples; k++) {
          const s = scenarios[(k + 1) % scenarios.length];
          const t0 = performance.now();
          select.value = s;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          await until(() => status().dataset.state === 'ready');
          panelEl.getBoundingClientRect();
          switchMs.push(performance.now() - t0);
          const t1 = performance.now();
          debug.click();
          await until(paused);
          panelEl.getBoundingClientRect();
          debugMs.push(performance.now() - t1);
        }
        return { switchMs, debugMs };
      },
      { line, scenarios, samples },
    );
    return { lesson, panel, breakpointLine: line, scenarios, backgroundDoneMs, ...result };
  } finally {
    await context.close();
  }
}
