import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  chooseScenario,
  clickLine,
  expectBreakpoints,
  panel,
  ready,
  runtimeLine,
  setBreakpoints,
  status,
  variables,
  waitForStep,
  waitState,
} from './panel-helpers';

describe('the run_hooks panel in the production build', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ path: '/?lang=en' });
  });
  afterAll(async () => {
    await app?.close();
  });
  const CALLBACK = 'answer = callback(';
  /** Each test from a known start, whatever ran before: the scenario not run, these breakpoints. */
  const fresh = async (scenario: 'pass' | 'block', lines: number[]) => {
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    // picking another scenario first resets the replay even if this one was already chosen
    await chooseScenario(p, scenario === 'pass' ? 'block' : 'pass');
    await chooseScenario(p, scenario);
    await setBreakpoints(p, lines);
    return p;
  };

  it('shows the source before Python is ready, with the title and a "Not run" status', async () => {
    const p = panel(app.page, 'run_hooks');
    await p.waitFor();
    await expect(p.locator('.panel-title').textContent()).resolves.toBe(
      's04/core/runtime.py · run_hooks',
    );
    await ready(app.page, p);
    expect(await status(p)).toMatchObject({ state: 'ready' });
    await expect(p.locator('[data-testid=status]').textContent()).resolves.toBe('Not run');
    await expect(p.textContent()).resolves.toContain('nothing is sent to a server');
  });

  it('pauses on a breakpoint set by clicking a line number, with the expected variables', async () => {
    const p = await fresh('pass', []);
    const line = runtimeLine(CALLBACK);
    await clickLine(p, line);
    await expectBreakpoints(p, [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const vars = await variables(p);
    expect(vars.event).toBe("'before'");
    expect(vars.callback).toBe('<function first>');
    expect(vars.payload).toContain("'id': 'run_1'");
    // A long value wraps between its items, not inside them: each `<function …>` of the
    // hooks dict sits on one line of the pane.
    const split = await p
      .locator('[data-testid=var][data-name=hooks] .val')
      .first()
      .evaluate((val) => {
        const node = [...val.childNodes].find((n) => n.textContent?.includes('<function'));
        const text = node?.firstChild ?? node;
        if (!text || text.nodeType !== Node.TEXT_NODE) return 'no text';
        const words: number[] = [];
        const all = text.textContent ?? '';
        for (let i = all.indexOf('<function'); i >= 0; i = all.indexOf('<function', i + 1)) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, all.indexOf('>', i) + 1);
          words.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
        }
        return words;
      });
    expect(split).toEqual([1, 1, 1, 1]);
    const frames = await p.locator('[data-testid=frame]').allTextContents();
    expect(frames[0]).toContain('run_hooks');
    expect(frames.length).toBeGreaterThanOrEqual(2);
    // the toolbar's copy of the status is for phones: the badge is in sight here
    expect(await p.locator('[data-testid=toolbar-where]').isVisible()).toBe(false);
  });

  it('continues to the next hit, then finishes', async () => {
    const line = runtimeLine(CALLBACK);
    const p = await fresh('pass', [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const first = await status(p);
    await p.locator('[data-testid=continue]').click();
    await waitForStep(p, (s) => s > first.step);
    expect(await status(p)).toMatchObject({ state: 'paused', line });
    expect((await variables(p)).callback).toBe('<function second>');
    await p.locator('[data-testid=continue]').click();
    await waitState(p, 'finished');
    await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(
      'hooks reached: before: first -> before: second\n',
    );
  });

  it('switching scenario resets the replay and keeps the breakpoint', async () => {
    const line = runtimeLine(CALLBACK);
    const p = await fresh('pass', [line]);
    await p.locator('[data-testid=scenario]').selectOption('block');
    await waitState(p, 'ready');
    await expectBreakpoints(p, [line]);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    await p.locator('[data-testid=continue]').click();
    await waitState(p, 'finished');
    const out = await p.locator('[data-testid=output]').textContent();
    expect(out).toContain('hooks reached: before: first\n');
    expect(out).not.toContain('before: second');
  });

  it('steps into, over, out and back', async () => {
    const line = runtimeLine(CALLBACK);
    const p = await fresh('pass', [line]);
    // where the code box starts in its column: Debug, and the "now in" of another file,
    // never move it (they share one row with the wrap switch)
    const codeTop = () =>
      p.locator('.code-col').evaluate((col) => {
        const box = col.querySelector('[data-testid=code-plain], .code-monaco');
        return (box?.getBoundingClientRect().top ?? 0) - col.getBoundingClientRect().top;
      });
    const before = await codeTop();
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    expect(await codeTop()).toBe(before);
    const at = await status(p);
    await p.locator('[data-testid=step-into]').click();
    await waitForStep(p, (s) => s === at.step + 1);
    // into the setup's callback `first`: the code view follows into setup.py
    await expect(p.locator('[data-testid=now-in]').textContent()).resolves.toContain('setup.py');
    expect(await codeTop()).toBe(before);
    await expect(p.locator('[data-testid=frame]').first().textContent()).resolves.toContain(
      'first',
    );
    await p.locator('[data-testid=step-out]').click();
    await app.page.waitForFunction(
      () => !document.querySelector('[data-function=run_hooks] [data-testid=now-in]'),
    );
    const out = await status(p);
    expect(out.step).toBeGreaterThan(at.step + 1);
    await p.locator('[data-testid=step-back]').click();
    await waitForStep(p, (s) => s === out.step - 1);
    await p.locator('[data-testid=step-over]').click();
    await waitForStep(p, (s) => s === out.step);
  });

  it('starts stepping at the focus function, not in the setup that leads to it', async () => {
    const p = await fresh('block', []);
    await p.locator('[data-testid=step-into]').click();
    await waitState(p, 'paused', runtimeLine('def run_hooks('));
    await expect(p.locator('[data-testid=frame]').first().textContent()).resolves.toContain(
      'run_hooks',
    );
    expect(Object.keys(await variables(p))).toEqual(['hooks', 'event', 'payload']);
  });

  it('shows the last line of the function whole, above the horizontal scrollbar of the editor', async () => {
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    const editor = p.locator('.code-col .monaco-editor');
    const scrollbar = await editor
      .locator('.editor-scrollable > .scrollbar.horizontal')
      .boundingBox();
    const bottoms = await editor
      .locator('.view-line')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    if (!scrollbar) throw new Error('the editor has no horizontal scrollbar');
    // run_hooks has lines wider than the box, so the scrollbar is there to cover something.
    const widest = await editor
      .locator('.view-lines')
      .evaluate((el) => (el as HTMLElement).scrollWidth);
    expect(widest).toBeGreaterThan(scrollbar.width);
    expect(Math.max(...bottoms)).toBeLessThanOrEqual(scrollbar.y + 0.5);
  });

  it('sends nothing to any other origin during the whole session', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.cspViolations).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the plain listing on a phone', () => {
  let app: AppSession | null = null;
  afterAll(async () => {
    await app?.close();
  });

  it('sets the breakpoint on the line whose number is tapped', async () => {
    // Monaco refused: the plain listing, shown until Monaco arrives, stays. Python too: the
    // shipped trace is all the tap needs.
    app = await openApp({
      path: '/?lang=en',
      viewport: { width: 390, height: 844 },
      python: 'refused',
      beforeNavigate: async (context) => {
        await context.route(/\/assets\/monaco-[\w-]+\.js$/, (route) =>
          route.abort('blockedbyclient'),
        );
      },
    });
    const p = panel(app.page, 'run_hooks');
    const line = runtimeLine('warnings = []');
    const number = p.locator(`[data-testid=code-plain] [data-line="${line}"]`);
    await number.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // A tap at the middle of the number, where a finger lands (not Playwright's own
    // click, which would retry until the button itself receives it).
    const box = await number.boundingBox();
    if (!box) throw new Error('the line number has no box');
    await app.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expectBreakpoints(p, [line]);
  });
});
