/**
 * Issue 5.2 in the built app: errors carry their place, and what is too big or too
 * strange is caught, capped or truncated with a visible notice.
 *
 * One author draft of the flagship lesson, each panel/scenario broken in its own way:
 * - execute_hooked's entry has a syntax error (every scenario of that panel);
 * - audit_event `after` imports a module that does not exist;
 * - run_hooks `pass` raises at the end of the entry (an uncaught exception);
 * - the setup, per scenario: `block` recurses forever, `pre_error` allocates 8 GB,
 *   `post_error` prints 10 MB, `mutate` holds huge and self-referential values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSession } from './harness';
import { panel, ready, variables, waitState } from './panel-helpers';
import {
  openWithDraft,
  output,
  panelReport,
  runScenario,
  shipped,
  stepOf,
} from './reliability-helpers';

const entry = shipped('entries/execute_hooked.py');
const SETUP = [
  shipped('setup.py'),
  'def deeper(n):',
  '    return deeper(n + 1)',
  'if SCENARIO == "block":',
  '    deeper(0)',
  'if SCENARIO == "pre_error":',
  '    huge = [0] * 10**9',
  'if SCENARIO == "post_error":',
  '    print("x" * 10_000_000)',
  'if SCENARIO == "mutate":',
  '    loop = {}',
  '    loop["self"] = loop',
  '    big = list(range(10**6))',
  '    googol = 10**5000',
  '    text = "y" * 5_000_000',
  '',
].join('\n');
const SYNTAX_LINE = entry.split('\n').length + 1; // the line added below

describe('errors with their place, and capped values, in the panels', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openWithDraft({
      draft: {
        'entries/execute_hooked.py': `${entry.trimEnd()}\n\nprint("unclosed", (1, 2)\n`,
        'scenarios/after.py': `import json\nimport no_such_module\n${shipped('scenarios/after.py')}`,
        'entries/run_hooks.py': `${shipped('entries/run_hooks.py')}\nif SCENARIO == "pass":\n    raise LookupError("no hook named " + repr(visited[-1]))\n`,
        'setup.py': SETUP,
      },
    });
    await ready(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a syntax error names file, line and column, in the alert and in the editor', async () => {
    const p = panel(app.page, 'execute_hooked');
    // Panels below the first record when the reader comes near them, as here.
    await p.scrollIntoViewIfNeeded();
    await waitState(p, 'error');
    const report = await panelReport(p);
    expect(report.error).toContain('SyntaxError');
    expect(report.place).toMatch(new RegExp(`^entries/execute_hooked\\.py:${SYNTAX_LINE}:\\d+$`));
    // the author's editor of that file marks the line
    await p.locator('[data-testid=author-tab][data-file="entries/execute_hooked.py"]').click();
    const editor = p.locator('[data-testid=author-editor][data-file="entries/execute_hooked.py"]');
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 15_000 });
    // nothing ran, so there is nothing to step through, and the buttons cannot break it
    await p.locator('[data-testid=step-into]').click();
    await waitState(p, 'error');
  });

  it('an import error names the importing file, line and column', async () => {
    const p = panel(app.page, 'audit_event');
    await runScenario(p, 'after', 'run', 'error');
    const report = await panelReport(p);
    expect(report.error).toContain("ModuleNotFoundError: No module named 'no_such_module'");
    expect(report.place).toBe('scenarios/after.py:2:1');
    // and what the reader may not know: only the standard library and the lesson's files
    expect(await p.locator('[data-testid=run-error-hint]').textContent()).toMatch(
      /^Only Python's standard library \(the part that runs in a browser: no tkinter or turtle\) and this lesson's own files can be imported here/,
    );
  });

  it('an uncaught exception shows its traceback, and the trace replays up to the raise', async () => {
    const p = panel(app.page, 'run_hooks');
    await runScenario(p, 'pass', 'run', 'error');
    const report = await panelReport(p);
    expect(report.error).toContain("LookupError: no hook named 'before: second'");
    expect(report.place).toMatch(/^entries\/run_hooks\.py:\d+:\d+$/);
    const traceback = await p.locator('.traceback').textContent();
    expect(traceback).toContain('Traceback (most recent call last):');
    expect(traceback).toContain('File "entries/run_hooks.py"');
    // everything before the raise ran and printed
    expect(await output(p)).toContain('hooks reached: before: first -> before: second');
    // step back from the end: the last steps are the raise, in the entry
    await p.locator('[data-testid=step-back]').click();
    await waitState(p, 'paused');
    const last = await stepOf(p);
    expect(last).toBeGreaterThan(10);
    await expect(p.locator('[data-testid=result]').textContent()).resolves.toContain('LookupError');
  });

  it('RecursionError is an ordinary error with a short traceback', async () => {
    const p = panel(app.page, 'run_hooks');
    await runScenario(p, 'block', 'run', 'error');
    const report = await panelReport(p);
    expect(report.error).toContain('RecursionError: maximum recursion depth exceeded');
    expect(report.place).toMatch(/^setup\.py:\d+:\d+$/);
    expect(await p.locator('.traceback').textContent()).toContain('more times');
  });

  it('MemoryError from a huge allocation is an ordinary error at its line', async () => {
    const p = panel(app.page, 'run_hooks');
    await runScenario(p, 'pre_error', 'run', 'error');
    const report = await panelReport(p);
    expect(report.error).toContain('MemoryError');
    const line = SETUP.split('\n').findIndex((l) => l.includes('huge = [0]')) + 1;
    expect(report.place).toMatch(new RegExp(`^setup\\.py:${line}:\\d+$`));
  });

  it('a 10 MB print is cut, with a notice', async () => {
    const p = panel(app.page, 'run_hooks');
    await runScenario(p, 'post_error', 'run', 'finished');
    await expect(p.locator('[data-testid=notice]').textContent()).resolves.toBe(
      'Output was cut at 1,000,000 characters.',
    );
    const text = await output(p);
    expect(text.length).toBeLessThanOrEqual(1_000_000 + 1000);
    expect(text).toContain('x'.repeat(1000));
  });

  it('huge and self-referential values are shown truncated', async () => {
    const p = panel(app.page, 'run_hooks');
    await runScenario(p, 'mutate', 'run', 'finished');
    await p.locator('[data-testid=step-back]').click();
    await waitState(p, 'paused');
    const vars = await variables(p);
    expect(vars.loop).toContain("{'self': {...}}");
    expect(vars.big).toContain('…');
    expect(vars.big.length).toBeLessThan(200);
    expect(vars.googol).toBe('<int of about 5,001 digits>');
    expect(vars.text.length).toBeLessThan(100);
  });

  it('nothing on the page broke', () => {
    expect(app.pageErrors).toEqual([]);
    expect(app.foreignRequests).toEqual([]);
  });
});
