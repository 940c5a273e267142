/**
 * Instructor features in the built app (issue 16.1, 16.5, 16.7): a prediction answered,
 * then replayed to where its answer comes from; the Embed action's snippet carries the
 * current scenario and breakpoints; author mode opens a new scenario's script, labels its
 * fields in both languages, drops the read-only note, and stays off in a new tab.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePanelState } from '../../src/store/share';
import { type AppSession, openApp } from './harness.ts';
import { clickLine, panel, runtimeLine, waitState } from './panel-helpers.ts';

/** Slow pages on a loaded 2-core machine: every wait of these tests gets this long. */
const WAIT_MS = 200_000;

/** Python ready and the panel's editor on screen, waiting as long as a loaded machine needs. */
async function ready(page: Page, p: Locator): Promise<void> {
  await page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: WAIT_MS });
  await p.locator('.margin-view-overlays .line-numbers').first().waitFor({ timeout: WAIT_MS });
}

describe('instructor features', () => {
  let app: AppSession | undefined;
  const open = async (path: string) => {
    const session = await openApp({ path });
    session.page.setDefaultTimeout(WAIT_MS);
    return session;
  };
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers a prediction, then replays to where the answer comes from', async () => {
    app = await open('/?lesson=s04-hooks&lang=en');
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    const hits = p.locator('[data-testid=prediction][data-prediction=block_callbacks]');
    // the question names its scenario by the picker's label and shows its code as code
    const question = hits.locator('.predict-question');
    const label = await p.locator('[data-testid=scenario] option[value=block]').textContent();
    expect(await question.locator('.predict-scenario-name').first().textContent()).toBe(label);
    expect(await question.locator('code').first().textContent()).toBe('answer = callback(...)');
    expect(await question.textContent()).not.toMatch(/\[\[|`/);
    await hits.locator('[data-testid=predict-input]').fill('1');
    await hits.locator('[data-testid=predict-check]').click();
    const verdict = hits.locator('[data-testid=predict-verdict]');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe('true');
    // The panel switched to the question's scenario and stands on the line asked about.
    expect(await p.locator('[data-testid=scenario]').inputValue()).toBe('block');
    await waitState(p, 'paused', runtimeLine('answer = callback('));
    // The code, below the questions, is brought into view: the replay is seen.
    const codeInView = () =>
      p.locator('.code-col').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0;
      });
    await expect.poll(codeInView).toBe(true);

    const reached = p.locator('[data-testid=prediction][data-prediction=pre_error_warning]');
    // Nothing is chosen for the reader, and there is nothing to check until they choose.
    expect(await reached.locator('input[type=radio]:checked').count()).toBe(0);
    expect(await reached.locator('[data-testid=predict-check]').isDisabled()).toBe(true);
    await reached.locator('[data-testid=predict-yes]').check();
    await reached.locator('[data-testid=predict-check]').click();
    const wrong = reached.locator('[data-testid=predict-verdict]');
    await wrong.waitFor();
    expect(await wrong.getAttribute('data-correct')).toBe('false');
    await expect(wrong.locator('[data-testid=predict-answer]').textContent()).resolves.toBe(
      'The line is never reached.',
    );
    // No step shows a line that never runs: the panel replays the whole run instead.
    expect(await p.locator('[data-testid=scenario]').inputValue()).toBe('pre_error');
    await waitState(p, 'finished');
    await expect.poll(codeInView).toBe(true);

    // Later the reader debugs another scenario and gives a breakpoint a condition: the
    // runs are recorded again with it, and no answer replays itself over the reader's
    // place (it used to jump to the first answer's step, "Correct." above the code).
    await p.locator('[data-testid=scenario]').selectOption('pass');
    const line = runtimeLine('answer = callback(');
    await clickLine(p, line);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const at = await p.locator('[data-testid=status]').getAttribute('data-step');
    const row = p.locator('[data-testid=breakpoint]').first();
    await row.locator('[data-testid=bp-condition]').fill('event == "before"');
    await row.locator('[data-testid=bp-condition]').press('Enter');
    // every scenario's run with the condition is in (post_error runs the after chain: 0 hits)
    await expect
      .poll(() =>
        p
          .locator(`[data-testid=compare-cell][data-line="${line}"][data-scenario=post_error]`)
          .getAttribute('data-hits'),
      )
      .toBe('0');
    await expect
      .poll(() =>
        p
          .locator('[data-testid=compare-cell]')
          .evaluateAll((cells) => cells.filter((c) => c.textContent === '…').length),
      )
      .toBe(0);
    expect(await p.locator('[data-testid=scenario]').inputValue()).toBe('pass');
    await waitState(p, 'paused', line);
    expect(await p.locator('[data-testid=status]').getAttribute('data-step')).toBe(at);
    expect(await p.locator('[data-testid=panel-notice][data-kind=predicted]').count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  }, 420_000);

  it('on a phone, says right or wrong next to the code the answer scrolled to', async () => {
    app = await openApp({
      path: '/?lesson=s04-hooks&lang=zh',
      viewport: { width: 390, height: 844 },
    });
    app.page.setDefaultTimeout(WAIT_MS);
    const p = panel(app.page, 'run_hooks');
    const hits = p.locator('[data-testid=prediction][data-prediction=block_callbacks]');
    await hits.locator('[data-testid=predict-input]').fill('1');
    await hits.locator('[data-testid=predict-check]').click();
    await waitState(p, 'paused', runtimeLine('answer = callback('));
    // The verdict under the question is a screen above the code: the notice over the code
    // says it too, in view below the sticky toolbar, with the current line.
    const notice = p.locator('[data-testid=panel-notice][data-kind=predicted]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^答对了。/);
    const place = () =>
      p.evaluate((panelEl) => {
        const box = (sel: string) => panelEl.querySelector(sel)?.getBoundingClientRect() ?? null;
        const bar = box('.toolbar');
        const note = box('[data-testid=panel-notice]');
        const line = box('.code-col .runs-next-line, .code-col .plain-line.is-current');
        return (
          !!bar &&
          !!note &&
          !!line &&
          note.top >= bar.bottom - 1 &&
          line.bottom <= window.innerHeight &&
          line.top >= note.bottom
        );
      });
    await expect.poll(place).toBe(true);
  }, 420_000);

  it('gives an embed snippet with the current scenario and breakpoints', async () => {
    app = await open('/?lesson=s04-hooks&lang=en');
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    const line = runtimeLine('answer = callback(');
    await clickLine(p, line);
    await p.locator('[data-testid=scenario]').selectOption('pre_error');
    await p.locator('[data-testid=embed-open]').click();
    const html = await p.locator('[data-testid=embed-snippet]').inputValue();
    const src = /<iframe src="([^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&');
    const url = new URL(src ?? '');
    expect(url.origin).toBe(app.baseUrl);
    expect(url.pathname).toBe('/embed');
    expect(url.searchParams.get('panel')).toBe('run_hooks');
    const state = decodePanelState(url.searchParams.get('s'));
    expect(state.scenario).toBe('pre_error');
    expect(state.breakpoints?.map((b) => b.line)).toEqual([line]);
    expect(html).toContain(`<script src="${app.baseUrl}/embed-host.js" async></script>`);
    // Compact is kept when the box is closed and opened again, as the rest of the panel is.
    const viewOf = async () => {
      const text = await p.locator('[data-testid=embed-snippet]').inputValue();
      const at = /<iframe src="([^"]+)"/.exec(text)?.[1].replace(/&amp;/g, '&');
      return new URL(at ?? '').searchParams.get('view');
    };
    expect(await viewOf()).toBe(null);
    await p.locator('[data-testid=embed-compact]').check();
    expect(await viewOf()).toBe('compact');
    await p.locator('[data-testid=embed-close]').click();
    await p.locator('[data-testid=embed-box]').waitFor({ state: 'detached' });
    await p.locator('[data-testid=embed-open]').click();
    expect(await p.locator('[data-testid=embed-compact]').isChecked()).toBe(true);
    expect(await viewOf()).toBe('compact');
  }, 420_000);

  it('author mode: a new scenario opens its script, with labelled texts in both languages', async () => {
    app = await open('/?lesson=s04-hooks&lang=en&author=1');
    const p = panel(app.page, 'run_hooks');
    await p.locator('[data-testid=panel-author]').waitFor();
    expect(await p.locator('.panel-note').count()).toBe(0);
    await p.locator('[data-testid=scenario-id]').fill('my_case');
    await p.locator('[data-testid=scenario-add]').click();
    await p.locator('[data-testid=author-editor][data-file="scenarios/my_case.py"]').waitFor();
    for (const name of ['label (zh)', 'label (en)', 'description (zh)', 'description (en)'])
      await expect(p.getByLabel(name, { exact: true }).count()).resolves.toBe(1);

    // A new tab of the same browser opens in reading mode unless its address asks.
    const tab = await app.context.newPage();
    await tab.goto(`${app.baseUrl}/?lesson=s04-hooks&lang=en`);
    await tab.locator('[data-testid=author-toggle]').waitFor();
    expect(await tab.locator('[data-testid=author-toggle]').isChecked()).toBe(false);
    expect(await tab.locator('[data-testid=panel-author]').count()).toBe(0);
    await tab.close();
  }, 420_000);
});
