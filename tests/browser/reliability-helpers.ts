/**
 * Helpers for the reliability browser tests (issue 5): open the built app with an author
 * draft already in localStorage (author mode records the draft's files), find the Python
 * worker, and read a panel's error and output.
 *
 * Draft contract (src/store/drafts.ts): `wpt.draft.<lessonId>` holds
 * `{"version": 1, "files": {"<lesson-relative path>": "<text>" | null}}`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Worker } from 'playwright-core';
import { type AppSession, type OpenAppOptions, openApp } from './harness';

export const LESSON = 's04-hooks';

/** A shipped file of the flagship lesson (lesson-relative path). */
export function shipped(file: string): string {
  return readFileSync(path.resolve('lessons', LESSON, file), 'utf8');
}

/** What to do before the app's own scripts run. */
export interface BeforeLoad {
  /** Lesson-relative path → text (or null: deleted). Stored as the lesson's draft. */
  draft?: Record<string, string | null>;
  /** Raw localStorage entries to set as they are (e.g. a corrupted draft). */
  storage?: Record<string, string>;
  /** Runs against the fresh context before the app loads (e.g. `context.route`). */
  setup?: (session: AppSession) => Promise<unknown>;
}

/**
 * Open the app at `target` (default: the flagship lesson in author mode, in English) with
 * a draft and other storage in place before any app script runs.
 */
export async function openWithDraft(
  before: BeforeLoad,
  target = `/?lesson=${LESSON}&author=1&lang=en`,
  options: Omit<OpenAppOptions, 'path'> = {},
): Promise<AppSession> {
  // Start on a static file of our origin: init scripts and routes must exist before the
  // app's first script runs.
  const app = await openApp({ ...options, path: '/favicon.svg' });
  const storage: Record<string, string> = { ...before.storage };
  if (before.draft) {
    storage[`wpt.draft.${LESSON}`] = JSON.stringify({ version: 1, files: before.draft });
  }
  await app.context.addInitScript((entries) => {
    // Only once per test: a reload must see what the app itself saved since.
    if (sessionStorage.getItem('wpt.test.seeded')) return;
    sessionStorage.setItem('wpt.test.seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  await before.setup?.(app);
  await app.page.goto(new URL(target, `${app.baseUrl}/`).href);
  return app;
}

/** Wait until the runtime badge shows `state` (loading | ready | failed). */
export async function runtimeState(
  page: Page,
  state: 'loading' | 'ready' | 'failed',
  timeout = 60_000,
): Promise<void> {
  await page.locator(`[data-testid=runtime][data-state=${state}]`).waitFor({ timeout });
}

/**
 * The dedicated worker that hosts Pyodide: the build's `assets/worker-*.js` (Monaco's
 * are `editor.worker-*.js`). Found by URL, never by evaluating in it: a worker stuck in
 * a long call would not answer.
 */
export async function pythonWorker(page: Page): Promise<Worker> {
  const isPython = (w: Worker) => /\/assets\/worker-[^/]*\.js$/.test(w.url());
  // Listen first, then look: a worker that starts in between is not missed.
  const next = page.waitForEvent('worker', { predicate: isPython, timeout: 10_000 });
  const found = page.workers().filter(isPython);
  if (found.length === 0) return next;
  next.catch(() => {});
  return found[found.length - 1];
}

/**
 * Keep every worker the page starts (an init script: before the app's first script), so
 * that a test can make the Python worker fail as a crashed one does. Not by evaluating
 * code in the worker: once Python is ready the worker refuses code from strings, which
 * Playwright's evaluate relies on.
 */
export async function keepWorkers(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Real = window.Worker;
    const kept: [string, globalThis.Worker][] = [];
    (window as unknown as { __keptWorkers: typeof kept }).__keptWorkers = kept;
    window.Worker = class extends Real {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        kept.push([String(url), this]);
      }
    };
  });
}

/**
 * The Python worker (kept by {@link keepWorkers}) reports an uncaught error to the page,
 * exactly as a worker whose code threw does: the client must replace it.
 */
export async function crashPythonWorker(page: Page): Promise<void> {
  await page.evaluate(() => {
    const kept = (window as unknown as { __keptWorkers?: [string, globalThis.Worker][] })
      .__keptWorkers;
    const python = kept?.filter(([url]) => /\/assets\/worker-[^/]*\.js/.test(url)).at(-1);
    if (!python) throw new Error('no Python worker kept: call keepWorkers before the page loads');
    python[1].dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' }));
  });
}

/** The panel's status state, text and the run-error alert's text (if shown). */
export async function panelReport(p: Locator) {
  const error = p.locator('[data-testid=run-error]');
  return {
    state: await p.locator('[data-testid=status]').getAttribute('data-state'),
    status: await p.locator('[data-testid=status]').textContent(),
    error: (await error.count()) ? await error.textContent() : null,
    place: (await p.locator('[data-testid=error-place]').count())
      ? (await p.locator('[data-testid=error-place]').textContent())?.trim()
      : null,
  };
}

/** Choose a scenario, press a toolbar button and wait for the status to reach `state`. */
export async function runScenario(
  p: Locator,
  scenario: string | null,
  button: string,
  state: string,
): Promise<void> {
  if (scenario !== null) await p.locator('[data-testid=scenario]').selectOption(scenario);
  await p.locator(`[data-testid=${button}]`).click();
  await p.locator(`[data-testid=status][data-state=${state}]`).waitFor({ timeout: 60_000 });
}

/** The panel's output text. */
export async function output(p: Locator): Promise<string> {
  return (await p.locator('[data-testid=output]').textContent()) ?? '';
}

/** The step number the status shows (`data-step`), or NaN when not paused. */
export async function stepOf(p: Locator): Promise<number> {
  return Number(await p.locator('[data-testid=status]').getAttribute('data-step'));
}

/** A page round trip through the event loop and a frame: fails if the UI thread is stuck. */
export async function uiResponds(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(true), 0)),
      ),
  );
}

/**
 * Set a conditional breakpoint on a line of the panel's code view: a condition has to be
 * evaluated by Python, so this always makes a new recording.
 */
export async function addCondition(p: Locator, line: number, condition: string): Promise<void> {
  const nums = p.locator('.margin-view-overlays .line-numbers');
  const texts = (await nums.allTextContents()).map((t) => t.trim());
  const i = texts.indexOf(String(line));
  if (i < 0) throw new Error(`line ${line} is not shown (shown: ${texts.join(',')})`);
  await nums.nth(i).click();
  const input = p.locator(
    `[data-testid=breakpoint][data-line="${line}"] [data-testid=bp-condition]`,
  );
  await input.fill(condition);
  await input.press('Enter');
}

/** The line of the flagship's runtime.py containing `text`. */
export function runtimeLineOf(text: string): number {
  return (
    shipped('src/s04/core/runtime.py')
      .split('\n')
      .findIndex((l) => l.includes(text)) + 1
  );
}
