import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  chooseScenario,
  clickCode,
  clickLine,
  expectBreakpoints,
  linkedPanels,
  panel,
  ready,
  readyWithoutPython,
  runtimeLine,
  setBreakpoints,
  status,
  variables,
  waitForStep,
  waitState,
} from './panel-helpers';

const CALLBACK = 'answer = callback(';

describe('debugger depth on the run_hooks panel', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ path: '/?lang=en' });
    await ready(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
  });

  const p = () => panel(app.page, 'run_hooks');
  const waitStep = (n: number) => waitForStep(p(), (s) => s === n);
  /** Each test starts from its own scenario and one plain breakpoint on the callback line. */
  const fresh = async (scenario = 'pass') => {
    await chooseScenario(p(), scenario);
    await setBreakpoints(p(), [runtimeLine(CALLBACK)]);
  };

  it('marks breakpoint hits on the timeline and jumps to any step', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const hits = await p()
      .locator('[data-testid=timeline-hit]')
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.step)));
    expect(hits.length).toBe(2);
    expect((await status(p())).step).toBe(hits[0]);
    // the dotted band of the setup's steps has a key
    expect(await p().locator('[data-testid=timeline-setup-key]').textContent()).toBe(
      'setup (before run_hooks is called)',
    );
    // jump to step N through the jump box (1-based)
    await p()
      .locator('[data-testid=jump-input]')
      .fill(String(hits[1] + 1));
    await p().locator('[data-testid=jump-input]').press('Enter');
    await waitStep(hits[1]);
    expect((await variables(p())).callback).toBe('<function second>');
    // the number stays while the box has focus, and goes once the replay moves otherwise
    expect(await p().locator('[data-testid=jump-input]').inputValue()).toBe(String(hits[1] + 1));
    // drag the slider to the start
    await p().locator('[data-testid=timeline-slider]').fill('0');
    await waitStep(0);
    expect(await p().locator('[data-testid=jump-input]').inputValue()).toBe('');
  });

  it('reverse-continues to the previous hit and steps back one event', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'finished');
    await p().locator('[data-testid=reverse-continue]').click();
    await waitState(p(), 'paused', line);
    expect((await variables(p())).callback).toBe('<function second>');
    const at = (await status(p())).step;
    await p().locator('[data-testid=step-back]').click();
    await waitStep(at - 1);
    // back past the first hit: no breakpoint behind, so the first line of run_hooks, said so
    await p().locator('[data-testid=reverse-continue]').click();
    await waitState(p(), 'paused', line);
    expect((await variables(p())).callback).toBe('<function first>');
    await p().locator('[data-testid=reverse-continue]').click();
    const notice = p().locator('[data-testid=panel-notice][data-kind=reverseNoBreakpoint]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('back at the first line of run_hooks');
    const first = (await status(p())).line;
    expect(first).toBeLessThan(line);
    expect(first).toBeGreaterThan(runtimeLine('def run_hooks('));
  });

  it('steps into the setup callback, shows its deep-copied payload as a different object, and steps back out', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const callerPayload = await p()
      .locator('[data-testid=var][data-name=payload]')
      .getAttribute('data-obj-id');
    const at = (await status(p())).step;
    await p().locator('[data-testid=step-into]').click();
    await waitStep(at + 1);
    await expect(p().locator('[data-testid=now-in]').textContent()).resolves.toContain('setup.py');
    const frames = await p().locator('[data-testid=frame]').allTextContents();
    expect(frames[0]).toContain('first');
    expect(frames[1]).toContain('run_hooks');
    const calleePayload = await p()
      .locator('[data-testid=var][data-name=payload]')
      .getAttribute('data-obj-id');
    expect(calleePayload).toBeTruthy();
    expect(calleePayload).not.toBe(callerPayload);
    // selecting the caller's frame shows the caller's variables (same object as before)
    await p().locator('[data-testid=frame]').nth(1).click();
    await expect(
      p().locator('[data-testid=var][data-name=payload]').getAttribute('data-obj-id'),
    ).resolves.toBe(callerPayload);
    await expect(p().locator('[data-testid=var][data-name=chain]').count()).resolves.toBe(1);
    await p().locator('[data-testid=step-out]').click();
    await app.page.waitForFunction(
      () => !document.querySelector('[data-function=run_hooks] [data-testid=now-in]'),
    );
    expect((await status(p())).line).toBeGreaterThanOrEqual(line);
  });

  it("keeps the code box at run_hooks' height while execution moves into callees and back, another file scrolled to its line", async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const box = () =>
      p()
        .locator('[data-testid=code-monaco]')
        .evaluate((el) => el.getBoundingClientRect().height);
    const shown = async () => ({
      file: await p().locator('.code-col').getAttribute('data-file'),
      lines: (await p().locator('.code-col .margin-view-overlays .line-numbers').allTextContents())
        .map((t) => Number(t.trim()))
        .sort((a, b) => a - b),
    });
    /** Monaco shows run_hooks alone: its lines, from its `def` on, none of the next function's. */
    const onlyRunHooks = async () => {
      const { file, lines } = await shown();
      expect(file).toBe('s04/core/runtime.py');
      expect(lines[0]).toBe(runtimeLine('def run_hooks('));
      expect(lines.at(-1)).toBeLessThan(runtimeLine('def check_answer('));
      expect(lines.at(-1)).toBeGreaterThan(line);
    };
    /** The line about to run is drawn inside the box (another file is scrolled to it). */
    const currentInBox = async () => {
      const code = await p().locator('[data-testid=code-monaco]').boundingBox();
      const mark = await p().locator('.runs-next-line').boundingBox();
      return (
        code !== null &&
        mark !== null &&
        mark.y >= code.y &&
        mark.y + mark.height <= code.y + code.height + 1
      );
    };
    const leftNowIn = () =>
      app.page.waitForFunction(
        () => !document.querySelector('[data-function=run_hooks] [data-testid=now-in]'),
      );
    const height = await box();
    await onlyRunHooks();
    // Into the setup's callback, in a longer file: the same box, scrolled to the line.
    await p().locator('[data-testid=step-into]').click();
    await p().locator('[data-testid=now-in]', { hasText: 'setup.py' }).waitFor();
    expect(await box()).toBe(height);
    await expect.poll(currentInBox).toBe(true);
    await p().locator('[data-testid=step-out]').click();
    await leftNowIn();
    expect(await box()).toBe(height);
    await onlyRunHooks();
    // Into check_answer, in the same file: the whole file, in the same box.
    const check = runtimeLine('check_answer(event, answer)');
    for (let k = 0; k < 5 && (await status(p())).line !== check; k++) {
      const at = (await status(p())).step;
      await p().locator('[data-testid=step-over]').click();
      await waitForStep(p(), (s) => s > at);
    }
    expect((await status(p())).line).toBe(check);
    await p().locator('[data-testid=step-into]').click();
    await p().locator('[data-testid=now-in]', { hasText: 'check_answer' }).waitFor();
    expect(await box()).toBe(height);
    await expect.poll(currentInBox).toBe(true);
    const whole = await shown();
    expect(whole.file).toBe('s04/core/runtime.py');
    expect(whole.lines).toContain(runtimeLine('def check_answer('));
    await p().locator('[data-testid=step-out]').click();
    await leftNowIn();
    expect(await box()).toBe(height);
    await onlyRunHooks();
  });

  it('stops only on the Nth hit, or where a condition holds, and logs without stopping', async () => {
    const line = runtimeLine(CALLBACK);
    const row = p().locator(`[data-testid=breakpoint][data-line="${line}"]`);
    await fresh();
    await row.locator('[data-testid=bp-hitcount]').fill('2');
    await row.locator('[data-testid=bp-hitcount]').press('Enter');
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    expect((await variables(p())).callback).toBe('<function second>');
    await p().locator('[data-testid=continue]').click();
    await waitState(p(), 'finished');
    // a condition instead of a hit count
    await row.locator('[data-testid=bp-hitcount]').fill('');
    await row.locator('[data-testid=bp-hitcount]').press('Enter');
    await row.locator('[data-testid=bp-condition]').fill('callback.__name__ == "second"');
    await row.locator('[data-testid=bp-condition]').press('Enter');
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    expect((await variables(p())).callback).toBe('<function second>');
    // a logpoint writes to the output and never stops: Debug with it alone runs to the
    // end, and says why it did not stop
    await row.locator('[data-testid=bp-condition]').fill('');
    await row.locator('[data-testid=bp-condition]').press('Enter');
    await row.locator('[data-testid=bp-log]').fill('calling {callback.__name__}');
    await row.locator('[data-testid=bp-log]').press('Enter');
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'finished');
    const logs = await p().locator('[data-testid=logpoint]').allTextContents();
    expect(logs).toEqual(['calling first\n', 'calling second\n']);
    const notice = p().locator('[data-testid=panel-notice]');
    expect(await notice.getAttribute('data-kind')).toBe('loggedOnly');
    expect(await notice.textContent()).toContain('logpoints write to the output without stopping');
    await row.locator('[data-testid=bp-log]').fill('');
    await row.locator('[data-testid=bp-log]').press('Enter');
    // a disabled breakpoint never stops: Debug pauses at the function's first line instead,
    // before the callback line
    await row.locator('[data-testid=bp-enabled]').uncheck();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
    expect((await status(p())).line).toBeLessThan(line);
    await row.locator('[data-testid=bp-enabled]').check();
  });

  it('compares hits across scenarios: the callback line twice under pass, once under block', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    const cell = (s: string) =>
      p().locator(`[data-testid=compare-cell][data-line="${line}"][data-scenario=${s}]`);
    await cell('block').and(p().locator('[data-hits]')).waitFor();
    await expect(cell('pass').getAttribute('data-hits')).resolves.toBe('2');
    await expect(cell('block').getAttribute('data-hits')).resolves.toBe('1');
    await expect(cell('post_error').getAttribute('data-hits')).resolves.toBe('2');
  });

  it('runs the debugger from the keyboard', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh();
    await p().locator('[data-testid=restart]').focus();
    await app.page.keyboard.press('F5');
    await waitState(p(), 'paused', line);
    const at = (await status(p())).step;
    await app.page.keyboard.press('F11');
    await waitStep(at + 1);
    await app.page.keyboard.press('Shift+F10');
    await waitStep(at);
    await app.page.keyboard.press('F10');
    await waitForStep(p(), (s) => s > at + 1);
    await app.page.keyboard.press('F5');
    await waitState(p(), 'paused', line);
    await app.page.keyboard.press('Shift+F5');
    await waitStep(at);
    await app.page.keyboard.press('Shift+F11');
    await waitForStep(p(), (s) => s > at);
    // F9 toggles a breakpoint on the line the editor cursor is on
    const other = runtimeLine('warnings = []');
    await clickLine(p(), other); // sets one
    await expectBreakpoints(p(), [Math.min(line, other), Math.max(line, other)]);
    const loop = runtimeLine('for callback in chain');
    await clickCode(p(), loop); // the cursor on the loop's line
    await app.page.keyboard.press('F9');
    await expectBreakpoints(
      p(),
      [loop, Math.min(line, other), Math.max(line, other)].sort((a, b) => a - b),
    );
    await app.page.keyboard.press('F9');
    await clickLine(p(), other);
    await expectBreakpoints(p(), [line]);
  });

  it('puts the paused view in the URL, and the link reopens it exactly', async () => {
    const line = runtimeLine(CALLBACK);
    await fresh('post_error');
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const step = (await status(p())).step;
    await p().locator('[data-testid=continue]').click();
    await waitForStep(p(), (s) => s > step);
    // the address bar follows the view: wait until it holds the step on screen
    const shown = await p().locator('[data-testid=status]').getAttribute('data-step');
    await expect.poll(() => String(linkedPanels(app.page)?.run_hooks?.p)).toBe(shown);
    const before = await status(p());
    const vars = await variables(p());
    const url = app.page.url();
    expect(url).toContain('panel=run_hooks');
    // A link with plain breakpoints reopens from the shipped trace: no Python needed.
    const other = await openApp({ path: url.slice(url.indexOf('/', 8)), python: 'refused' });
    try {
      const q = panel(other.page, 'run_hooks');
      await readyWithoutPython(other.page, q);
      await waitState(q, 'paused', before.line);
      expect(await status(q)).toEqual(before);
      expect(await variables(q)).toEqual(vars);
      await expect(q.locator('[data-testid=scenario]').inputValue()).resolves.toBe('post_error');
      await expect(q.getAttribute('data-breakpoints')).resolves.toBe(String(line));
    } finally {
      await other.close();
    }
  });

  it('keeps breakpoints and scenario across a reload', async () => {
    await fresh('post_error');
    await app.page.goto(`${app.baseUrl}/?lang=en`);
    const q = panel(app.page, 'run_hooks');
    await ready(app.page, q);
    await expect(q.getAttribute('data-breakpoints')).resolves.toBe(String(runtimeLine(CALLBACK)));
    await expect(q.locator('[data-testid=scenario]').inputValue()).resolves.toBe('post_error');
  });

  it('says so when the browser will not keep the breakpoints, which still work on the page', async () => {
    const other = await openApp({
      path: '/?lang=en',
      python: 'refused',
      beforeNavigate: async (context) => {
        await context.addInitScript(() => {
          const setItem = Storage.prototype.setItem;
          Storage.prototype.setItem = function (key: string, value: string) {
            if (key.startsWith('wpt.panel.')) throw new DOMException('full', 'QuotaExceededError');
            setItem.call(this, key, value);
          };
        });
      },
    });
    try {
      const q = panel(other.page, 'run_hooks');
      await readyWithoutPython(other.page, q);
      const note = q.locator('[data-testid=breakpoints-unsaved]');
      expect(await note.count()).toBe(0);
      const line = runtimeLine(CALLBACK);
      await clickLine(q, line);
      await note.waitFor();
      expect(await note.textContent()).toMatch(/^This browser could not keep your breakpoints/);
      await expect(q.getAttribute('data-breakpoints')).resolves.toBe(String(line));
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('sent nothing to any other origin', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
