/**
 * "My scenario" (issue 14, item 15): a student copies a scenario into their own, edits
 * its script in place (the first hook returns False), runs it live in Python and sees
 * other output and hits than the base; the edit survives a reload; Reset brings back the
 * base's copy (and Restore the edit); the compare table and the divergence view list it;
 * an error in the script is shown at its line; the zh interface names it in Chinese; axe
 * finds no violation in it, whatever its impact.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, serveAxe } from './axe-helpers';
import { type AppSession, openApp } from './harness';
import { clickLine, panel, ready, runtimeLine, waitState } from './panel-helpers';

const MINE = '~mine';
const STORAGE_KEY = 'wpt.mine.s04-hooks:run_hooks';
/** "What if the first hook returned False?" */
const SCRIPT = [
  'def first(payload):',
  '    visited.append("before: first")',
  '    return False',
  '',
  'hooks["before"][0] = first',
  '',
].join('\n');
const BLOCKED_LINE = 'return {"blocked": PRE_CHECK_FAILED + problem';

describe('My scenario on the run_hooks panel', { timeout: 300_000 }, () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ path: '/?lang=en', viewport: { width: 1400, height: 1000 } });
    await ready(app.page, panel(app.page, 'run_hooks'));
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });
  const p = () => panel(app.page, 'run_hooks');
  const picked = () => p().locator('[data-testid=scenario]').inputValue();
  const editorText = async () =>
    (
      (await p().locator('[data-testid=my-scenario-editor] .view-lines').textContent()) ?? ''
    ).replace(/\u00a0/g, ' ');
  /** Wait until the saved own scenario's script does (or does not) contain `text`. */
  const savedHolds = (text: string, holds = true) =>
    app.page.waitForFunction(
      ([key, t, h]) => {
        const saved = JSON.parse(localStorage.getItem(key as string) ?? '{}') as { code?: string };
        return (saved.code ?? '').includes(t as string) === h;
      },
      [STORAGE_KEY, text, holds] as const,
    );
  // Paste rather than type: typing would be re-indented by the editor, as for a person.
  const paste = async (text: string) => {
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await app.page.keyboard.press('Control+V');
  };
  const output = () => p().locator('[data-testid=output]').textContent();
  /** Press Run and wait for the run to end in `state` (finished, or error). */
  const runUntil = async (state: 'finished' | 'error') => {
    await p().locator('[data-testid=run]').click();
    await p().locator(`[data-testid=status][data-state=${state}]`).waitFor({ timeout: 60_000 });
  };
  /** Debug, then Continue until the run has finished (Debug may stop first, or not). */
  const runToEnd = async () => {
    await p().locator('[data-testid=debug]').click();
    const settledState = p().locator(
      '[data-testid=status][data-state=paused], [data-testid=status][data-state=finished]',
    );
    for (;;) {
      await settledState.waitFor({ timeout: 60_000 });
      if ((await p().locator('[data-testid=status]').getAttribute('data-state')) === 'finished')
        return;
      await p().locator('[data-testid=continue]').click();
    }
  };
  /**
   * Start a test from a known state whatever the tests before it did: no saved panel
   * state, the given own scenario (or none) saved, the page opened in `lang`, and the own
   * scenario picked when there is one.
   */
  const startWith = async (mine: { base: string; code: string } | null, lang = 'en') => {
    await app.page.evaluate(
      ([key, m]) => {
        for (const k of Object.keys(localStorage))
          if (k.startsWith('wpt.panel.') || k.startsWith('wpt.mine.')) localStorage.removeItem(k);
        if (m)
          localStorage.setItem(key as string, JSON.stringify({ version: 1, ...(m as object) }));
      },
      [STORAGE_KEY, mine] as const,
    );
    await app.page.goto(`${app.baseUrl}/?lang=${lang}`);
    await ready(app.page, p());
    if (!mine) return;
    await p().locator('[data-testid=scenario]').selectOption(MINE);
    await p().locator('[data-testid=my-scenario]').waitFor();
  };
  /** The own scenario of "pass" with SCRIPT added, as the first test makes it. */
  const EDITED = { base: 'pass', code: SCRIPT };
  const cell = (line: number, scenario: string) =>
    p().locator(
      `[data-testid=compare-cell][data-line="${line}"][data-scenario="${scenario}"][data-hits]`,
    );

  it('starts from the selected scenario, runs the edited script live and differs from the base, and keeps it after a reload', async () => {
    await startWith(null);
    expect(await picked()).toBe('pass');
    // The base: both hooks run, nothing is blocked.
    await runToEnd();
    expect(await output()).toContain('hooks reached: before: first -> before: second\n');

    const start = p().locator('[data-testid=my-scenario-start]');
    expect(await start.textContent()).toBe('Try your own idea');
    await start.click();
    await p().locator('[data-testid=my-scenario][data-edited=false]').waitFor();
    expect(await picked()).toBe(MINE);
    expect(await p().locator('[data-testid=scenario] option:checked').textContent()).toBe(
      'My scenario',
    );
    expect(await editorText()).toContain('SCENARIO == "pass"');
    // The button is gone; the keyboard is in the editor that replaced it, ready to type.
    await app.page.waitForFunction(
      () =>
        document
          .querySelector('[data-function=run_hooks] [data-testid=my-scenario-editor]')
          ?.contains(document.activeElement) === true,
    );
    // The panel's own source stays read-only; only the script is editable.
    expect(
      await p().locator('.code-col [data-testid=code-monaco]').getAttribute('data-editable'),
    ).toBeNull();

    // Typed at once, the idea goes after the copied script (the caret waits at its end).
    await paste(SCRIPT);
    await savedHolds('return False');
    await p().locator('[data-testid=my-scenario][data-edited=true]').waitFor();
    const saved = await app.page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { code: string }).code,
      STORAGE_KEY,
    );
    expect(saved.startsWith('# My scenario')).toBe(true);
    expect(saved.trimEnd().endsWith(SCRIPT.trimEnd())).toBe(true);

    const line = runtimeLine(BLOCKED_LINE);
    await clickLine(p(), line);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    await p().locator('[data-testid=continue]').click();
    await waitState(p(), 'finished');
    const out = await output();
    expect(out).toContain('hooks reached: before: first\n');
    expect(out).not.toContain('before: second');

    // The compare table has a column for it: the line is hit in it, never in the base.
    await cell(line, MINE).waitFor({ timeout: 60_000 });
    expect(await cell(line, MINE).getAttribute('data-hits')).toBe('1');
    await cell(line, 'pass').waitFor({ timeout: 60_000 });
    expect(await cell(line, 'pass').getAttribute('data-hits')).toBe('0');
    expect(await p().locator('.compare th button', { hasText: 'My scenario' }).count()).toBe(1);

    // The divergence view offers it and finds where it parts from the base.
    await p().locator('[data-testid=divergence-a]').selectOption(MINE);
    await p().locator('[data-testid=divergence-b]').selectOption('pass');
    await p().locator('[data-testid=divergence]').waitFor({ timeout: 60_000 });

    // Kept in the browser: a reload finds it, picked and edited.
    await app.page.reload();
    await ready(app.page, p());
    expect(await picked()).toBe(MINE);
    await p().locator('[data-testid=my-scenario][data-edited=true]').waitFor();
    await app.page.waitForFunction(() =>
      document
        .querySelector('[data-function=run_hooks] [data-testid=my-scenario-editor] .view-lines')
        ?.textContent?.includes('False'),
    );
    expect(await editorText()).toContain('return False');
  });

  it('starts a paused run again when its script changes, and says so', async () => {
    await startWith(EDITED);
    const line = runtimeLine(BLOCKED_LINE);
    await clickLine(p(), line);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    const status = p().locator('[data-testid=status]');
    const stop = await status.getAttribute('data-step');
    await p().locator('[data-testid=step-into]').click();
    await expect.poll(() => status.getAttribute('data-step')).not.toBe(stop);
    // While paused further on, a line is added to the script (a comment: same run).
    await p().locator('[data-testid=my-scenario-editor] .view-lines').click();
    await app.page.keyboard.press('Control+End');
    await app.page.keyboard.type('# tried again');
    await savedHolds('# tried again');
    // The old step number would mean nothing in the new run: it starts again, to the
    // breakpoint, and the panel says why it moved.
    await p().locator('[data-testid=panel-notice][data-kind=codeChanged]').waitFor();
    await waitState(p(), 'paused', line);
    expect(await status.getAttribute('data-step')).toBe(stop);
  });

  it('resets to a copy of the base, and Restore brings the edit back', async () => {
    await startWith(EDITED);
    const reset = p().locator('[data-testid=my-scenario-reset]');
    expect(await reset.textContent()).toBe('Reset to “All pass”');
    await reset.click();
    await p().locator('[data-testid=my-scenario][data-edited=false]').waitFor();
    await savedHolds('return False', false);
    expect(await editorText()).not.toContain('return False');
    expect(await p().locator('[data-testid=my-scenario-replaced]').textContent()).toContain(
      'All pass',
    );
    // The reset copy runs as the base does.
    await runToEnd();
    expect(await output()).toContain('hooks reached: before: first -> before: second\n');

    // Nothing lost: Restore swaps the edited version back in.
    await p().locator('[data-testid=my-scenario-restore]').click();
    await p().locator('[data-testid=my-scenario][data-edited=true]').waitFor();
    await savedHolds('return False');
  });

  it('toggles a breakpoint in the script with F9 or its gutter, stops there, and shows where execution is', async () => {
    await startWith(EDITED);
    const saved = await app.page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { code: string }).code,
      STORAGE_KEY,
    );
    const line = saved.split('\n').findIndex((l) => l.includes('return False')) + 1;
    const nums = p().locator(
      '[data-testid=my-scenario-editor] .margin-view-overlays .line-numbers',
    );
    const texts = (await nums.allTextContents()).map((t) => t.trim());
    const glyphs = p().locator('[data-testid=my-scenario-editor] .bp-glyph');
    // F9 with the cursor on the line's code sets a breakpoint there, and again clears it.
    await nums.nth(texts.indexOf(String(line))).scrollIntoViewIfNeeded();
    const row = await nums.nth(texts.indexOf(String(line))).boundingBox();
    const code = await p().locator('[data-testid=my-scenario-editor] .view-lines').boundingBox();
    if (!row || !code) throw new Error('the script editor is not on screen');
    await app.page.mouse.click(code.x + 40, row.y + row.height / 2);
    await app.page.keyboard.press('F9');
    await glyphs.waitFor();
    const inScript = () =>
      p()
        .locator('[data-testid=breakpoint][data-file$="my_scenario.py"]')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-line'))));
    await expect.poll(inScript).toEqual([line]);
    await app.page.keyboard.press('F9');
    await glyphs.waitFor({ state: 'detached' });
    // The gutter does the same.
    await nums.nth(texts.indexOf(String(line))).click();
    await glyphs.waitFor();
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
    expect(await p().locator('[data-testid=now-in]').textContent()).toContain('my_scenario.py');
  });

  it('shows an exception and a SyntaxError in the script at their lines', async () => {
    await startWith(EDITED);
    const error = p().locator('[data-testid=my-scenario-error]');
    /** Add `text` at the end of the script; the line it is on, once saved. */
    const append = async (text: string) => {
      await p().locator('[data-testid=my-scenario-editor] .view-lines').click();
      await app.page.keyboard.press('Control+End');
      await paste(`${text}\n`);
      await savedHolds(text);
      const saved = await app.page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { code: string }).code,
        STORAGE_KEY,
      );
      return saved.split('\n').findIndex((l) => l.includes(text)) + 1;
    };
    // Valid Python that raises when it runs.
    const raises = await append('print(undefined_name)');
    await p().locator(`[data-testid=my-scenario-error][data-line="${raises}"]`).waitFor({
      timeout: 60_000,
    });
    expect(await error.textContent()).toContain(`Your script failed at line ${raises}:`);
    expect(await error.textContent()).toContain("NameError: name 'undefined_name' is not defined");
    // Not Python at all: nothing runs, the compiler's error is shown at its line.
    const broken = await append('def broken(:');
    await p().locator(`[data-testid=my-scenario-error][data-line="${broken}"]`).waitFor({
      timeout: 60_000,
    });
    expect(await error.textContent()).toContain(`Your script failed at line ${broken}:`);
    expect(await error.textContent()).toContain('SyntaxError');
    await p().locator('[data-testid=my-scenario-editor] .squiggly-error').first().waitFor();
  });

  it('says why input() found no input, in the run’s error card', async () => {
    const asks = 'name = input("Your name? ")';
    await startWith({ base: 'pass', code: `${SCRIPT}${asks}\n` });
    const line = `${SCRIPT}${asks}`.split('\n').length;
    const error = p().locator(`[data-testid=my-scenario-error][data-line="${line}"]`);
    await error.waitFor({ timeout: 60_000 });
    // CPython's own error for an input that has ended (Pyodide's default in a worker
    // would have been an OSError).
    expect(await error.textContent()).toContain('EOFError: EOF when reading a line');
    await runUntil('error');
    // The prompt was written, as Python writes it, before the input was read.
    expect(await output()).toContain('Your name? ');
    // The run's error card says why, and what to do instead (once on the page).
    const hint = app.page.locator('[data-testid=run-error-hint]');
    expect(await hint.count()).toBe(1);
    expect(
      await p().locator('[data-testid=run-error] [data-testid=run-error-hint]').textContent(),
    ).toMatch(/^A program run here has no keyboard input: input\(\) finds the end of its input/);
  });

  it('runs a script whose names are Chinese, and runs it again after an edit', async () => {
    // Compiling such a name imports unicodedata: that once broke the run's seal, and every
    // run of the script ended in "this run changed wpt_recorder.sandbox baseline.modules".
    const code = `${SCRIPT}名字 = "小明"\nprint("你好，" + 名字)\n`;
    await startWith({ base: 'pass', code }, 'zh');
    await runUntil('finished');
    expect(await output()).toContain('你好，小明');
    expect(await p().locator('[data-testid=run-error]').count()).toBe(0);
    // An edit records it again, in the same worker: its new line's output shows.
    await p().locator('[data-testid=my-scenario-editor] .view-lines').click();
    await app.page.keyboard.press('Control+End');
    await paste('print("再见，" + 名字)\n');
    await savedHolds('print("再见，" + 名字)');
    await p().locator('[data-testid=run]').click();
    await expect.poll(output, { timeout: 60_000 }).toContain('再见，小明');
    expect(await p().locator('[data-testid=run-error]').count()).toBe(0);
  });

  it('runs a hook that awaits a coroutine through asyncio.run()', async () => {
    // The page's own event loop is Pyodide's and always running: asyncio.run() once failed
    // with "module 'pyodide_js' is disabled" (recorder/asyncloop.py gives a run a loop).
    const code = [
      'import asyncio',
      'async def check(payload):',
      '    await asyncio.sleep(0.01)',
      '    print("checked in a coroutine")',
      '    return None',
      'def first(payload):',
      '    visited.append("before: first")',
      '    return asyncio.run(check(payload))',
      'hooks["before"][0] = first',
      '',
    ].join('\n');
    await startWith({ base: 'pass', code });
    await runUntil('finished');
    expect(await p().locator('[data-testid=run-error]').count()).toBe(0);
    const out = (await output()) ?? '';
    expect(out).toContain('checked in a coroutine\n');
    expect(out).toContain('hooks reached: before: first -> before: second\n');
  });

  it('refuses an async def hook as plain Python does, warning at the lesson line that let it go', async () => {
    // Calling it makes a coroutine, which check_answer refuses; the ValueError's traceback
    // held it. The recorder kept that exception to the run's end, and Python's warning
    // came after everything, naming wpt_recorder/values.py (recorder/letgo.py).
    const code = [
      'async def first(payload):',
      '    visited.append("before: first")',
      '    return None',
      'hooks["before"][0] = first',
      '',
    ].join('\n');
    await startWith({ base: 'pass', code });
    await runUntil('finished');
    const out = (await output()) ?? '';
    expect(out).toMatch(
      /^\S*runtime\.py:23: RuntimeWarning: coroutine 'first' was never awaited\n {2}answer, problem = None/,
    );
    expect(out).not.toContain('wpt_recorder');
    expect(out).toContain("blocked: 'pre-check failed: ValueError: before hooks must return");
  });

  it('is named in Chinese in the zh interface, and another scenario can be copied again', async () => {
    await startWith({ base: 'pass', code: `${SCRIPT}def broken(:\n` }, 'zh');
    expect(await p().locator('[data-testid=scenario] option:checked').textContent()).toBe(
      '我的场景',
    );
    await p().locator('[data-testid=my-scenario-error]').waitFor({ timeout: 60_000 });
    expect(await p().locator('[data-testid=my-scenario-error]').textContent()).toContain(
      '你的脚本第',
    );
    // Its sentences sit side by side, as Chinese writes them: no space after a 。
    const help = await p().locator('[data-testid=my-scenario] .hint').first().textContent();
    expect(help).toContain('。改动只保存在这个浏览器里。在可以编辑的代码框里');
    // Its editor, buttons and error pass axe (no violation, whatever its impact).
    await serveAxe(app.context);
    expect(JSON.stringify(await axeViolations(app.page))).toBe('[]');
    await p().locator('[data-testid=scenario]').selectOption('block');
    const start = p().locator('[data-testid=my-scenario-start]');
    expect(await start.getAttribute('data-replaces')).toBe('true');
    expect(await start.textContent()).toBe('从这个场景重新改');
    await start.click();
    await p().locator('[data-testid=my-scenario][data-edited=false]').waitFor();
    expect(await editorText()).toContain('SCENARIO == "block"');
    // The broken version it replaced can be restored.
    await p().locator('[data-testid=my-scenario-restore]').waitFor();
    expect(await axeViolations(app.page)).toEqual([]);
  });

  it('shows an object its #id asks for when the picture cuts short the container holding it', async () => {
    // Twelve hooks, each its own function: the diagram draws eight items of a container.
    const twelve = [
      'def quiet(i):',
      '    def hook(payload):',
      '        return None',
      '    hook.__name__ = f"hook_{i}"',
      '    return hook',
      '',
      'hooks["before"] = [quiet(i) for i in range(12)]',
      '',
    ].join('\n');
    await startWith({ base: 'pass', code: twelve });
    const call = runtimeLine('answer = callback(');
    await clickLine(p(), call);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', call);
    const chain = p().locator('[data-testid=var][data-name=chain]');
    const tuple = await chain.getAttribute('data-obj-id');
    const box = (id: string | null) =>
      p().locator(`[data-testid=heap-object][data-object-id="${id}"]`);
    await expect.poll(() => box(tuple).locator('[data-testid=heap-more]').count()).toBe(1);
    await chain.locator('.val-toggle').first().click();
    const eleventh = chain
      .locator('.val-children > li')
      .nth(10)
      .locator('[data-testid=obj-id]')
      .first();
    const id = await eleventh.getAttribute('data-obj-id');
    expect(await box(id).count()).toBe(0);
    await eleventh.click();
    await expect.poll(() => box(id).getAttribute('data-located')).toBe('true');
    expect(await box(tuple).locator('[data-testid=heap-more]').count()).toBe(0);
    expect(await p().locator('[data-testid=heap-located]').textContent()).toBe(
      `Object #${id} is marked in the diagram`,
    );
    // What was opened for it stays open once the panel moves on.
    await p().locator('[data-testid=step-over]').click();
    await expect.poll(() => p().locator('[data-located=true]').count()).toBe(0);
    expect(await box(id).count()).toBe(1);
  });
});

describe('My scenario on a phone, 390×844', { timeout: 300_000 }, () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ path: '/?lang=en', viewport: { width: 390, height: 844 }, touch: true });
    await ready(app.page, panel(app.page, 'run_hooks'));
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });
  const p = () => panel(app.page, 'run_hooks');
  const height = (testid: string) =>
    p()
      .locator(`[data-testid=${testid}]`)
      .evaluate((el) => el.getBoundingClientRect().height);

  it('starts, shows its script under the panes with 44 px buttons, and runs', async () => {
    const start = p().locator('[data-testid=my-scenario-start]');
    expect(await height('my-scenario-start')).toBeGreaterThanOrEqual(44);
    await start.tap();
    await p().locator('[data-testid=my-scenario] .view-lines').waitFor();
    expect(await height('my-scenario-reset')).toBeGreaterThanOrEqual(44);
    // The focus moved to the script's box, not into its text: no on-screen keyboard
    // covers the page before the reader has seen the script.
    await expect
      .poll(() =>
        app.page.evaluate(() => {
          const at = document.activeElement;
          return at?.closest('[data-testid=my-scenario-editor]')
            ? at.getAttribute('data-testid')
            : null;
        }),
      )
      .toBe('code-monaco');
    // Its long comment lines wrap inside the narrow box instead of running off it.
    const wrapped = p().locator('[data-testid=my-scenario-editor] [data-wrap]');
    expect(await wrapped.getAttribute('data-wrap')).toBe('true');
    // ...in a box as tall as the code box may be (38% of the screen), not one sized by the
    // count of lines that now wrap, which showed three of them.
    const box = p().locator('[data-testid=my-scenario-editor] .code-monaco');
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(
      Math.floor(844 * 0.38),
    );
    // Under the panes, so that the paused line and the variables stay together.
    const top = (sel: string) =>
      p()
        .locator(sel)
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
    expect(await top('[data-testid=my-scenario]')).toBeGreaterThan(await top('.panes'));
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused');
  });
});

describe('My scenario where the browser refuses to store anything', { timeout: 120_000 }, () => {
  it('says that the edits last only until the page is closed', async () => {
    const app = await openApp({
      path: '/?lang=en',
      beforeNavigate: async (context) => {
        await context.addInitScript(() => {
          Storage.prototype.setItem = () => {
            throw new DOMException('refused', 'SecurityError');
          };
        });
      },
    });
    try {
      const p = panel(app.page, 'run_hooks');
      await p.locator('[data-testid=my-scenario-start]').click();
      const kept = p.locator('[data-testid=my-scenario-kept]');
      await kept.and(app.page.locator('[data-kept=false]')).waitFor();
      expect(await kept.textContent()).toContain('your edits last until the page is closed');
    } finally {
      await app.close();
    }
  });

  it('keeps a saved script it cannot read aside, offers it, and lets it be deleted', async () => {
    const unreadable = JSON.stringify({ version: 9, base: 'pass', code: 'n = 42  # mine\n' });
    const app = await openApp({ path: '/?lang=zh', python: 'refused' });
    try {
      await app.page.evaluate(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEY, unreadable]);
      await app.page.reload();
      const p = panel(app.page, 'run_hooks');
      const kept = p.locator('[data-testid=kept-aside]');
      await kept.waitFor();
      expect(await kept.textContent()).toContain('读不出来');
      // Set aside under a key of its own: the panel's key is free for a new script.
      expect(
        await app.page.evaluate(
          (k) => [localStorage.getItem(k), localStorage.getItem(`wpt.kept.${k}`)],
          STORAGE_KEY,
        ),
      ).toEqual([null, unreadable]);
      const [download] = await Promise.all([
        app.page.waitForEvent('download'),
        kept.locator('[data-testid=kept-download]').click(),
      ]);
      const saved = await download.path();
      expect(saved && readFileSync(saved, 'utf8')).toBe(unreadable);
      await kept.locator('[data-testid=kept-delete]').click();
      await kept.waitFor({ state: 'detached' });
      expect(
        await app.page.evaluate((k) => localStorage.getItem(`wpt.kept.${k}`), STORAGE_KEY),
      ).toBeNull();
    } finally {
      await app.close();
    }
  });
});
