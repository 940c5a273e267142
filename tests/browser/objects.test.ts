/**
 * Objects, not names (issue 12), on the flagship lesson: the reference diagram, where a
 * value came from, where two scenarios part, the just-ran / runs-next marks and the call
 * stack's arguments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  clickLine,
  panel,
  readyWithoutPython,
  runtimeLine,
  status,
  waitForStep,
  waitState,
} from './panel-helpers';

/** A line of the flagship's setup.py (where the hooks `first` and `second` live). */
function setupLine(text: string, after = ''): number {
  const lines = readFileSync(path.resolve('lessons/s04-hooks/setup.py'), 'utf8').split('\n');
  const from = after ? lines.findIndex((l) => l.includes(after)) : 0;
  const i = lines.findIndex((l, k) => k >= from && l.includes(text));
  if (from < 0 || i < 0) throw new Error(`setup.py has no line ${JSON.stringify(text)}`);
  return i + 1;
}

/** Click a toolbar button once it is enabled (recording may lag on a loaded machine). */
async function press(p: Locator, testid: string): Promise<void> {
  const b = p.locator(`[data-testid=${testid}]`);
  await expect.poll(() => b.isEnabled(), { timeout: 120_000 }).toBe(true);
  await b.click();
}

/** Click a toolbar button and wait until the step moved. */
async function step(p: Locator, testid: string): Promise<number> {
  const before = (await status(p)).step;
  await press(p, testid);
  return waitForStep(p, (s) => s !== before);
}

/** Step over until the panel is paused on `line` (at most `max` steps). */
async function stepOverTo(p: Locator, line: number, max = 30): Promise<void> {
  for (let k = 0; k < max && (await status(p)).line !== line; k++) await step(p, 'step-over');
  expect((await status(p)).line).toBe(line);
}

/** The object id a frame's name refers to in the diagram. */
async function refOf(p: Locator, fn: string, name: string): Promise<string> {
  const v = p.locator(
    `[data-testid=heap] [data-testid=heap-frame][data-function=${fn}] [data-testid=heap-var][data-name="${name}"]`,
  );
  const to = await v.getAttribute('data-to');
  if (!to) throw new Error(`${fn}.${name} refers to no object`);
  return to;
}

/** Set a breakpoint on a line of the panel's source unless one is there (tests share a page). */
async function ensureBreakpoint(p: Locator, line: number): Promise<void> {
  const lines = ((await p.getAttribute('data-breakpoints')) ?? '').split(',').map(Number);
  if (!lines.includes(line)) await clickLine(p, line);
  await expect
    .poll(async () => ((await p.getAttribute('data-breakpoints')) ?? '').split(',').map(Number))
    .toContain(line);
}

/** Pause run_hooks under post_error on its last line, where `warnings` holds the OSError. */
async function pauseAtReport(p: Locator): Promise<void> {
  await p.locator('[data-testid=scenario]').selectOption('post_error');
  const end = runtimeLine('return {"blocked": None, "warnings": warnings}');
  await ensureBreakpoint(p, end);
  await press(p, 'debug');
  await waitState(p, 'paused', end);
}

/** Pause the execute_hooked panel on `answer = callback(` inside run_hooks. */
async function pauseAtCallback(p: Locator, scenario: string): Promise<void> {
  await p.locator('[data-testid=scenario]').selectOption(scenario);
  const call = runtimeLine('before = run_hooks(');
  await ensureBreakpoint(p, call);
  await press(p, 'debug');
  await waitState(p, 'paused', call);
  await step(p, 'step-into');
  // Now in run_hooks: the whole runtime.py is shown, so its lines can take breakpoints.
  const callback = runtimeLine('answer = callback(');
  await ensureBreakpoint(p, callback);
  await press(p, 'continue');
  await waitState(p, 'paused', callback);
}

const PHONE = { width: 390, height: 844 };

/**
 * The flagship page with Python refused: everything here reads the shipped traces, which
 * the build recorded with the same recorder (tests/pyodide check it; browser/instant that a
 * shipped trace equals a live one).
 */
function openReplaying(lang: 'en' | 'zh', viewport: { width: number; height: number }) {
  return openApp({ python: 'refused', path: `/?lang=${lang}`, viewport });
}

/**
 * For each scenario picker of a divergence box: its name is on the picker's row, and the
 * picker ends inside the window.
 */
function namesBesidePickers(picks: Locator): Promise<boolean[]> {
  return picks.locator('label').evaluateAll((labels) =>
    labels.map((l) => {
      const name = (l.querySelector('span') as HTMLElement).getBoundingClientRect();
      const box = (l.querySelector('select') as HTMLElement).getBoundingClientRect();
      return name.top < box.bottom && box.top < name.bottom && box.right <= innerWidth;
    }),
  );
}

describe('objects, not names, on the flagship lesson', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openReplaying('en', { width: 1400, height: 1000 });
    await readyWithoutPython(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('under mutate, inside the first before-hook, the hook edits its own copy and the caller keeps run_1', async () => {
    const p = panel(app.page, 'execute_hooked');
    await pauseAtCallback(p, 'mutate');
    await step(p, 'step-into');
    await stepOverTo(p, setupLine('return None', 'def first('));

    // Call stack with arguments.
    await expect
      .poll(() => p.locator('[data-testid=frame][data-function=run_hooks]').textContent())
      .toContain('run_hooks(hooks=#');
    expect(await p.locator('[data-testid=frame][data-function=run_hooks]').textContent()).toContain(
      "event='before'",
    );

    const payload = await refOf(p, 'first', 'payload');
    const snapshot = await refOf(p, 'execute_hooked', 'snapshot');
    const hookCall = await p
      .locator(`[data-testid=heap-edge][data-from="object:${payload}:0"]`)
      .getAttribute('data-to');
    expect(hookCall).not.toBeNull();
    // Two boxes: the hook's copy and the caller's snapshot.
    expect(new Set([payload, snapshot, hookCall]).size).toBe(3);
    const box = (id: string | null) =>
      p.locator(`[data-testid=heap-object][data-object-id="${id}"]`);
    expect(await box(snapshot).count()).toBe(1);
    expect(await box(hookCall).count()).toBe(1);
    expect(await box(snapshot).textContent()).toContain("'run_1'");
    expect(await box(snapshot).textContent()).not.toContain('run_999');
    expect(await box(hookCall).textContent()).toContain("'run_999'");
    expect(await box(hookCall).textContent()).toContain("'format_disk'");

    // What the hook can reach stands out; the caller's snapshot and its call are faded.
    const keyOf = (fn: string) =>
      p
        .locator(`[data-testid=heap] [data-testid=heap-frame][data-function=${fn}]`)
        .getAttribute('data-frame-key');
    const arrowClass = (from: string) =>
      p.locator(`[data-testid=heap-edge][data-from="${from}"]`).getAttribute('class');
    expect(await arrowClass(`frame:${await keyOf('first')}:payload`)).toBe('heap-edge');
    expect(await arrowClass(`object:${payload}:0`)).toBe('heap-edge');
    const caller = await keyOf('execute_hooked');
    expect(await arrowClass(`frame:${caller}:snapshot`)).toBe('heap-edge is-faded');
    const fromSnapshot = await p
      .locator(`[data-testid=heap-edge][data-from^="object:${snapshot}:"]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('class')));
    expect(fromSnapshot.length).toBeGreaterThan(0);
    expect(new Set(fromSnapshot)).toEqual(new Set(['heap-edge is-faded']));
    expect(await p.locator('[data-testid=heap-key-faded]').count()).toBe(1);

    // The text alternative says the same.
    const text = await p.locator('[data-testid=heap-text]').textContent();
    expect(text).toContain(`snapshot refers to object #${snapshot}`);
    expect(text).toContain(`payload refers to object #${payload}`);

    // The picture followed the steps: the hook's frame is in the pane's view, not below it.
    const view = await p.locator('.heap-scroll').boundingBox();
    const hook = await p
      .locator('[data-testid=heap] [data-testid=heap-frame][data-function=first]')
      .boundingBox();
    if (!view || !hook) throw new Error('no diagram box');
    expect(hook.y).toBeGreaterThanOrEqual(view.y);
    expect(hook.y + hook.height).toBeLessThanOrEqual(view.y + view.height);
    // What a step is about fits the view, so the box the hook's payload names (the hook's
    // own copy, laid out far below the frame) comes into view with the frame, even after a
    // step that changed nothing: one step back in the hook, the picture scrolled to its
    // top, and forward again over `if "result" in payload`.
    const pane = p.locator('.heap-scroll');
    const top = () =>
      pane.evaluate((el) => {
        el.scrollTop = 0;
      });
    await pane.scrollIntoViewIfNeeded();
    await step(p, 'step-back');
    await top();
    await step(p, 'step-into');
    const copyInView = async () => {
      const [shown, copy] = await Promise.all([pane.boundingBox(), box(payload).boundingBox()]);
      return Boolean(
        shown && copy && copy.y >= shown.y && copy.y + copy.height <= shown.y + shown.height,
      );
    };
    await expect.poll(copyInView).toBe(true);

    // The globals are folded by the hook's own code, not by its whole file: `first` names
    // `visited`, only `second` names `seen_by_second`, and the rest are counted.
    const globals = p.locator(
      '[data-testid=heap] [data-testid=heap-frame][data-function="<module>"]',
    );
    const names = await globals
      .locator('[data-testid=heap-var]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    expect(names).toContain('visited');
    expect(names).not.toContain('seen_by_second');
    expect(await globals.locator('[data-testid=heap-frame-more]').count()).toBe(1);

    // Every column fits the pane at 1400 px: none is cut at the right edge. (Three object
    // columns are drawn: the tools dict's entry, its parameters and their dict.)
    const scroller = p.locator('.heap-scroll');
    const [scrollW, clientW] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollW).toBeLessThanOrEqual(clientW);
    const xs = await p
      .locator('[data-testid=heap-object]')
      .evaluateAll(
        (els) => new Set(els.map((e) => e.querySelector('rect')?.getAttribute('x'))).size,
      );
    expect(xs).toBe(3);

    // Picking the globals in the call stack brings their box into view too.
    await p.locator('[data-testid=frame][data-function="<module>"]').first().click();
    await scroller.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const [view, box] = await Promise.all([scroller.boundingBox(), globals.boundingBox()]);
        return Boolean(view && box && box.y >= view.y && box.y < view.y + view.height);
      })
      .toBe(true);

    // A step taken while the picture is off screen is followed once it comes into view: the
    // box scrolled to its top (the hook's frame below its view), the page moved so that the
    // picture is below the screen, one step back in the hook, then the picture shown.
    const hookFrame = p.locator('[data-testid=heap] [data-testid=heap-frame][data-function=first]');
    const below = async () => {
      const [view, box] = await Promise.all([scroller.boundingBox(), hookFrame.boundingBox()]);
      return view && box ? box.y + box.height > view.y + view.height : null;
    };
    await p.locator('[data-testid=frame][data-function=first]').first().click();
    await scroller.scrollIntoViewIfNeeded();
    // (picking the frame is followed, at once or when the box comes into view: let it land)
    await expect.poll(below).toBe(false);
    await scroller.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(below).toBe(true);
    const offScreen = () =>
      scroller.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight);
    await scroller.evaluate((el) =>
      window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight - 100),
    );
    expect(await offScreen()).toBe(true);
    await step(p, 'step-back');
    expect(await offScreen()).toBe(true);
    expect(await hookFrame.count()).toBe(1);
    await scroller.scrollIntoViewIfNeeded();
    await expect.poll(below).toBe(false);
  });

  it('under pass, two names holding one object point at one box', async () => {
    const p = panel(app.page, 'execute_hooked');
    await pauseAtCallback(p, 'pass');
    const inCaller = await refOf(p, 'execute_hooked', 'hooks');
    const inCallee = await refOf(p, 'run_hooks', 'hooks');
    expect(inCallee).toBe(inCaller);
    expect(await p.locator(`[data-testid=heap-object][data-object-id="${inCaller}"]`).count()).toBe(
      1,
    );
    const from = await p
      .locator(`[data-testid=heap-edge][data-to="${inCaller}"]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-from')));
    expect(from).toEqual(expect.arrayContaining([expect.stringMatching(/^frame:\d+:hooks$/)]));
    expect(from.filter((f) => f?.endsWith(':hooks')).length).toBeGreaterThanOrEqual(2);
    // run_hooks's payload holds the caller's snapshot itself (no copy yet): one box.
    const payload = await refOf(p, 'run_hooks', 'payload');
    const snapshot = await refOf(p, 'execute_hooked', 'snapshot');
    expect(
      await p
        .locator(`[data-testid=heap-edge][data-from="object:${payload}:0"]`)
        .getAttribute('data-to'),
    ).toBe(snapshot);
    expect(await p.locator(`[data-testid=heap-object][data-object-id="${snapshot}"]`).count()).toBe(
      1,
    );
  });

  it("a value's #id marks its object in the diagram and scrolls it into view, until the next step", async () => {
    const p = panel(app.page, 'execute_hooked');
    await pauseAtCallback(p, 'pass');
    const id = await refOf(p, 'run_hooks', 'payload');
    const box = p.locator(`[data-testid=heap-object][data-object-id="${id}"]`);
    const scroller = p.locator('.heap-scroll');
    await scroller.scrollIntoViewIfNeeded();
    const inView = async () => {
      const [view, b] = await Promise.all([scroller.boundingBox(), box.boundingBox()]);
      return Boolean(view && b && b.y >= view.y && b.y + b.height <= view.y + view.height);
    };
    // The picture is taller than its box: scroll it so that the payload's box is out of view.
    const [scrollH, clientH] = await scroller.evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(scrollH).toBeGreaterThan(clientH);
    for (const top of [0, scrollH]) {
      await scroller.evaluate((el, y) => {
        el.scrollTop = y;
      }, top);
      if (!(await inView())) break;
    }
    expect(await inView()).toBe(false);
    expect(await p.locator('[data-located=true]').count()).toBe(0);

    const badge = p.locator(`[data-testid=var][data-name=payload] [data-testid=obj-id]`);
    expect(await badge.getAttribute('aria-label')).toBe(
      `Show object #${id} in the reference diagram`,
    );
    await badge.click();
    await expect.poll(inView).toBe(true);
    expect(await box.getAttribute('data-located')).toBe('true');
    expect(await p.locator('[data-located=true]').count()).toBe(1);
    expect(await p.locator('[data-testid=heap-located]').textContent()).toBe(
      `Object #${id} is marked in the diagram`,
    );
    // The arrows into it (who holds it) are drawn thicker, none faded.
    const into = await p
      .locator(`[data-testid=heap-edge][data-to="${id}"]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('class')));
    expect(into.length).toBeGreaterThan(0);
    expect(new Set(into)).toEqual(new Set(['heap-edge is-into-located']));
    // Any step ends it.
    await step(p, 'step-over');
    await expect.poll(() => p.locator('[data-located=true]').count()).toBe(0);
    expect(await p.locator('[data-testid=heap-located]').textContent()).toBe('');
  });

  it("a function's return value is a row of its frame, with an arrow its #id finds", async () => {
    const p = panel(app.page, 'run_hooks');
    await pauseAtReport(p);
    const frame = p.locator('[data-testid=heap-frame][data-function=run_hooks]');
    const result = frame.locator('[data-testid=heap-result]');
    expect(await result.count()).toBe(0);
    // One step on, run_hooks returns a new dict that no name holds (yet).
    await step(p, 'step-into');
    const returned = p.locator('[data-testid=result]');
    await returned.waitFor();
    expect(await returned.textContent()).toContain('return value');
    await expect.poll(() => result.getAttribute('data-kind')).toBe('return');
    const id = await result.getAttribute('data-to');
    expect(id).toMatch(/^\d+$/);
    const badge = returned.locator('[data-testid=obj-id]').first();
    expect(await badge.textContent()).toBe(`#${id}`);
    // The box is drawn, its arrow leaves the row, and it holds the very list `warnings` names.
    const box = p.locator(`[data-testid=heap-object][data-object-id="${id}"]`);
    expect(await box.count()).toBe(1);
    const run = await frame.getAttribute('data-frame-key');
    expect(
      await p
        .locator(`[data-testid=heap-edge][data-from="frame:${run}:(result)"]`)
        .getAttribute('data-to'),
    ).toBe(id);
    const warnings = await refOf(p, 'run_hooks', 'warnings');
    expect(
      await p
        .locator(`[data-testid=heap-edge][data-from^="object:${id}:"]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-to'))),
    ).toContain(warnings);
    // The text alternative says it in words, and the #id beside the value finds the box.
    expect(await p.locator('[data-testid=heap-text]').textContent()).toContain(
      `returns object #${id}`,
    );
    await badge.click();
    await expect.poll(() => box.getAttribute('data-located')).toBe('true');
    expect(await p.locator('[data-testid=heap-located]').textContent()).toBe(
      `Object #${id} is marked in the diagram`,
    );
  });

  it('under post_error, the history of warnings in run_hooks lists the append and jumps to it', async () => {
    const p = panel(app.page, 'run_hooks');
    await pauseAtReport(p);
    const atEnd = (await status(p)).step;

    await p
      .locator(
        '[data-testid=heap-frame][data-function=run_hooks] [data-testid=heap-var][data-name=warnings]',
      )
      .click();
    const rows = p.locator('[data-testid=var-history]');
    await rows.first().waitFor();
    const entries = await rows.evaluateAll((els) =>
      els.map((e) => ({
        step: Number(e.getAttribute('data-step')),
        line: Number(e.getAttribute('data-line')),
        text: e.textContent ?? '',
      })),
    );
    expect(entries[0].line).toBe(runtimeLine('warnings = []'));
    const append = entries.find((e) => e.line === runtimeLine('warnings.append(problem)'));
    expect(append?.text).toContain('OSError: audit unavailable');
    // Each row names the file its line is in (a change can be made in another file).
    expect(append?.text).toContain('runtime.py');
    expect(append?.step).toBeLessThan(atEnd);

    await rows.nth(entries.indexOf(append as (typeof entries)[number])).click();
    await waitForStep(p, (s) => s === append?.step);

    // Back to the end, then "go to last change": by its button, then by its key.
    await press(p, 'continue');
    await waitForStep(p, (s) => s === atEnd);
    await p.locator('[data-testid=last-change]').click();
    await waitForStep(p, (s) => s === append?.step);
    await press(p, 'continue');
    await waitForStep(p, (s) => s === atEnd);
    await p.locator('[data-testid=continue]').focus();
    await app.page.keyboard.press('Alt+Shift+L');
    await waitForStep(p, (s) => s === append?.step);
    // The append's step shows the append as the line that just ran.
    expect((await status(p)).line).toBe(runtimeLine('for callback in chain'));
  });

  it("a name's history opened from the variables comes into view with the focus, and Escape gives it back", async () => {
    const p = panel(app.page, 'run_hooks');
    await pauseAtReport(p);
    const opener = p.locator(
      '[data-testid=var][data-name=warnings] [data-testid=var-history-open]',
    );
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const history = p.locator('[data-testid=history]');
    await history.waitFor();
    // The list sits under the diagram, far below the variables: it is brought into view.
    await expect
      .poll(async () => {
        const box = await history.boundingBox();
        const height = await app.page.evaluate(() => window.innerHeight);
        return box !== null && box.y >= 0 && box.y < height;
      })
      .toBe(true);
    expect(await history.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("pass and block part in the taught code, where the first hook's answer is checked, and either side can be shown there", async () => {
    const p = panel(app.page, 'run_hooks');
    await p.locator('[data-testid=divergence-a]').selectOption('pass');
    await p.locator('[data-testid=divergence-b]').selectOption('block');
    const d = p.locator('[data-testid=divergence]');
    await d.waitFor();
    // Compared through the panel's own file: the setup's hook that answers differently
    // runs in setup.py, but the paths part in check_answer, on the answer it got.
    const branch = runtimeLine('if answer is None:');
    expect(await d.getAttribute('data-file')).toBe('s04/core/runtime.py');
    expect(Number(await d.getAttribute('data-line'))).toBe(branch);
    expect(await d.getAttribute('data-a-file')).toBe('s04/core/runtime.py');
    expect(await d.getAttribute('data-b-file')).toBe('s04/core/runtime.py');
    expect(Number(await d.getAttribute('data-a-line'))).toBe(branch + 1);
    const validate = runtimeLine('if event == "before" and isinstance(answer, str)');
    expect(Number(await d.getAttribute('data-b-line'))).toBe(validate);
    const atA = Number(await d.getAttribute('data-a-step'));
    const atB = Number(await d.getAttribute('data-b-step'));
    expect(Number(await d.getAttribute('data-step'))).toBe(atA);
    expect(
      await p.locator('[data-testid=divergence-value][data-name=answer]').first().textContent(),
    ).toContain("'maintenance window");
    // It also says that the runs parted before, inside the hook, and what each side does.
    expect(await p.locator('[data-testid=divergence-earlier]').textContent()).toMatch(
      /^The runs part earlier, outside s04\/core\/runtime\.py: in \w+ \(setup\.py\), A at line \d+ \(step \d+\), B at line \d+/,
    );
    expect(await d.locator('.divergence-next').textContent()).toContain('runs the line');

    await p.locator('[data-testid=divergence-jump-b]').click();
    await waitForStep(p, (s) => s === atB);
    expect(await p.locator('[data-testid=scenario]').inputValue()).toBe('block');
    expect((await status(p)).line).toBe(validate);
    await p.locator('[data-testid=divergence-jump-a]').click();
    await expect.poll(() => p.locator('[data-testid=scenario]').inputValue()).toBe('pass');
    await waitForStep(p, (s) => s === atA);
    expect((await status(p)).line).toBe(branch + 1);
    // The line that just ran (the branch) and the one that runs next are marked apart.
    await p.locator('[data-testid=line-legend]').waitFor();
    await expect.poll(() => p.locator('.just-ran-line').count()).toBe(1);
    await expect.poll(() => p.locator('.runs-next-line').count()).toBe(1);
  });

  it('before and after part where audit_event branches on the event, past their own scripts', async () => {
    const p = panel(app.page, 'audit_event');
    await p.scrollIntoViewIfNeeded();
    await p.locator('[data-testid=divergence-a]').selectOption('before');
    await p.locator('[data-testid=divergence-b]').selectOption('after');
    const d = p.locator('[data-testid=divergence]');
    await d.waitFor();
    expect(Number(await d.getAttribute('data-line'))).toBe(runtimeLine('if event == "after":'));
    expect(Number(await d.getAttribute('data-a-line'))).toBe(runtimeLine('entries.append(entry)'));
    expect(Number(await d.getAttribute('data-b-line'))).toBe(
      runtimeLine('result = payload["result"]'),
    );
    expect(
      await p.locator('[data-testid=divergence-value][data-name=event]').first().textContent(),
    ).toMatch(/'before'.*'after'/);
  });

  it('the diagram can be walked as text and operated from the keyboard', async () => {
    const p = panel(app.page, 'run_hooks');
    await pauseAtReport(p);
    // Start with no history open (an earlier test may have opened one).
    if ((await p.locator('[data-testid=history]').count()) > 0) {
      await p.locator('[data-testid=history] .history-close').click();
    }
    await expect.poll(() => p.locator('[data-testid=history]').count()).toBe(0);
    const text = p.locator('[data-testid=heap-text]');
    const button = text.getByRole('button', { name: 'Where warnings came from' });
    // Below the screen the diagram is not rendered (content-visibility), but a screen
    // reader still finds its text alternative: ask Chromium's accessibility tree.
    // (The panel's head at the top: its buttons stay on screen while it scrolls, so
    // bringing them into view would not move the page.)
    await p.locator('.panel-head').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    const below = await p
      .locator('[data-testid=heap]')
      .evaluate((e) => e.getBoundingClientRect().top > window.innerHeight);
    expect(below).toBe(true);
    const cdp = await app.context.newCDPSession(app.page);
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector('[data-function=run_hooks] [data-testid=heap-text]')`,
    });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      objectId: result.objectId,
      role: 'button',
    });
    const names = nodes.filter((n) => !n.ignored).map((n) => n.name?.value);
    expect(names).toContain('Where warnings came from');
    await cdp.detach();
    await button.focus();
    expect(await text.evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(100);
    await app.page.keyboard.press('Enter');
    await p.locator('[data-testid=history]').waitFor();
    expect(await p.locator('[data-testid=var-history]').count()).toBeGreaterThan(0);
    // an object's history too, as the picture's click on its heading opens it
    await p.locator('[data-testid=history] .history-close').click();
    await expect.poll(() => p.locator('[data-testid=history]').count()).toBe(0);
    const objectButton = text.getByRole('button', { name: /^Where #\d+ came from$/ }).first();
    await objectButton.focus();
    await app.page.keyboard.press('Enter');
    await p.locator('[data-testid=history]').waitFor();
  });
});

describe('the reference diagram on a phone', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openReplaying('zh', PHONE);
    await readyWithoutPython(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('starts behind a toggle and fits the screen when shown', async () => {
    const p = panel(app.page, 'run_hooks');
    const line = runtimeLine('answer = callback(');
    await ensureBreakpoint(p, line);
    await press(p, 'debug');
    await waitState(p, 'paused', line);
    const toggle = p.locator('[data-testid=diagram-toggle]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await p.locator('[data-testid=heap]').count()).toBe(0);
    // Folded, the pane is its heading and button, with no empty room under them.
    const folded = await p.locator('[data-testid=diagram-pane]').evaluate((pane) => {
      const head = (pane.querySelector('h4') as HTMLElement).getBoundingClientRect();
      return pane.getBoundingClientRect().bottom - head.bottom;
    });
    expect(folded).toBeLessThanOrEqual(12);
    await toggle.click();
    await p
      .locator('[data-testid=heap] [data-testid=heap-frame][data-function=run_hooks]')
      .waitFor();
    const width = await p
      .locator('[data-testid=heap] svg.heap-svg')
      .evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(370);
    expect(await p.locator('[data-testid=heap-text]').textContent()).toContain('指向对象 #');
    // The setup's globals are folded to those that share an object with the call: the
    // hooks dict run_hooks was given is drawn once, with an arrow from each side.
    const heap = p.locator('[data-testid=heap]');
    const globals = heap.locator('[data-testid=heap-frame]').first();
    const targets = (frame: Locator) =>
      frame
        .locator('[data-testid=heap-var]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-to')).filter(Boolean));
    const kept = await targets(globals);
    const callTargets = await targets(
      heap.locator('[data-testid=heap-frame][data-function=run_hooks]'),
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((id) => callTargets.includes(id)).length).toBeGreaterThan(0);
    const more = globals.locator('[data-testid=heap-frame-more]');
    expect(await more.textContent()).toMatch(/^… 还有 \d+ 项$/);
    await more.click();
    await expect.poll(async () => (await targets(globals)).length).toBeGreaterThan(kept.length);
    expect(await more.count()).toBe(0);
  });

  it('asks its questions before the debugger, and the divergence table never widens the page', async () => {
    const p = panel(app.page, 'run_hooks');
    const top = (sel: string) =>
      p
        .locator(sel)
        .first()
        .evaluate((e) => e.getBoundingClientRect().top);
    // "Predict, then run": the questions come before the code and the variables.
    expect(await top('[data-testid=predict-box]')).toBeLessThan(await top('.code-col'));
    expect(await top('[data-testid=predict-box]')).toBeLessThan(
      await top('[data-testid=variables]'),
    );
    // The values that differed (a whole payload dict) scroll inside the box.
    const pageWidth = () =>
      app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const audit = panel(app.page, 'audit_event');
    await audit.scrollIntoViewIfNeeded();
    await audit.locator('[data-testid=divergence-a]').selectOption('before');
    await audit.locator('[data-testid=divergence-b]').selectOption('after');
    await audit.locator('[data-testid=divergence-value]').first().waitFor();
    // each scenario's name stays on the row of its picker
    expect(await namesBesidePickers(audit.locator('.divergence-pick'))).toEqual([true, true]);
    await audit.locator('[data-testid=divergence-value]').first().scrollIntoViewIfNeeded();
    expect(await pageWidth()).toBe(true);
    expect(await app.page.evaluate(() => window.scrollX)).toBe(0);
    // Each differing name stays on one line (it was broken two letters a line).
    const nameHeights = await audit
      .locator('[data-testid=divergence-value] th code')
      .evaluateAll((els) =>
        els.map((e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size),
      );
    expect(nameHeights.length).toBeGreaterThan(0);
    for (const lines of nameHeights) expect(lines).toBe(1);
  });

  it('says that the scenario comparison scrolls sideways where it is cut', async () => {
    const p = panel(app.page, 'run_hooks');
    await ensureBreakpoint(p, runtimeLine('answer = callback(')); // the table shows once one is on
    const box = p.locator('[data-testid=compare] .compare-scroll');
    await box.scrollIntoViewIfNeeded();
    // wider than the phone: the box scrolls, and its edge shows a shadow to say so
    expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await box.evaluate((e) => getComputedStyle(e).backgroundImage)).toMatch(
      /radial-gradient/,
    );
  });

  it("lets the lesson's tables scroll in their own box, not the page", async () => {
    const tables = app.page.locator('.prose .table-scroll');
    expect(await tables.count()).toBeGreaterThan(0);
    for (const box of await tables.all()) {
      await box.scrollIntoViewIfNeeded();
      expect(await box.evaluate((e) => e.getBoundingClientRect().right <= innerWidth)).toBe(true);
    }
    expect(
      await app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  it("shows a return's row and the box it hands back together, in the picture's view", async () => {
    const p = panel(app.page, 'run_hooks');
    await p.locator('[data-testid=scenario]').selectOption('post_error');
    const call = runtimeLine('answer = callback(');
    await ensureBreakpoint(p, call);
    await press(p, 'debug');
    await waitState(p, 'paused', call);
    await stepOverTo(p, runtimeLine('return {"blocked": None, "warnings": warnings}'));
    // The reader looks at the picture and steps from the toolbar, which stays on screen.
    const toggle = p.locator('[data-testid=diagram-toggle]');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await p.locator('.heap-scroll').scrollIntoViewIfNeeded();
    await step(p, 'step-into');
    const row = '[data-function=run_hooks] [data-testid=heap-result]';
    await p.locator(row).waitFor();
    const id = await p.locator(row).getAttribute('data-to');
    const box = `[data-testid=heap-object][data-object-id="${id}"]`;
    // Both inside the scroll box's view once the picture has followed the step (on a phone
    // the returned dict is laid out last, far below the frame's row).
    const inView = () =>
      p.locator('.heap-scroll').evaluate(
        (view, sels) => {
          const v = view.getBoundingClientRect();
          return sels.map((sel) => {
            const r = (view.querySelector(sel) as Element).getBoundingClientRect();
            return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
          });
        },
        [row, box],
      );
    await expect.poll(inView).toEqual([true, true]);
  });
});

describe("the divergence box on a phone, before the diagram's picture ever loaded", () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openReplaying('zh', PHONE);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is laid out by its own stylesheet: each scenario beside its picker', async () => {
    const p = panel(app.page, 'run_hooks');
    await waitState(p, 'ready');
    const pick = p.locator('.divergence-pick');
    await pick.scrollIntoViewIfNeeded();
    // the diagram stays behind its toggle: its picture (and its stylesheet) never loaded
    expect(await p.locator('[data-testid=heap]').count()).toBe(0);
    expect(await pick.evaluate((e) => getComputedStyle(e).display)).toBe('flex');
    expect(await namesBesidePickers(pick)).toEqual([true, true]);
  });
});

describe('locating an object from its #id on a phone', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openReplaying('zh', PHONE);
    await readyWithoutPython(app.page, panel(app.page, 'execute_hooked'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens the hidden diagram and brings the marked box onto the screen', async () => {
    const p = panel(app.page, 'execute_hooked');
    await pauseAtCallback(p, 'pass');
    const toggle = p.locator('[data-testid=diagram-toggle]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const badge = p.locator('[data-testid=var][data-name=payload] [data-testid=obj-id]');
    const id = await badge.getAttribute('data-obj-id');
    await badge.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const box = p.locator(`[data-testid=heap-object][data-object-id="${id}"][data-located=true]`);
    await box.waitFor();
    await expect
      .poll(() => box.evaluate((e) => e.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    expect(await p.locator('[data-testid=heap-located]').textContent()).toBe(
      `引用图中标出了对象 #${id}`,
    );
  });
});
