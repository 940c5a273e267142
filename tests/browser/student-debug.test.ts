/**
 * What a new student trips on (issue 14), in the DOM: breakpoints that say what they do,
 * Debug with no breakpoint, the keyboard, first contact, Go to step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './axe-helpers';
import { type AppSession, openApp } from './harness';
import { clickLine, linkedPanels, panel, runtimeLine, status, waitState } from './panel-helpers';

const CALLBACK = 'answer = callback(';

describe('breakpoints, Debug and the keyboard on the run_hooks panel', { timeout: 300_000 }, () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ path: '/?lang=en', viewport: { width: 1400, height: 1000 } });
    await settled(app.page, panel(app.page, 'run_hooks'));
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });
  const p = () => panel(app.page, 'run_hooks');
  const row = () => p().locator('[data-testid=breakpoint]').first();

  async function clearBreakpoints() {
    while ((await p().locator('[data-testid=bp-remove]').count()) > 0) {
      await p().locator('[data-testid=bp-remove]').first().click();
    }
  }

  it('Debug with no breakpoint stops at the first line of the function and says so', async () => {
    await clearBreakpoints();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
    const notice = p().locator('[data-testid=panel-notice]');
    expect(await notice.getAttribute('data-kind')).toBe('debugNoBreakpoint');
    expect(await notice.textContent()).toContain('run_hooks');
    // the current line is inside run_hooks, and marked on exactly one line of the code view
    // (Monaco may draw one decoration as more than one element: count distinct rows)
    const rows = await p()
      .locator('.runs-next-line')
      .evaluateAll(
        (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size,
      );
    expect(rows).toBe(1);
  });

  it('a breakpoint on a line with no code (a lone else:, a docstring) goes on the next line that has, and says so', async () => {
    await clearBreakpoints();
    const elseLine = runtimeLine('        else:');
    await clickLine(p(), elseLine);
    const notice = p().locator('[data-testid=panel-notice]');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('breakpointMoved');
    expect(await notice.textContent()).toContain(
      `Line ${elseLine} has no code to stop at: the breakpoint is on line ${elseLine + 1}, the next that has.`,
    );
    expect(await row().getAttribute('data-line')).toBe(String(elseLine + 1));
    // the docstring line: onto the function's first statement
    const doc = runtimeLine('"""Run one chain of callbacks');
    await clickLine(p(), doc);
    await p()
      .locator(`[data-testid=breakpoint][data-line="${runtimeLine('if event not in (')}"]`)
      .waitFor();
    await clearBreakpoints();
  });

  it('while paused, Debug reads "Debug from start" and F5 belongs to Continue only', async () => {
    const debug = p().locator('[data-testid=debug]');
    expect(await debug.textContent()).toBe('Debug from start');
    expect(await debug.getAttribute('aria-keyshortcuts')).toBe('D');
    expect(await p().locator('[data-testid=continue]').getAttribute('aria-keyshortcuts')).toBe(
      'F5 C',
    );
    expect(await p().locator('[data-testid=step-over]').getAttribute('aria-keyshortcuts')).toBe(
      'F10 N',
    );
  });

  it('a condition that does not compile shows its error on the row and the gutter and never stops', async () => {
    await clearBreakpoints();
    const line = runtimeLine(CALLBACK);
    await clickLine(p(), line);
    // The click set a breakpoint; it did not also select the line's text.
    expect(await p().locator('.code-col .selected-text').count()).toBe(0);
    // Its three boxes stand in one line (the log message's hint below its box does not
    // lift that column above the other two).
    const tops = await Promise.all(
      ['bp-condition', 'bp-hitcount', 'bp-log'].map((id) =>
        row()
          .locator(`[data-testid=${id}]`)
          .evaluate((e) => Math.round(e.getBoundingClientRect().top)),
      ),
    );
    expect(new Set(tops).size).toBe(1);
    await row().locator('[data-testid=bp-condition]').fill('callback.__nam ==');
    await row().locator('[data-testid=bp-condition]').press('Enter');
    const error = row().locator('[data-testid=bp-error]');
    await error.waitFor({ timeout: 60_000 });
    expect(
      await row()
        .locator('[data-testid=bp-condition]')
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);
    expect(await error.textContent()).toContain('SyntaxError');
    expect(await row().locator('[data-testid=bp-condition]').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await p().locator('.bp-glyph.bpg-error').waitFor();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'finished');
    // fixed: it stops again
    await row().locator('[data-testid=bp-condition]').fill('nosuchname > 1');
    await row().locator('[data-testid=bp-condition]').press('Enter');
    await app.page.waitForFunction(
      () =>
        document
          .querySelector('[data-function=run_hooks] [data-testid=bp-error]')
          ?.textContent?.includes('NameError') === true,
      null,
      { timeout: 60_000 },
    );
    await row().locator('[data-testid=bp-condition]').fill('True');
    await row().locator('[data-testid=bp-condition]').press('Enter');
    await row().locator('[data-testid=bp-error]').waitFor({ state: 'detached', timeout: 60_000 });
    // The gutter is the editor's decoration, drawn on the editor's next frame: it follows.
    await p().locator('.bp-glyph.bpg-error').waitFor({ state: 'detached' });
    expect(await p().locator('.bp-glyph').count()).toBe(1);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    expect(await row().locator('[data-testid=bp-hits]').textContent()).toMatch(
      /stops 2× of the 2× the line ran/,
    );
  });

  it('a logpoint whose message fails shows the error as such, never as program output', async () => {
    await clearBreakpoints();
    const line = runtimeLine(CALLBACK);
    await clickLine(p(), line);
    const log = row().locator('[data-testid=bp-log]');
    expect(await log.getAttribute('placeholder')).toContain('{');
    expect(await row().locator('.bp-hint').textContent()).toContain('{callback.__name__}');
    await log.fill('hook {nosuchname}');
    await log.press('Enter');
    await row().locator('[data-testid=bp-error]').waitFor({ timeout: 60_000 });
    // Enter applies the message and leaves the keyboard where it was.
    expect(await log.evaluate((e) => e === document.activeElement)).toBe(true);
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'finished');
    const errors = p().locator('[data-testid=logpoint-error]');
    expect(await errors.count()).toBe(2);
    expect(await errors.first().textContent()).toMatch(/^logpoint error: NameError/);
    expect(await p().locator('[data-testid=logpoint]').count()).toBe(0);
    // the only breakpoint is a logpoint: the table still shows, counting the line's runs
    const cells = p().locator('[data-testid=compare-cell]');
    expect(await cells.count()).toBeGreaterThan(1);
    // Both runs of the line failed the message: nothing was logged, and the count says so.
    expect(await row().locator('[data-testid=bp-hits]').textContent()).toBe(
      'logged 0× (the line ran 2×)',
    );
    // With a condition that holds beside it, the row still blames the message, not it.
    await row().locator('[data-testid=bp-condition]').fill('True');
    await row().locator('[data-testid=bp-condition]').press('Enter');
    await expect
      .poll(() => row().locator('[data-testid=bp-error]').textContent(), { timeout: 60_000 })
      .toMatch(/^The log message failed \(2×\)\. The first error: NameError/);
    expect(await row().locator('[data-testid=bp-log]').getAttribute('aria-invalid')).toBe('true');
    expect(
      await row().locator('[data-testid=bp-condition]').getAttribute('aria-invalid'),
    ).toBeNull();
    // A hit count below 1 means none: the field shows what the breakpoint uses, not "0".
    const hitCount = row().locator('[data-testid=bp-hitcount]');
    await hitCount.fill('0');
    await hitCount.press('Enter');
    expect(await hitCount.inputValue()).toBe('');
  });

  it('no placeholder of the breakpoint row is cut off', async () => {
    const cut = await row()
      .locator('input')
      .evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLInputElement).placeholder)
          .filter((e) => {
            const input = e as HTMLInputElement;
            const probe = document.createElement('span');
            probe.style.font = getComputedStyle(input).font;
            probe.style.position = 'absolute';
            probe.style.whiteSpace = 'pre';
            probe.textContent = input.placeholder;
            document.body.append(probe);
            const w = probe.getBoundingClientRect().width;
            probe.remove();
            return w > input.clientWidth;
          })
          .map((e) => (e as HTMLInputElement).placeholder),
      );
    expect(cut).toEqual([]);
  });

  it('Go to step out of range says so', async () => {
    await clearBreakpoints();
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'finished');
    // the field at the very bottom of the window: the reason under it is scrolled into view
    await p()
      .locator('[data-testid=jump-input]')
      .evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await p().locator('[data-testid=jump-input]').fill('999999');
    await p().locator('[data-testid=jump-input]').press('Enter');
    // said under the field, which says it is invalid and points to the reason
    const error = p().locator('[data-testid=jump-error]');
    await error.waitFor();
    await expect
      .poll(() => error.evaluate((e) => e.getBoundingClientRect().bottom <= window.innerHeight + 1)) // subpixel
      .toBe(true);
    expect(await error.textContent()).toMatch(/no step 999,999/);
    const input = p().locator('[data-testid=jump-input]');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    expect(await p().locator('[data-testid=panel-notice]').count()).toBe(0);
    // a step number with a fraction gets the same answer (not the browser's silent refusal)
    await input.fill('1.5');
    await input.press('Enter');
    await expect.poll(() => error.textContent()).toMatch(/no step 1\.5/);
    await input.fill('2');
    await input.press('Enter');
    await waitState(p(), 'paused');
    expect((await status(p())).step).toBe(1);
    expect(await error.count()).toBe(0);
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    // Step 2 is in the scenario's setup, before the function is called: the count and the
    // slider say so, and the bar shades that stretch.
    const count = p().locator('[data-testid=timeline-count]');
    expect(await count.textContent()).toMatch(/^2 \/ \d+ · setup$/);
    const slider = p().locator('[data-testid=timeline-slider]');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^2 \/ \d+ · setup$/);
    expect(await p().locator('[data-testid=timeline-setup]').count()).toBe(1);
    await p().locator('[data-testid=debug]').click();
    await expect.poll(() => count.textContent()).not.toContain('setup');
  });

  it('moves focus to a live button when Continue becomes disabled at the end', async () => {
    await clearBreakpoints();
    // from the end of a run, the code view shows the panel's source (not a callee's file)
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'finished');
    const line = runtimeLine(CALLBACK);
    await clickLine(p(), line);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const first = (await status(p())).step;
    const cont = p().locator('[data-testid=continue]');
    await cont.focus();
    // the callback line runs twice under pass: Continue stops at the second call, then ends
    await app.page.keyboard.press('Enter');
    await app.page.waitForFunction(
      (b) =>
        Number(
          document
            .querySelector('[data-function=run_hooks] [data-testid=status]')
            ?.getAttribute('data-step'),
        ) > b,
      first,
    );
    await cont.focus();
    await app.page.keyboard.press('Enter');
    await waitState(p(), 'finished');
    expect(await cont.isDisabled()).toBe(true);
    const focused = await app.page.evaluate(() =>
      document.activeElement?.closest('[data-testid=panel]')
        ? (document.activeElement as HTMLElement).dataset.command
        : null,
    );
    expect(focused).toBe('debug');
    // and the keys still work: F5 debugs again from there
    await app.page.keyboard.press('F5');
    await waitState(p(), 'paused');
  });

  it('F-keys pressed on the prose go to the panel last used, and F5 never reloads', async () => {
    await app.page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    // this panel is the last one used: Debug pauses it (at the function's first line)
    await clearBreakpoints();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
    const before = (await status(p())).step;
    await app.page.locator('[data-testid=lesson] p').first().click();
    await app.page.keyboard.press('F10');
    await app.page.waitForFunction(
      (b) =>
        Number(
          document
            .querySelector('[data-function=run_hooks] [data-testid=status]')
            ?.getAttribute('data-step'),
        ) !== b,
      before,
    );
    await app.page.keyboard.press('F5');
    await app.page.keyboard.press('N');
    expect(await app.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
      1,
    );
  });

  it('a shared link restores every changed panel and the selected frame, and lands on screen', async () => {
    await clearBreakpoints();
    await clickLine(p(), runtimeLine(CALLBACK));
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
    await p().locator('[data-testid=step-into]').click();
    await p().locator('[data-testid=step-into]').click();
    const at = await status(p());
    const frames = p().locator('[data-testid=frame]');
    const depth = await frames.count();
    expect(depth).toBeGreaterThan(1);
    await frames.nth(1).click();
    const other = panel(app.page, 'execute_hooked');
    await other.locator('[data-testid=scenario]').selectOption({ index: 2 });
    const otherScenario = await other.locator('[data-testid=scenario]').inputValue();
    // the last panel used is run_hooks again (selecting a frame there: another one first,
    // since clicking the frame that is already selected changes nothing)
    await frames.nth(0).click();
    await frames.nth(1).click();
    await app.page.waitForFunction(
      () => new URL(location.href).searchParams.get('panel') === 'run_hooks',
    );
    // the address holds the selected frame (index 1) before the link is taken
    await expect.poll(() => linkedPanels(app.page)?.run_hooks?.f).toBe(1);
    const href = app.page.url();
    const page = await app.context.newPage();
    try {
      await page.goto(href);
      const q = panel(page, 'run_hooks');
      await q.locator(`[data-testid=status][data-state=paused][data-step="${at.step}"]`).waitFor({
        timeout: 300_000,
      });
      expect(await q.locator('[data-testid=frame]').nth(1).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(
        await panel(page, 'execute_hooked').locator('[data-testid=scenario]').inputValue(),
      ).toBe(otherScenario);
      // landed: the status bar below the sticky top bar, the current line on screen
      await page.waitForFunction(() => {
        const s = document.querySelector('[data-function=run_hooks] [data-testid=status]');
        const bar = document.querySelector('.topbar');
        const line = document.querySelector('[data-function=run_hooks] .runs-next-line');
        if (!s || !bar || !line) return false;
        const top = bar.getBoundingClientRect().bottom;
        const r = s.getBoundingClientRect();
        const l = line.getBoundingClientRect();
        return r.top >= top && r.bottom <= innerHeight && l.top >= top && l.bottom <= innerHeight;
      });
    } finally {
      await page.close();
    }
  });

  it("keeps the panel's buttons under the top bar while the panel scrolls", async () => {
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
    // Read the breakpoint list, far below the buttons: Continue is still in reach.
    await p()
      .locator('[data-testid=breakpoint-list]')
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const bar = await p()
      .locator('[data-testid=toolbar]')
      .evaluate((e) => e.getBoundingClientRect().top);
    const top = await app.page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().bottom);
    // tucked 1 px under the bar's bottom edge: no sliver of the code scrolling past between
    expect(bar).toBeLessThanOrEqual(top);
    expect(bar).toBeGreaterThan(top - 2);
    // and nothing scrolling past shows through just under the buttons either: the space
    // below them belongs to the toolbar, not to its transparent margin
    const under = await p()
      .locator('[data-testid=toolbar]')
      .evaluate((toolbar) => {
        const buttons = [...toolbar.querySelectorAll('button')].map((b) =>
          b.getBoundingClientRect(),
        );
        const below = Math.max(...buttons.map((r) => r.bottom)) + 8;
        const hit = document.elementFromPoint(buttons[0].left + 5, below);
        return hit !== null && toolbar.contains(hit);
      });
    expect(under).toBe(true);
    const at = await p().locator('[data-testid=status]').getAttribute('data-step');
    await p().locator('[data-testid=step-over]').click();
    await expect
      .poll(() => p().locator('[data-testid=status]').getAttribute('data-step'))
      .not.toBe(at);
  });

  it('F9 on a toolbar button sets no breakpoint; in the editor it toggles the cursor line', async () => {
    await clearBreakpoints();
    await p().locator('[data-testid=step-over]').focus();
    await app.page.keyboard.press('F9');
    expect(await p().getAttribute('data-breakpoints')).toBe('');
    await p().locator('.monaco-editor .view-lines').click();
    await app.page.keyboard.press('F9');
    await app.page.waitForFunction(
      () =>
        document.querySelector('[data-function=run_hooks]')?.getAttribute('data-breakpoints') !==
        '',
    );
  });
});

describe('first contact', () => {
  let app: AppSession;
  // The first screen, the things to try and the picker: nothing here needs Python.
  beforeAll(async () => {
    app = await openApp({
      path: '/?lang=zh',
      viewport: { width: 1400, height: 1000 },
      python: 'refused',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says what to do on the first screen, and links and skips to the first panel', async () => {
    const start = app.page.locator('[data-testid=start-here]');
    await start.waitFor();
    const box = await start.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(1000);
    expect(await start.textContent()).toMatch(/断点/);
    expect(await start.textContent()).toMatch(/调试/);
    await app.page.keyboard.press('Tab');
    const skip = app.page.locator('[data-testid=skip-link]');
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    const first = app.page.locator('.panel-anchor').first();
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("puts each panel's things to try above its picker, naming scenarios by the picker's labels", async () => {
    const p = panel(app.page, 'run_hooks');
    const tries = p.locator('[data-testid=tries]');
    await tries.waitFor();
    expect(await tries.getAttribute('open')).not.toBeNull();
    const triesBox = await tries.boundingBox();
    const pickerBox = await p.locator('[data-testid=scenario]').boundingBox();
    expect(triesBox && pickerBox && triesBox.y + triesBox.height).toBeLessThanOrEqual(
      pickerBox?.y ?? 0,
    );
    // every scenario named in them reads exactly as the picker's option for it
    const named = await tries
      .locator('[data-scenario]')
      .evaluateAll((els) =>
        els.map((e) => [(e as HTMLElement).dataset.scenario ?? '', e.textContent ?? '']),
      );
    expect(named.length).toBeGreaterThan(5);
    const options = Object.fromEntries(
      await p
        .locator('[data-testid=scenario] option')
        .evaluateAll((els) =>
          els.map((e) => [(e as HTMLOptionElement).value, e.textContent ?? '']),
        ),
    );
    for (const [id, text] of named) expect(text).toBe(options[id]);
    expect(await tries.textContent()).not.toMatch(/\[\[/);
    // a click on one switches the panel to it, and marks it as the current one
    const target = named.find(([id]) => id !== 'pass')?.[0] ?? '';
    await tries.locator(`[data-scenario=${target}]`).first().click();
    await expect.poll(() => p.locator('[data-testid=scenario]').inputValue()).toBe(target);
    expect(
      await tries.locator(`[data-scenario=${target}]`).first().getAttribute('aria-current'),
    ).toBe('true');
    // The button clicked is still there, and still holds the keyboard focus.
    expect(
      await tries
        .locator(`[data-scenario=${target}]`)
        .first()
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);
    expect(await tries.locator('[aria-current]').count()).toBe(
      await tries.locator(`[data-scenario=${target}]`).count(),
    );
    // Run to the end, then click the current scenario's button: the replay stays there.
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'finished');
    const finished = await status(p);
    const count = await p.locator('.timeline-count').textContent();
    await tries.locator(`[data-scenario=${target}]`).first().click();
    await app.page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(await status(p)).toEqual(finished);
    expect(await p.locator('.timeline-count').textContent()).toBe(count);
  });

  it('shows the scenario description under the picker, and the shortcuts say where keys work', async () => {
    const p = panel(app.page, 'run_hooks');
    const desc = p.locator('[data-testid=scenario-description]');
    await desc.waitFor();
    expect((await desc.textContent())?.length).toBeGreaterThan(4);
    // start from a known scenario (an earlier test may have switched it), then change it
    await p.locator('[data-testid=scenario]').selectOption('pass');
    await expect.poll(() => desc.textContent()).toBeTruthy();
    const before = await desc.textContent();
    await p.locator('[data-testid=scenario]').selectOption('block');
    await app.page.waitForFunction(
      (b) =>
        document.querySelector('[data-function=run_hooks] [data-testid=scenario-description]')
          ?.textContent !== b,
      before,
    );
    const bar = app.page.locator('header.topbar');
    const barHeight = async () => (await bar.boundingBox())?.height ?? 0;
    const closedHeight = await barHeight();
    await app.page.locator('[data-testid=shortcuts] > summary').click();
    expect(await app.page.locator('[data-testid=shortcuts-where]').textContent()).toMatch(/面板/);
    expect(
      await app.page
        .locator('[data-testid=shortcuts] tr[data-command=stepOver] kbd')
        .allTextContents(),
    ).toEqual(['F10', 'N']);
    // The open box floats over the page: the sticky top bar keeps its height.
    expect(await barHeight()).toBe(closedHeight);
    // Escape closes it and gives the keyboard back to its summary.
    await app.page.keyboard.press('Escape');
    expect(await app.page.locator('[data-testid=shortcuts]').getAttribute('open')).toBeNull();
    expect(
      await app.page
        .locator('[data-testid=shortcuts] > summary')
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);
    // Like a popup: a click outside closes it, and so does Escape pressed elsewhere.
    const box = app.page.locator('[data-testid=shortcuts]');
    await app.page.locator('[data-testid=shortcuts] > summary').click();
    expect(await box.getAttribute('open')).not.toBeNull();
    await p.locator('[data-testid=scenario-description]').click();
    await expect.poll(() => box.getAttribute('open')).toBeNull();
    await app.page.locator('[data-testid=shortcuts] > summary').click();
    await p.locator('[data-testid=scenario]').focus();
    await app.page.keyboard.press('Escape');
    await expect.poll(() => box.getAttribute('open')).toBeNull();
  });
});
