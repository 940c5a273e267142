/**
 * Instant lessons without Python: every request under /pyodide/ is refused, so Pyodide
 * never loads. The flagship lesson still replays every shipped scenario of every panel, a
 * shared link still reopens its paused view, and a breakpoint condition says that it needs
 * Python and why Python is unavailable (while plain replay keeps working).
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Breakpoint } from '../../src/replay/engine.ts';
import { formatAddress } from '../../src/store/address.ts';
import { lessonAddress } from '../../src/store/share.ts';
import { axeViolations, serveAxe } from './axe-helpers.ts';
import { type AppSession, openApp } from './harness.ts';
import {
  allPanelsMounted,
  linkedPanels,
  panel,
  runtimeLine,
  status,
  variables,
  waitForStep,
  waitState,
} from './panel-helpers.ts';

const refusePyodide = async (context: BrowserContext) => {
  await context.route('**/pyodide/**', (route) => route.abort('blockedbyclient'));
};

const FAILED = '[data-testid=runtime][data-state=failed]';

/** Note every fetch the page makes, in order, as it is made (not when it is answered). */
const noteFetches = async (context: BrowserContext) => {
  await refusePyodide(context);
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __fetched: string[] }).__fetched = log;
    const real = window.fetch.bind(window);
    window.fetch = (input, init) => {
      log.push(String(input instanceof Request ? input.url : input));
      return real(input, init);
    };
  });
};

/** How many trace fetches of the flagship's panel for `fn` the page has made. */
const fetchedTraces = (page: Page, fn: string) =>
  page.evaluate(
    (prefix) =>
      (window as unknown as { __fetched: string[] }).__fetched.filter((u) => u.includes(prefix))
        .length,
    `/traces/s04-hooks.${fn}.`,
  );

/** Two frames: every mounted panel's effects have run, and would have asked by now. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Toggle a breakpoint on a file line. Monaco replaces the plain listing once Python has
 * failed: wait for that first, so that the click does not land during the swap.
 */
async function toggleLine(p: Locator, line: number): Promise<void> {
  await p.page().locator(FAILED).waitFor({ timeout: 120_000 });
  await p.locator('.margin-view-overlays .line-numbers').first().waitFor({ timeout: 60_000 });
  const nums = p.locator('.margin-view-overlays .line-numbers');
  const texts = (await nums.allTextContents()).map((t) => t.trim());
  await nums.nth(texts.indexOf(String(line))).click();
}

async function click(p: Locator, testid: string): Promise<void> {
  await p.locator(`[data-testid=${testid}]`).click();
}

describe('with Pyodide refused', () => {
  let app: AppSession | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('passes axe on the plain listing a reader steps in while Python is still loading', async () => {
    // Python held back (its requests never answered): the code stays the plain listing,
    // which a reader who presses Debug at once steps in. Its line numbers are buttons.
    const holdPyodide = async (context: BrowserContext) => {
      await context.route('**/pyodide/**', () => new Promise<void>(() => {}));
      await serveAxe(context);
    };
    app = await openApp({ path: '/?lang=zh&lesson=s04-hooks', beforeNavigate: holdPyodide });
    const { page } = app;
    const found: string[] = [];
    for (const lang of ['zh', 'en'] as const) {
      await page.locator(`[data-testid=lang-${lang}]`).click();
      const p = panel(page, 'run_hooks');
      await p.locator('[data-testid=step-into]:not([disabled])').waitFor();
      await click(p, 'step-into');
      await waitState(p, 'paused');
      await click(p, 'step-into');
      expect(await p.locator('.plain-ln').count()).toBeGreaterThan(5);
      for (const size of [
        { width: 1400, height: 1000 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const v of await axeViolations(page))
          found.push(`${lang} ${size.width}: ${v.id} ${v.targets.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('steps through every shipped scenario of every panel of the flagship lesson', async () => {
    app = await openApp({ path: '/?lang=en&lesson=s04-hooks', beforeNavigate: refusePyodide });
    const { page } = app;
    const panels = page.locator('[data-testid=panel]');
    await allPanelsMounted(page);
    const count = await panels.count();
    expect(count).toBeGreaterThanOrEqual(3);
    let scenariosSeen = 0;
    for (let i = 0; i < count; i++) {
      const p = panels.nth(i);
      const select = p.locator('[data-testid=scenario]');
      const scenarios = await select
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      for (const scenario of scenarios) {
        await select.selectOption(scenario);
        await waitState(p, 'ready');
        await click(p, 'step-into');
        await waitState(p, 'paused');
        const first = await waitForStep(p, (s) => s >= 0);
        await click(p, 'step-over');
        const second = await waitForStep(p, (s) => s > first);
        await click(p, 'step-back');
        await waitForStep(p, (s) => s < second);
        await click(p, 'continue');
        const ended = p.locator(
          '[data-testid=status][data-state=finished], [data-testid=status][data-state=error]',
        );
        await ended.waitFor();
        // Every run completes but the one whose declared ending is its exception (Ctrl-C).
        expect(await ended.getAttribute('data-state')).toBe(
          scenario === 'interrupt' ? 'error' : 'finished',
        );
        scenariosSeen++;
      }
    }
    expect(scenariosSeen).toBeGreaterThanOrEqual(10);
    // Python really never loaded: the page says why, and nothing else went wrong.
    await page.locator(FAILED).waitFor({ timeout: 120_000 });
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it("fetches the first panel's shown trace at once, and a panel's other traces only when the reader comes near it or points at a link to it", async () => {
    app = await openApp({ path: '/?lang=en&lesson=s04-hooks', beforeNavigate: noteFetches });
    const { page } = app;
    const fetched = (panel: string) => fetchedTraces(page, panel);
    await allPanelsMounted(page);
    const first = page.locator('[data-testid=panel]').first();
    const last = page.locator('[data-testid=panel]').last();
    const firstName = await first.getAttribute('data-function');
    const lastName = await last.getAttribute('data-function');
    await waitState(first, 'ready');
    await twoFrames(page);
    const scenarios = (p: Locator) => p.locator('[data-testid=scenario] option').count();
    // The first panel is more than a screen below the top: only its shown scenario so far.
    expect(await first.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
      2 * page.viewportSize()!.height,
    );
    expect(await scenarios(first)).toBeGreaterThan(1);
    expect(await fetched(firstName ?? '')).toBe(1);
    expect(await fetched(lastName ?? '')).toBe(0);
    expect(await last.locator('[data-testid=status]').getAttribute('data-state')).toBe('loading');

    // The skip link, focused by the first Tab of the page, heads for the first panel: its
    // other traces come while the panel is still far below the screen.
    const second = page.locator('[data-testid=panel]').nth(1);
    const secondName = await second.getAttribute('data-function');
    await page.locator('[data-testid=skip-link]').focus();
    await expect.poll(() => fetched(firstName ?? '')).toBe(await scenarios(first));
    expect(await first.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
      2 * page.viewportSize()!.height,
    );
    expect(await fetched(secondName ?? '')).toBe(0);

    // Scrolling a panel near the screen fetches its traces.
    await second.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched(secondName ?? '')).toBe(await scenarios(second));
    expect(await fetched(lastName ?? '')).toBe(0);

    // Pointing at the last panel's entry in the lesson index fetches its traces before the
    // jump: the panel is still far below the screen, and becomes ready to replay.
    const lastId = await last.getAttribute('data-panel');
    await page.locator(`[data-testid=lesson-index] a[href$="#panel-${lastId}"]`).hover();
    await expect.poll(() => fetched(lastName ?? '')).toBe(await scenarios(last));
    await waitState(last, 'ready');
    expect(await last.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
      2 * page.viewportSize()!.height,
    );
  });

  it("the intro card's link to the first panel fetches its held-back traces when pointed at", async () => {
    app = await openApp({ path: '/?lang=en&lesson=s04-hooks', beforeNavigate: noteFetches });
    const { page } = app;
    const first = page.locator('[data-testid=panel]').first();
    await waitState(first, 'ready');
    await twoFrames(page);
    const fn = (await first.getAttribute('data-function')) ?? '';
    expect(await fetchedTraces(page, fn)).toBe(1);
    await page.locator('[data-testid=start-link]').hover();
    const scenarios = await first.locator('[data-testid=scenario] option').count();
    await expect.poll(() => fetchedTraces(page, fn)).toBe(scenarios);
    expect(await first.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
      page.viewportSize()!.height,
    );
  });

  it('reopens a shared link in its paused view', async () => {
    app = await openApp({ path: '/?lang=en&lesson=s04-hooks', beforeNavigate: refusePyodide });
    const p = app.page.locator('[data-testid=panel]').first();
    await p.locator('[data-testid=scenario]').selectOption({ index: 1 });
    await waitState(p, 'ready');
    await click(p, 'step-into');
    const first = await waitForStep(p, (s) => s >= 0);
    await click(p, 'step-over');
    await waitForStep(p, (s) => s > first);
    const line = (await status(p)).line;
    await toggleLine(p, line);
    await click(p, 'restart');
    await click(p, 'debug');
    await waitState(p, 'paused', line);
    const atBreakpoint = (await status(p)).step;
    await click(p, 'step-over');
    await waitForStep(p, (s) => s > atBreakpoint);
    const before = await status(p);
    const vars = await variables(p);
    const scenario = await p.locator('[data-testid=scenario]').inputValue();
    // The address follows the view once the steps settle: wait until it holds this step.
    const panelId = (await p.getAttribute('data-panel')) ?? '';
    const page = app.page;
    await expect.poll(() => String(linkedPanels(page)?.[panelId]?.p)).toBe(String(before.step));
    const url = page.url();

    const other = await openApp({
      path: url.slice(url.indexOf('/', 8)),
      beforeNavigate: refusePyodide,
    });
    try {
      const q = other.page.locator(
        `[data-testid=panel][data-panel="${await p.getAttribute('data-panel')}"]`,
      );
      await waitState(q, 'paused', before.line);
      expect(await status(q)).toEqual(before);
      expect(await variables(q)).toEqual(vars);
      expect(await q.locator('[data-testid=scenario]').inputValue()).toBe(scenario);
      expect(await q.getAttribute('data-breakpoints')).toContain(String(line));
      expect(await other.page.locator('[data-testid=runtime]').getAttribute('data-state')).not.toBe(
        'ready',
      );
    } finally {
      await other.close();
    }
  });

  /** Open a link to run_hooks under `pass`, at step 5, with `breakpoints`, Python refused. */
  async function openLinkAtStep5(breakpoints: Breakpoint[]): Promise<Locator> {
    const link = lessonAddress('s04-hooks', 'run_hooks', {
      run_hooks: { scenario: 'pass', position: 5, breakpoints },
    });
    const path = formatAddress('http://x/?lang=en', link).replace('http://x', '');
    app = await openApp({ path, beforeNavigate: refusePyodide });
    const p = app.page.locator('[data-testid=panel][data-function=run_hooks]');
    await p.locator('[data-testid=status][data-state=paused][data-step="5"]').waitFor();
    return p;
  }

  it("opens a link's conditions turned off, says why, and runs one only once it is turned on", async () => {
    const line = runtimeLine('answer = callback(');
    const file = 's04/core/runtime.py';
    const p = await openLinkAtStep5([
      { id: 'x', file, line, enabled: true, condition: 'True' },
      { id: 'y', file, line: line + 1, enabled: true },
    ]);
    const notice = p.locator('[data-testid=panel-notice][data-kind=linkCodeHeld]');
    expect(await notice.textContent()).toMatch(/^A breakpoint from this link has a condition/);
    const held = p.locator(`[data-testid=breakpoint][data-line="${line}"]`);
    expect(await held.locator('[data-testid=bp-enabled]').isChecked()).toBe(false);
    expect(await held.locator('[data-testid=bp-condition]').inputValue()).toBe('True');
    const plain = p.locator(`[data-testid=breakpoint][data-line="${line + 1}"]`);
    expect(await plain.locator('[data-testid=bp-enabled]').isChecked()).toBe(true);
    // Nothing asked Python to run it; turned on, it needs Python (refused here), and says so.
    await p.page().locator(FAILED).waitFor({ timeout: 120_000 });
    expect(await held.locator('[data-testid=bp-python]').count()).toBe(0);
    await held.locator('[data-testid=bp-enabled]').check();
    await held.locator('[data-testid=bp-python][data-state=failed]').waitFor({ timeout: 60_000 });
  });

  it("leaves out a link's breakpoints on a file or line the lesson does not have, and says so", async () => {
    const line = runtimeLine('answer = callback(');
    const file = 's04/core/runtime.py';
    const p = await openLinkAtStep5([
      { id: 'x', file, line, enabled: true },
      { id: 'y', file, line: 99_999, enabled: true },
      { id: 'z', file: 's04/core/gone.py', line: 1, enabled: true },
    ]);
    const notice = p.locator('[data-testid=panel-notice][data-kind=linkBreakpointsUnread]');
    expect(await notice.textContent()).toMatch(/^2 breakpoints in this link were not set: /);
    const set = p.locator('[data-testid=breakpoint]');
    expect(await set.count()).toBe(1);
    expect(await set.getAttribute('data-line')).toBe(String(line));
  });

  it('an own scenario that Python could not run counts nothing, compares with nothing and waits', async () => {
    app = await openApp({
      path: '/?lang=en&lesson=s04-hooks',
      beforeNavigate: async (context) => {
        await refusePyodide(context);
        // A student's own scenario from an earlier visit, kept by the browser.
        await context.addInitScript(() => {
          const mine = { version: 1, base: 'pass', code: 'print("mine")\n', previous: null };
          localStorage.setItem('wpt.mine.s04-hooks:run_hooks', JSON.stringify(mine));
        });
      },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    await waitState(p, 'ready');
    const line = runtimeLine('answer = callback(copy.deepcopy(payload))');
    await toggleLine(p, line);
    // The shipped scenarios count their hits; "My scenario" could not be recorded.
    const cell = (scenario: string) =>
      p.locator(`[data-testid=compare-cell][data-line="${line}"][data-scenario="${scenario}"]`);
    await cell('pass').and(p.locator('[data-hits="2"]')).waitFor();
    await p.locator('[data-testid=scenario]').selectOption('~mine');
    await cell('~mine').and(p.locator('[data-unrecorded=true]')).waitFor({ timeout: 60_000 });
    expect(await cell('~mine').getAttribute('data-hits')).toBeNull();
    expect(await cell('~mine').textContent()).toBe(
      '—not recorded (this run could not be recorded)',
    );
    expect(await cell('~mine').getAttribute('title')).toContain('Python could not start');
    // Its breakpoint row says so too, rather than "stops here 0×".
    expect(await p.locator('[data-testid=breakpoint] [data-testid=bp-hits]').textContent()).toBe(
      'not recorded yet',
    );
    // Its editor says why it cannot run; the buttons wait instead of stepping through nothing.
    expect(await p.locator('[data-testid=my-scenario-run]').textContent()).toMatch(
      /^“My scenario” needs Python, which could not load: /,
    );
    expect(await p.locator('[data-testid=debug]').isDisabled()).toBe(true);
    expect(await p.locator('[data-testid=step-into]').isDisabled()).toBe(true);
    // "Where two scenarios part" does not claim that it ended at step 0.
    const part = p.locator('[data-testid=divergence-unrecorded]');
    expect(await part.textContent()).toMatch(
      /^“My scenario” was not recorded, so the two cannot be compared yet\. Python could not start/,
    );
    expect(await p.locator('[data-testid=divergence-part]').count()).toBe(0);
    // Back on a shipped scenario, everything replays as before.
    await p.locator('[data-testid=scenario]').selectOption('pass');
    await click(p, 'debug');
    await waitState(p, 'paused');
    expect((await status(p)).line).toBe(line);
  });

  it('says a condition needs Python and why it is unavailable; plain replay goes on', async () => {
    app = await openApp({ path: '/?lang=en&lesson=s04-hooks', beforeNavigate: refusePyodide });
    const { page } = app;
    const p = page.locator('[data-testid=panel]').first();
    await waitState(p, 'ready');
    await click(p, 'step-into');
    const first = await waitForStep(p, (s) => s >= 0);
    await click(p, 'step-over');
    await waitForStep(p, (s) => s > first);
    const line = (await status(p)).line;
    await toggleLine(p, line);
    const row = p.locator(`[data-testid=breakpoint][data-line="${line}"]`);
    await row.locator('[data-testid=bp-condition]').fill('True');
    await row.locator('[data-testid=bp-condition]').press('Enter');

    const note = row.locator('[data-testid=bp-python][data-state=failed]');
    await note.waitFor({ timeout: 120_000 });
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('A breakpoint condition needs Python, which could not load');
    expect(text).toMatch(/pyodide|Pyodide|fetch/);
    expect(text).toContain('The recorded scenarios still replay');
    await page.locator(FAILED).waitFor();
    // "My scenario" says so before it is opened, and its button is described by that
    const mineNote = p.locator('[data-testid=my-scenario-python]');
    expect(
      await p.locator('[data-testid=my-scenario-start]').getAttribute('aria-describedby'),
    ).toBe(await mineNote.getAttribute('id'));
    expect(await mineNote.textContent()).toMatch(
      /^“My scenario” needs Python, which could not load: .*The recorded scenarios still replay\.$/,
    );

    // Replay goes on with the shipped trace: stepping both ways works, and Debug runs
    // to the end (a condition that cannot be evaluated never stops).
    const at = (await status(p)).step;
    await click(p, 'step-back');
    await waitForStep(p, (s) => s < at);
    await click(p, 'step-over');
    await waitForStep(p, (s) => s >= at);
    await click(p, 'restart');
    await p.locator('[data-testid=status][data-state=finished]').waitFor();
    expect(await p.locator('[data-testid=run-error]').count()).toBe(0);

    // Author mode says that recording a draft needs Python; the draft itself is kept.
    await page.locator('[data-testid=author-toggle]').check();
    expect(await page.locator('[data-testid=author-python]').textContent()).toMatch(
      /^Recording a draft needs Python, which could not load: /,
    );
    await page.locator('[data-testid=author-toggle]').uncheck();

    // In Chinese, the reason is worded in Chinese around the browser's own detail.
    await page.locator('[data-testid=lang-zh]').click();
    const missing = '/pyodide/ 下的 Pyodide 文件可能缺失';
    await expect.poll(() => page.locator(FAILED).textContent()).toContain(missing);
    expect(await note.textContent()).toContain(missing);
    expect(await page.locator(FAILED).textContent()).not.toContain('could not be loaded');
    // axe finds nothing with Python unavailable, nor with the reason shown in full
    await serveAxe(app.context);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('[data-testid=runtime-retry]').focus();
    expect(await axeViolations(page)).toEqual([]);
  });
});
