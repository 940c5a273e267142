/**
 * A student with only a keyboard (from a keyboard-only review): a way out of the editable
 * editor, the focus kept where the reader is after Remove, Embed and "Answer and replay",
 * the caret on the paused line for F9, in-page links that do not reload, and a scenario
 * header that does not end the replay.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  panel,
  readyWithoutPython,
  runtimeLine,
  setBreakpoints,
  status,
  waitState,
} from './panel-helpers';

const focusIn = (page: Page, selector: string) =>
  page.evaluate(
    (sel) => document.querySelector(sel)?.contains(document.activeElement) ?? false,
    selector,
  );

describe('the keyboard alone', { timeout: 300_000 }, () => {
  let app: AppSession | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A fresh page with a breakpoint on run_hooks' callback line, not run yet. */
  async function callbackBreakpoint(height = 1000) {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    await readyWithoutPython(page, p);
    const line = runtimeLine('answer = callback(');
    await setBreakpoints(p, [line]);
    return { page, p, line };
  }

  /** The same, paused there by Debug. */
  async function pausedAtCallback() {
    const at = await callbackBreakpoint();
    await at.p.locator('[data-testid=debug]').click();
    await waitState(at.p, 'paused', at.line);
    return at;
  }

  it('leaves the editable "my scenario" editor with Escape then Tab, without typing into it', async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 1000 },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    await waitState(p, 'ready');
    await p.locator('[data-testid=my-scenario-start]').click();
    const editor = '[data-function=run_hooks] [data-testid=my-scenario-editor]';
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.contains(document.activeElement),
      editor,
    );
    const text = () => p.locator('[data-testid=my-scenario-editor] .view-lines').textContent();
    const before = await text();
    // Tab alone indents: the focus stays, and the text changes.
    await page.keyboard.press('Tab');
    expect(await focusIn(page, editor)).toBe(true);
    await expect.poll(text).not.toBe(before);
    await page.keyboard.press('Control+Z');
    await expect.poll(text).toBe(before);
    // Escape, then Tab: the focus moves on, and nothing is typed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusIn(page, editor)).toBe(false);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    expect(await text()).toBe(before);
    // Back in, Tab indents again.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusIn(page, editor)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusIn(page, editor)).toBe(true);
    // The way out is written next to the editor and in the shortcuts.
    expect(await p.locator('[data-testid=my-scenario] .hint').textContent()).toContain(
      'Esc, then Tab',
    );
    expect(await page.locator('[data-testid=shortcuts-tab-out]').textContent()).toContain(
      'Esc, then Tab',
    );
  });

  it('keeps the focus in the breakpoint list after Remove, and on Embed after closing its box', async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 1000 },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    await readyWithoutPython(page, p);
    const lines = [runtimeLine('answer = callback('), runtimeLine('warnings = []')];
    await setBreakpoints(p, lines);
    const removes = p.locator('[data-testid=bp-remove]');
    await removes.first().focus();
    await page.keyboard.press('Enter');
    // the other row's Remove has the focus
    await expect.poll(() => removes.count()).toBe(1);
    expect(await removes.first().evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => removes.count()).toBe(0);
    expect(
      await p
        .locator('[data-testid=breakpoint-list] summary')
        .evaluate((s) => s === document.activeElement),
    ).toBe(true);

    const open = p.locator('[data-testid=embed-open]');
    await open.focus();
    await page.keyboard.press('Enter');
    await p.locator('[data-testid=embed-box]').waitFor();
    await p.locator('[data-testid=embed-snippet]').focus();
    await page.keyboard.press('Escape');
    await p.locator('[data-testid=embed-box]').waitFor({ state: 'detached' });
    expect(await open.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await p.locator('[data-testid=embed-close]').focus();
    await page.keyboard.press('Enter');
    await p.locator('[data-testid=embed-box]').waitFor({ state: 'detached' });
    expect(await open.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('puts the caret on the paused line, so F9 in the code toggles that line', async () => {
    const { page, p, line } = await pausedAtCallback();
    await p.locator('[data-testid=step-over]').click();
    await waitState(p, 'paused', line + 1);
    await p.locator('.code-col [data-testid=code-monaco] .native-edit-context').focus();
    // the box shows the focus, like other controls
    expect(
      await p
        .locator('.code-col [data-testid=code-monaco]')
        .evaluate((e) => getComputedStyle(e).outlineStyle),
    ).toBe('solid');
    await page.keyboard.press('F9');
    await expect.poll(() => p.getAttribute('data-breakpoints')).toBe([line, line + 1].join(','));
    // the code's name says which file it shows
    expect(
      await p
        .locator('.code-col [data-testid=code-monaco] .native-edit-context')
        .getAttribute('aria-label'),
    ).toContain('runtime.py');
  });

  it('shows the line a key stopped on when the key was pressed far below the code', async () => {
    const { page, p, line } = await callbackBreakpoint(700);
    // the condition field at the top of the window: the code is above, out of sight
    const condition = p.locator('[data-testid=bp-condition]').first();
    await condition.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await condition.focus();
    await page.keyboard.press('F5');
    await waitState(p, 'paused', line);
    const inSight = () =>
      p
        .locator('.code-col .runs-next-line')
        .first()
        .evaluate((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        });
    await expect.poll(inSight).toBe(true);
    // the keyboard stays where the reader typed
    expect(await condition.evaluate((e) => e === document.activeElement)).toBe(true);
  });

  it('names the breakpoint fields by their line, the code by the file it shows, and marks the current note', async () => {
    const { page, p, line } = await pausedAtCallback();
    const where = `runtime.py:${line}`;
    for (const field of ['bp-condition', 'bp-hitcount', 'bp-log']) {
      expect(
        await p.locator(`[data-testid=${field}]`).first().getAttribute('aria-label'),
      ).toContain(where);
    }
    expect(await p.locator('[data-testid=step-note][aria-current=step]').count()).toBe(1);
    const code = p.locator('.code-col [data-testid=code-monaco] .native-edit-context');
    expect(await code.getAttribute('aria-label')).toContain('runtime.py');
    expect(await code.getAttribute('aria-roledescription')).toBe('editor');
    // into the callback, defined in the setup script: the code's name follows
    await p.locator('[data-testid=step-into]').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-function=run_hooks] .code-col')?.getAttribute('data-file') ===
        'setup.py',
    );
    await expect.poll(() => code.getAttribute('aria-label')).toContain('setup.py');
    expect(await code.getAttribute('aria-label')).not.toContain('runtime.py');
  });

  it("calls the code box an editor in a Chinese page's words", async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=zh',
      viewport: { width: 1400, height: 900 },
    });
    const p = panel(app.page, 'run_hooks');
    await readyWithoutPython(app.page, p);
    const code = p.locator('.code-col [data-testid=code-monaco] .native-edit-context');
    expect(await code.getAttribute('aria-roledescription')).toBe('编辑器');
  });

  it('moves the focus to the code after "Answer and replay" scrolled it into view', async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 700 },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    await readyWithoutPython(page, p);
    const hits = p.locator('[data-testid=prediction][data-prediction=block_callbacks]');
    await hits.locator('[data-testid=predict-input]').fill('1');
    await hits.locator('[data-testid=predict-check]').focus();
    await page.keyboard.press('Enter');
    await waitState(p, 'paused');
    await expect
      .poll(() => focusIn(page, '[data-function=run_hooks] .code-col .monaco-editor'))
      .toBe(true);
  });

  it('keeps the focus in the code when Monaco replaces the plain listing that held it', async () => {
    // Monaco's script held back until the focus is in the plain listing.
    let release: () => void = () => {};
    let requested = false;
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 700 },
      beforeNavigate: async (context) => {
        const held = new Promise<void>((r) => {
          release = r;
        });
        await context.route(/\/assets\/monaco-[\w-]+\.js$/, async (route) => {
          requested = true;
          await held;
          await route.continue();
        });
      },
    });
    const { page } = app;
    const p = panel(page, 'run_hooks');
    // Monaco is asked for once Python has settled (here: failed, as it is refused)
    await page.locator('[data-testid=runtime][data-state=failed]').waitFor({ timeout: 60_000 });
    await expect.poll(() => requested).toBe(true);
    const hits = p.locator('[data-testid=prediction][data-prediction=block_callbacks]');
    await hits.locator('[data-testid=predict-input]').fill('1');
    await hits.locator('[data-testid=predict-check]').focus();
    await page.keyboard.press('Enter');
    await waitState(p, 'paused');
    const code = '[data-function=run_hooks] .code-col';
    await expect.poll(() => focusIn(page, `${code} [data-testid=code-plain]`)).toBe(true);
    release();
    await p.locator('.code-col .monaco-editor').waitFor();
    await expect.poll(() => focusIn(page, `${code} .monaco-editor`)).toBe(true);
  });

  it('follows a lesson index link to a panel of the page without reloading it', async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 1000 },
    });
    const { page } = app;
    await waitState(panel(page, 'run_hooks'), 'ready');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const link = page.locator('[data-testid=lesson-index] a', { hasText: 'execute_hooked' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'panel-execute_hooked');
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });

  it('takes the focus to a panel that has not mounted yet when its index link is followed', async () => {
    // The panels below the first mount when the page is idle: here, never.
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 1000 },
      beforeNavigate: async (context) => {
        await context.addInitScript(() => {
          window.requestIdleCallback = () => 0;
        });
      },
    });
    const { page } = app;
    await waitState(panel(page, 'run_hooks'), 'ready');
    expect(await page.locator('#panel-execute_hooked[data-testid=panel-pending]').count()).toBe(1);
    const link = page.locator('[data-testid=lesson-index] a', { hasText: 'execute_hooked' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'panel-execute_hooked');
  });

  it('keeps every line of the shortcuts inside their box, on a desktop and on a phone', async () => {
    for (const [lang, width, height] of [
      ['en', 1400, 900],
      ['zh', 390, 844],
    ] as const) {
      await app?.close();
      app = await openApp({
        python: 'refused',
        path: `/?lang=${lang}`,
        viewport: { width, height },
      });
      const { page } = app;
      await page.locator('.shortcuts > summary').click();
      const body = page.locator('.shortcuts-body');
      await body.waitFor();
      const out = await body.evaluate((box) => {
        const edge = box.getBoundingClientRect();
        return Array.from(box.querySelectorAll('td, th, p'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.right > edge.right + 0.5 || r.right > window.innerWidth;
          })
          .map((el) => el.textContent);
      });
      expect(out, `${lang} at ${width} px`).toEqual([]);
    }
  });

  // With Python refused, the top bar holds the long reason why it could not start.
  it('brings a control the focus reaches under the sticky top bar into view', async () => {
    app = await openApp({
      python: 'refused',
      path: '/?lang=en',
      viewport: { width: 1400, height: 900 },
    });
    const { page } = app;
    await readyWithoutPython(page, panel(page, 'run_hooks'));
    const select = panel(page, 'execute_hooked').locator('[data-testid=scenario]');
    const underTheBar = () =>
      select.evaluate((e) => scrollBy(0, e.getBoundingClientRect().top - 20));
    await select.focus();
    // in view, the panel fetches its trace; then its toolbar's buttons (the Tab order) are final
    await waitState(panel(page, 'execute_hooked'), 'ready');
    await page.keyboard.press('Tab');
    await underTheBar();
    await page.keyboard.press('Shift+Tab');
    expect(await select.evaluate((e) => e === document.activeElement)).toBe(true);
    const barBottom = await page
      .locator('.topbar')
      .evaluate((e) => e.getBoundingClientRect().bottom);
    expect(await select.evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
      barBottom,
    );
    // On a wide screen the bar stays one line: the reason is cut, Retry stays in reach.
    const middle = (testid: string) =>
      page.locator(`[data-testid=${testid}]`).evaluate((e) => {
        const r = e.getBoundingClientRect();
        return Math.round((r.top + r.bottom) / 2);
      });
    expect(Math.abs((await middle('runtime-retry')) - (await middle('lang-en')))).toBeLessThan(6);
    // With the focus on Retry the reason wraps in full, and focused controls land below it.
    await page.locator('[data-testid=runtime-retry]').focus();
    const tall = await page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().height);
    expect(tall).toBeGreaterThan(barBottom);
    // The page follows the bar's height from a ResizeObserver: after layout, not at once.
    const padding = () =>
      page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      );
    await expect.poll(padding).toBeGreaterThan(tall);
  });

  it("does not end the replay when the current scenario's column header is pressed", async () => {
    const { page, p } = await pausedAtCallback();
    const current = p.locator('[data-testid=compare] thead button[aria-current=true]');
    expect(await current.count()).toBe(1);
    await current.focus();
    await page.keyboard.press('Enter');
    // whatever the press did is drawn by the second frame after it
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect((await status(p)).state).toBe('paused');
  });

  it('makes the variables and the call stack one Tab stop each, walked with the arrows', async () => {
    const { page, p } = await pausedAtCallback();
    const vars = '[data-function=run_hooks] [data-testid=variables]';
    const stops = (sel: string) =>
      page.evaluate(
        (s) =>
          Array.from(document.querySelectorAll(`${s} button`)).map((b) =>
            b.getAttribute('tabindex'),
          ),
        sel,
      );
    /** Which of the list's buttons has the focus (-1: none). */
    const focused = () =>
      page.evaluate(
        (s) =>
          Array.from(document.querySelectorAll(`${s} button`)).indexOf(
            document.activeElement as Element,
          ),
        vars,
      );
    // One button of the list is in the Tab order, the first; every other one is not.
    const before = await stops(vars);
    expect(before.length).toBeGreaterThan(3);
    expect(before.filter((t) => t === '0')).toEqual(['0']);
    expect(before[0]).toBe('0');
    expect(before.slice(1).every((t) => t === '-1')).toBe(true);
    // The arrows move inside it.
    const first = p.locator('[data-testid=var-history-open]').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(1);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(0);
    await page.keyboard.press('End');
    expect(await focused()).toBe(before.length - 1);
    await page.keyboard.press('Home');
    expect(await focused()).toBe(0);
    // → opens a value; its own items join the list outside the Tab order.
    const owner = await page
      .locator(`${vars} .val-toggle[aria-expanded=false]`)
      .first()
      .evaluate((b) => b.closest('[data-testid=var]')?.getAttribute('data-name'));
    const row = page.locator(`${vars} [data-testid=var][data-name="${owner}"]`);
    const toggle = row.locator(':scope > .val-wrap > .val-toggle');
    // its name, then ↓: the expander next to it
    await row.locator('[data-testid=var-history-open]').focus();
    await page.keyboard.press('ArrowDown');
    expect(await toggle.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await stops(vars)).filter((t) => t !== '-1')).toEqual(['0']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    // Tab leaves the list at once, and Shift+Tab comes back to the item last used.
    await page.keyboard.press('Tab');
    expect(await focusIn(page, vars)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focusIn(page, vars)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe(
      'false',
    );
    // The call stack: its stop is the selected frame; ↓ moves, Enter selects.
    const frames = p.locator('[data-testid=frame]');
    expect(await frames.count()).toBeGreaterThan(1);
    const frameStops = await stops('[data-function=run_hooks] [data-testid=callstack]');
    const selected = await frames.evaluateAll((els) =>
      els.findIndex((e) => e.getAttribute('aria-pressed') === 'true'),
    );
    expect(frameStops.map((t, i) => (t === '0' ? i : -1)).filter((i) => i >= 0)).toEqual([
      selected,
    ]);
    await frames.nth(selected).focus();
    await page.keyboard.press(selected === 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        frames.evaluateAll((els) =>
          els.findIndex((e) => e.getAttribute('aria-pressed') === 'true'),
        ),
      )
      .toBe(selected === 0 ? 1 : selected - 1);
    // The shortcuts say so.
    expect(await page.locator('[data-testid=shortcuts-arrows]').textContent()).toContain(
      'one Tab stop',
    );
  });
});
