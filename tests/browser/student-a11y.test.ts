/**
 * Accessibility and phones (issue 14): axe-core finds no violation, whatever its impact, on
 * the flagship lesson in zh and en, at desktop and phone sizes, before a run, paused and
 * in author mode; on a 390×844 phone the paused view shows the current line and the
 * variables together, with a compact sticky toolbar and 44 px touch targets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, serveAxe, settled } from './axe-helpers';
import { type AppSession, openApp } from './harness';
import {
  clickLine,
  panel,
  readyWithoutPython,
  runtimeLine,
  setBreakpoints,
  waitState,
} from './panel-helpers';

const DESKTOP = { width: 1400, height: 1000 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SHOTS_DIR;

let app: AppSession | undefined;
afterAll(async () => {
  await app?.close();
});

/** The page, once the panel shows Monaco: with Python (author mode needs it), or refused. */
async function open(
  lang: 'zh' | 'en',
  viewport: { width: number; height: number },
  python: 'load' | 'refused' = 'load',
) {
  await app?.close();
  app = await openApp({ path: `/?lang=${lang}`, viewport, python });
  await serveAxe(app.context);
  if (python === 'load') await settled(app.page, panel(app.page, 'run_hooks'));
  else await readyWithoutPython(app.page, panel(app.page, 'run_hooks'));
  return app;
}

async function pause(a: AppSession) {
  const p = panel(a.page, 'run_hooks');
  const line = runtimeLine('answer = callback(');
  await clickLine(p, line);
  await p.locator('[data-testid=debug]').click();
  await waitState(p, 'paused', line);
  return p;
}

async function shot(a: AppSession, name: string) {
  if (SHOTS) await a.page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** axe's findings, whatever their impact, labelled with where they were seen. */
async function check(a: AppSession, where: string) {
  return (await axeViolations(a.page)).map((v) => ({ where, ...v }));
}

describe('axe-core on the lesson page', { timeout: 600_000 }, () => {
  // One page (Python loads once); the language, viewport and state change in it.
  it('zh and en, desktop and phone, not run, paused, author mode', async () => {
    const a = await open('zh', DESKTOP);
    const found: Awaited<ReturnType<typeof check>> = [];
    for (const lang of ['zh', 'en'] as const) {
      await a.page.locator(`[data-testid=lang-${lang}]`).click();
      await a.page.locator(`html[lang=${lang === 'zh' ? 'zh-CN' : 'en'}]`).waitFor();
      const p = panel(a.page, 'run_hooks');
      await a.page.setViewportSize(DESKTOP);
      await p.locator('[data-testid=restart]').waitFor();
      await p.locator('[data-testid=breakpoint-list]').waitFor();
      found.push(...(await check(a, `${lang} desktop, before a run`)));
      await a.page.setViewportSize(PHONE);
      found.push(...(await check(a, `${lang} phone, before a run`)));
      await pause(a);
      await p.locator('[data-testid=toolbar]').evaluate((el) => el.scrollIntoView());
      await shot(a, `${lang}-phone-paused`);
      found.push(...(await check(a, `${lang} phone, paused`)));
      await a.page.setViewportSize(DESKTOP);
      await p.locator('[data-testid=status]').evaluate((el) => el.scrollIntoView());
      await shot(a, `${lang}-desktop-paused`);
      found.push(...(await check(a, `${lang} desktop, paused`)));
      // with a step that does not exist asked for, and the Embed box open
      await p.locator('[data-testid=jump-input]').fill('99999');
      await p.locator('[data-testid=jump-input]').press('Enter');
      await p.locator('[data-testid=jump-error]').waitFor();
      await p.locator('[data-testid=embed-open]').click();
      await p.locator('[data-testid=embed-box]').waitFor();
      found.push(...(await check(a, `${lang} desktop, paused, Go to step error, Embed open`)));
      await p.locator('[data-testid=embed-close]').click();
      await a.page.locator('[data-testid=author-toggle]').check();
      await a.page.locator('[data-testid=author-bar]').waitFor();
      found.push(...(await check(a, `${lang} desktop, author mode`)));
      await a.page.setViewportSize(PHONE);
      found.push(...(await check(a, `${lang} phone, author mode`)));
      await a.page.locator('[data-testid=author-toggle]').uncheck();
      // back to "not run" with no breakpoint for the next language
      while ((await p.locator('[data-testid=bp-remove]').count()) > 0) {
        await p.locator('[data-testid=bp-remove]').first().click();
      }
    }
    expect(found).toEqual([]);
  });
});

describe('a phone, 390×844', { timeout: 600_000 }, () => {
  // Its own page, opened on a phone: nothing carries over from the axe test's page.
  let phone: AppSession;
  // Everything here replays the shipped traces: no Python.
  beforeAll(async () => {
    phone = await open('en', PHONE, 'refused');
  }, 600_000);
  it('paused: the current line and the variables are on screen together, without scrolling', async () => {
    const a = phone;
    const p = panel(a.page, 'run_hooks');
    // The reader scrolls the panel's toolbar to the top and presses Debug.
    await p.locator('[data-testid=toolbar]').evaluate((el) => el.scrollIntoView());
    const line = runtimeLine('answer = callback(');
    await clickLine(p, line);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    await shot(a, 'en-phone-paused-toolbar-top');
    const inView = async (selector: string) =>
      p
        .locator(selector)
        .first()
        .evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
        });
    expect(await inView('.runs-next-line')).toBe(true);
    expect(await inView('[data-testid=var]')).toBe(true);
    expect(await inView('[data-testid=toolbar]')).toBe(true);
  });

  it('keeps the toolbar compact (two rows), every button in sight, and sticky inside the panel', async () => {
    const a = phone;
    const p = panel(a.page, 'run_hooks');
    const bar = p.locator('[data-testid=toolbar]');
    const box = await bar.boundingBox();
    expect(box?.height).toBeLessThan(140);
    // No command hides behind a sideways scroll: each button lies inside the screen.
    const outside = await bar.locator('button').evaluateAll((els) =>
      els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left < 0 || r.right > innerWidth;
        })
        .map((e) => e.textContent),
    );
    expect(outside).toEqual([]);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Paused, Debug reads "Debug from start" (three lines here): every button is as tall
    // as before the run, so the bar does not grow under the reader's finger.
    const heights = await bar
      .locator('button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    // Scroll into the middle of the panel: the toolbar stays at the top of the screen.
    await p.locator('[data-testid=breakpoint-list]').evaluate((el) => el.scrollIntoView());
    const top = await bar.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(60);
    // Nothing scrolling past shows through just under the buttons: that space is the bar's.
    const under = await bar.evaluate((el) => {
      const buttons = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      const hit = document.elementFromPoint(
        buttons[0].left + 5,
        Math.max(...buttons.map((r) => r.bottom)) + 6,
      );
      return hit !== null && el.contains(hit);
    });
    expect(under).toBe(true);
  });

  it('keeps the line and step in sight in the toolbar, and lets the variables grow with the page', async () => {
    const p = panel(phone.page, 'run_hooks');
    const line = runtimeLine('answer = callback(');
    await setBreakpoints(p, [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    // Read further down the panel: the badge scrolls away, the toolbar's copy stays.
    await p.locator('[data-testid=breakpoint-list]').evaluate((el) => el.scrollIntoView());
    const badge = p.locator('[data-testid=status]');
    expect(await badge.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0);
    const where = p.locator('[data-testid=toolbar-where]');
    const step = Number(await badge.getAttribute('data-step'));
    const total = await p.locator('[data-testid=timeline-slider]').getAttribute('max');
    expect(await where.textContent()).toBe(`line ${line} · ${step + 1}/${Number(total) + 1}`);
    const box = await where.evaluate((el) => el.getBoundingClientRect().toJSON());
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThan(200);
    // No box scrolling inside the scrolling page: the module's many globals are all in the
    // page's flow (a pane taller than the 320 px the desktop caps it at, with nothing hidden).
    await p.locator('[data-testid=frame]').last().click();
    const vars = p.locator('[data-testid=variables]');
    await expect.poll(() => vars.locator('[data-testid=var]').count()).toBeGreaterThan(12);
    const size = await vars.evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(size[1]).toBeGreaterThan(320);
    expect(size[0] - size[1]).toBeLessThanOrEqual(1);
    // Leave the panel as found: the paused frame selected, its source in the code view.
    await p.locator('[data-testid=frame]').first().click();
    await expect
      .poll(() => p.locator('.code-col').first().getAttribute('data-file'))
      .toBe(await p.getAttribute('data-source'));
  });

  it('a shared link lands on the paused line, below the buttons', async () => {
    const p = panel(phone.page, 'run_hooks');
    const line = runtimeLine('answer = callback(');
    await setBreakpoints(p, [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    await expect.poll(() => new URL(phone.page.url()).searchParams.get('panel')).toBe('run_hooks');
    const page = await phone.context.newPage();
    try {
      await page.goto(phone.page.url());
      await waitState(panel(page, 'run_hooks'), 'paused', line);
      // The questions and the buttons fill a phone's first screen: the code comes first.
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-function=run_hooks] [data-testid=toolbar]');
        const at = document.querySelector('[data-function=run_hooks] .runs-next-line');
        if (!bar || !at) return false;
        const r = at.getBoundingClientRect();
        return r.top >= bar.getBoundingClientRect().bottom && r.bottom <= innerHeight;
      });
    } finally {
      await page.close();
    }
  });

  it('shows another function from its left edge, even after the reader scrolled sideways', async () => {
    const p = panel(phone.page, 'run_hooks');
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused');
    const left = () =>
      p
        .locator('[data-testid=code-monaco] .lines-content')
        .evaluate((e) => Number.parseFloat((e as HTMLElement).style.left || '0'));
    await p.locator('[data-testid=code-monaco]').hover();
    await phone.page.mouse.wheel(300, 0);
    await expect.poll(left).toBeLessThan(0);
    // Step into the first callee (another function, in another file).
    for (let k = 0; k < 60 && (await p.locator('[data-testid=now-in]').count()) === 0; k++)
      await p.locator('[data-testid=step-into]').click();
    await p.locator('[data-testid=now-in]').waitFor();
    await expect.poll(left).toBe(0);
  });

  it('gives each line of code, so each line number, a 24 px target', async () => {
    const p = panel(phone.page, 'run_hooks');
    // The panel's own code on screen (an earlier step may have left a callee's file there).
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused');
    await expect
      .poll(() => p.locator('.code-col').getAttribute('data-file'))
      .toBe('s04/core/runtime.py');
    const heights = await p
      .locator('[data-testid=code-monaco] .line-numbers')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(5);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(24);
    // the glyph of a breakpoint stays centred on its line
    const line = runtimeLine('answer = callback(');
    await setBreakpoints(p, [line]);
    const middle = async (sel: string, text?: string) => {
      const el = p.locator(sel);
      const box = await (text === undefined
        ? el.first()
        : el.filter({ hasText: new RegExp(`^${text}$`) })
      ).boundingBox();
      return box ? box.y + box.height / 2 : Number.NaN;
    };
    const glyph = await middle('[data-testid=code-monaco] .bp-glyph');
    const number = await middle('[data-testid=code-monaco] .line-numbers', String(line));
    expect(Math.abs(glyph - number)).toBeLessThanOrEqual(1.5);
  });

  it("wraps a long value at its line height, beside its name's 44 px target", async () => {
    const p = panel(phone.page, 'run_hooks');
    const line = runtimeLine('answer = callback(');
    await setBreakpoints(p, [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const rows = await p.locator('[data-testid=var]').evaluateAll((els) =>
      els.map((li) => {
        const lineHeight = Number.parseFloat(getComputedStyle(li).lineHeight);
        const code = li.querySelector(':scope > .val-wrap > code.val');
        const tops = [...(code?.getClientRects() ?? [])].map((r) => r.top);
        const gaps = tops.slice(1).map((top, i) => top - tops[i]);
        const name = li.querySelector('.var-name')?.getBoundingClientRect();
        const toggle = li.querySelector('.val-toggle')?.getBoundingClientRect();
        return {
          name: li.getAttribute('data-name'),
          lineHeight,
          gaps,
          nameHeight: name?.height ?? 0,
          toggle: toggle ? [toggle.width, toggle.height] : null,
        };
      }),
    );
    // `hooks` (a dict of lists of functions) is wider than a phone: it wraps, with a ▸.
    const hooks = rows.find((r) => r.name === 'hooks');
    expect(hooks?.gaps.length).toBeGreaterThan(0);
    expect(hooks?.toggle).not.toBeNull();
    for (const r of rows) {
      // No blank band inside a value: its lines follow at the text's line height
      // (the name's 44 px button, inline, made the first line of the value 44 px high).
      for (const gap of r.gaps) expect(gap, r.name ?? '').toBeLessThanOrEqual(r.lineHeight * 1.2);
      expect(r.nameHeight, r.name ?? '').toBeGreaterThanOrEqual(44);
      if (r.toggle) {
        expect(r.toggle[0], r.name ?? '').toBeGreaterThanOrEqual(44);
        expect(r.toggle[1], r.name ?? '').toBeGreaterThanOrEqual(24);
      }
    }
  });

  it('gives every toolbar button and the scenario picker a 44 px touch target', async () => {
    const a = phone;
    const p = panel(a.page, 'run_hooks');
    const sizes = await p
      .locator('[data-testid=toolbar] button, [data-testid=scenario], [data-testid=bp-remove]')
      .evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { w: r.width, h: r.height, what: e.getAttribute('data-testid') };
        }),
      );
    expect(sizes.length).toBeGreaterThan(9);
    for (const s of sizes) {
      expect(s.h, s.what ?? '').toBeGreaterThanOrEqual(44);
      expect(s.w, s.what ?? '').toBeGreaterThanOrEqual(44);
    }
  });

  it('collapses the step notes and the things to try, and wraps lines on demand', async () => {
    const a = phone;
    const p = panel(a.page, 'run_hooks');
    for (const box of ['steps', 'tries']) {
      expect(await p.locator(`[data-testid=${box}]`).getAttribute('open'), box).toBeNull();
      await p.locator(`[data-testid=${box}] > summary`).click();
      expect(await p.locator(`[data-testid=${box}]`).getAttribute('open'), box).not.toBeNull();
    }
    const monaco = p.locator('[data-testid=code-monaco]');
    expect(await monaco.getAttribute('data-wrap')).toBe('false');
    await p.locator('[data-testid=wrap-lines]').check();
    expect(await monaco.getAttribute('data-wrap')).toBe('true');
    // wrapped: no line is wider than the editor
    const widest = await monaco.evaluate((el) =>
      Math.max(
        ...[...el.querySelectorAll('.view-line')].map((l) => (l as HTMLElement).scrollWidth),
      ),
    );
    const width = await monaco.evaluate((el) => el.clientWidth);
    expect(widest).toBeLessThanOrEqual(width);
    await shot(a, 'en-phone-wrapped');
  });
});
