import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addScenario } from '../../src/lessons/edit';
import { zipLesson } from '../../src/ui/author/transfer';
import { type AppSession, openApp } from './harness';
import {
  chooseScenario,
  clickLine,
  panel,
  ready,
  runtimeLine,
  setBreakpoints,
  waitState,
} from './panel-helpers';
import { crashPythonWorker, keepWorkers, pythonWorker } from './reliability-helpers';

const SCRIPT = [
  'def verdict_hook(payload):',
  '    visited.append("before: verdict_hook")',
  '    return {"decision": "allow"}  # neither None nor a reason: this BLOCKS the call',
  '',
  'hooks["before"] = [verdict_hook, second]',
  '',
].join('\n');

/**
 * The draft the first test makes through the UI (a scenario `dict_answer` whose script
 * ends with SCRIPT), built here too so that every other test starts from it on its own.
 */
function dictAnswerDraft(): Record<string, string> {
  const manifest = readFileSync('lessons/s04-hooks/lesson.json', 'utf8');
  const edit = addScenario(manifest, 'run_hooks', 'dict_answer');
  const script = 'scenarios/dict_answer.py';
  return { 'lesson.json': edit.manifest, [script]: edit.write[script] + SCRIPT };
}

describe('author mode: from idea to a checked scenario file', () => {
  let app: AppSession;
  const tmp = mkdtempSync(path.join(tmpdir(), 'wpt-author-'));
  beforeAll(async () => {
    app = await openApp({
      path: '/?lang=en&author=1',
      beforeNavigate: (context) => keepWorkers(context),
    });
    await ready(app.page, panel(app.page, 'run_hooks'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  const p = () => panel(app.page, 'run_hooks');
  /**
   * Start a test from a known state: no saved panel state, and the given draft (or none),
   * whatever the tests before it did.
   */
  const startWith = async (draft: Record<string, string> | null) => {
    await app.page.evaluate((files) => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith('wpt.panel.') || k.startsWith('wpt.draft.')) localStorage.removeItem(k);
      if (files) localStorage.setItem('wpt.draft.s04-hooks', JSON.stringify({ version: 1, files }));
    }, draft);
    await app.page.reload();
    await ready(app.page, p());
  };
  /** Wait until the draft saved in the browser does (or does not) hold `text`. */
  const draftHolds = (text: string, holds = true) =>
    app.page.waitForFunction(
      ([t, h]) =>
        Object.keys(localStorage).some((k) => {
          if (!k.startsWith('wpt.draft.')) return false;
          // The draft is JSON: look in its files' texts, not in the escaped string.
          const saved = JSON.parse(localStorage.getItem(k) ?? '{}') as {
            files?: Record<string, string | null>;
          };
          return Object.values(saved.files ?? {}).some(
            (f) => typeof f === 'string' && f.includes(t as string),
          );
        }) === h,
      [text, holds] as const,
    );
  /** Wait until run_hooks' scenario picker shows `id`. */
  const scenarioShown = (id: string) =>
    app.page.waitForFunction(
      (want) =>
        (
          document.querySelector(
            '[data-function=run_hooks] [data-testid=scenario]',
          ) as HTMLSelectElement | null
        )?.value === want,
      id,
    );
  // Paste rather than type: typing would be re-indented by the editor, as for a person.
  const paste = async (text: string) => {
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await app.page.keyboard.press('Control+V');
  };

  /** Click an export button and read the zip it downloads: path in the zip → bytes. */
  const exported = async (button: string, name: string) => {
    const [download] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 60_000 }),
      app.page.locator(`[data-testid=${button}]`).click(),
    ]);
    const zipPath = path.join(tmp, name);
    await download.saveAs(zipPath);
    return unzipSync(new Uint8Array(readFileSync(zipPath)));
  };
  /**
   * Unzip `entries` into `root` (over the shipped lessons when `withShipped`) and run
   * lessons:check on the lessons folder there; its report.
   */
  const checkUnzipped = (
    entries: Record<string, Uint8Array>,
    root: string,
    withShipped: boolean,
  ) => {
    if (withShipped) cpSync('lessons', path.join(root, 'lessons'), { recursive: true });
    for (const [name, bytes] of Object.entries(entries)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), strFromU8(bytes));
    }
    return execFileSync(
      'node_modules/.bin/tsx',
      ['scripts/lessons-check.ts', '--root', path.join(root, 'lessons')],
      { encoding: 'utf8', timeout: 120_000 },
    );
  };

  it('adds a scenario, edits its script and runs it live', async () => {
    await startWith(null);
    await p().locator('[data-testid=scenario-id]').fill('dict_answer');
    await p().locator('[data-testid=scenario-add]').click();
    await scenarioShown('dict_answer');
    await p().locator('[data-testid=author-tab][data-file="scenarios/dict_answer.py"]').click();
    await p()
      .locator('[data-testid=author-editor][data-file="scenarios/dict_answer.py"] .view-lines')
      .click();
    await app.page.keyboard.press('Control+End');
    await paste(SCRIPT);
    await expect(
      app.page.locator('[data-testid=draft-status]').getAttribute('data-changed'),
    ).resolves.toBe('2');
    // the run follows the draft as typed (Run records the files as they are now)
    await draftHolds('hooks["before"] = [verdict_hook, second]');
    await p().locator('[data-testid=run]').click();
    await waitState(p(), 'finished');
    await app.page.waitForFunction(() =>
      document
        .querySelector('[data-function=run_hooks] [data-testid=output]')
        ?.textContent?.includes("not {'decision': 'allow'}"),
    );
    const out = await p().locator('[data-testid=output]').textContent();
    expect(out).toContain('hooks reached: before: verdict_hook\n');
  });

  it('hits a breakpoint in the drafted scenario', async () => {
    await startWith(dictAnswerDraft());
    await chooseScenario(p(), 'dict_answer');
    const line = runtimeLine('return {"blocked": PRE_CHECK_FAILED + problem');
    await clickLine(p(), line);
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line);
  });

  it('shows a Python error of the draft at its line, then recovers', async () => {
    await startWith(dictAnswerDraft());
    await p().locator('[data-testid=scenario]').selectOption('dict_answer');
    await p().locator('[data-testid=author-tab][data-file="scenarios/dict_answer.py"]').click();
    const editor = p().locator('[data-testid=author-editor] .view-lines');
    await editor.click();
    await app.page.keyboard.press('Control+End');
    await paste('this is not python\n');
    await draftHolds('this is not python');
    await p().locator('[data-testid=run]').click();
    await p().locator('[data-testid=run-error]').waitFor();
    await expect(p().locator('[data-testid=error-place]').textContent()).resolves.toContain(
      'scenarios/dict_answer.py:8',
    );
    await p().locator('[data-testid=author-editor] .squiggly-error').first().waitFor();
    await editor.click();
    await app.page.keyboard.press('Control+z');
    await draftHolds('this is not python', false);
    await p().locator('[data-testid=run]').click();
    await app.page.waitForFunction(
      () => !document.querySelector('[data-function=run_hooks] [data-testid=run-error]'),
    );
  });

  it('saves each language of a description as typed, never writing back an older text, across a reload', async () => {
    await startWith(dictAnswerDraft());
    await chooseScenario(p(), 'dict_answer');
    // One language alone is not a valid description, so the lesson in use stays the last
    // valid one while the author types the other: that must not undo the first.
    await p().locator('[data-testid=scenario-desc-zh]').fill('先写中文');
    await p().locator('[data-testid=scenario-desc-zh]').press('Tab');
    await draftHolds('先写中文');
    // A reload in between: the page opens on the last valid draft, saved with this one,
    // so the half-made scenario, its fields (showing what was typed) and its script are
    // still there to finish.
    await app.page.reload();
    await ready(app.page, p());
    await chooseScenario(p(), 'dict_answer');
    expect(await p().locator('[data-testid=scenario-desc-zh]').inputValue()).toBe('先写中文');
    await p().locator('[data-testid=author-tab][data-file="scenarios/dict_answer.py"]').waitFor();
    await p().locator('[data-testid=scenario-desc-en]').fill('then English');
    await p().locator('[data-testid=scenario-desc-en]').press('Tab');
    const description = () =>
      app.page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('wpt.draft.s04-hooks') ?? '{}');
        return JSON.parse(saved.files['lesson.json']).scenarios.dict_answer.description;
      });
    await expect.poll(description).toEqual({ zh: '先写中文', en: 'then English' });
  });

  it('says under the editor, without a click, where a draft that never ends was stopped', async () => {
    const draft = dictAnswerDraft();
    const script = 'scenarios/dict_answer.py';
    draft[script] = `${draft[script]}\nspins = 0\nwhile True:\n    spins += 1\n`;
    const loopLine = draft[script].split('\n').indexOf('    spins += 1') + 1;
    await startWith(draft);
    await chooseScenario(p(), 'dict_answer');
    const error = p().locator('[data-testid=author-run-error]');
    await error.waitFor({ timeout: 120_000 });
    expect(await error.getAttribute('data-file')).toBe(script);
    const text = (await error.textContent()) ?? '';
    expect(text).toContain(`${script}, line`);
    expect(text).toMatch(/The run was stopped/);
    // The place is a line of the loop (the condition or the body, whichever ran last).
    const line = Number(/line (\d+)/.exec(text)?.[1]);
    expect([loopLine - 1, loopLine]).toContain(line);
    // Exported as it is, its golden file records the stop: the export says so at once.
    const entries = await exported('export-changed', 'runaway.zip');
    expect(Object.keys(entries)).toContain('lessons/s04-hooks/golden/run_hooks/dict_answer.json');
    expect(await app.page.locator('[data-testid=author-message]').textContent()).toContain(
      'Note: run_hooks/dict_answer does not end as its scenario says',
    );
  });

  it('keeps the draft after a reload', async () => {
    await startWith(dictAnswerDraft());
    await app.page.reload();
    await ready(app.page, p());
    await p().locator('[data-testid=scenario]').selectOption('dict_answer');
    await p().locator('[data-testid=run]').click();
    await app.page.waitForFunction(() =>
      document
        .querySelector('[data-function=run_hooks] [data-testid=output]')
        ?.textContent?.includes("not {'decision': 'allow'}"),
    );
  });

  it('reopens a reload on the drafted scenario it was on, not the first one', async () => {
    await startWith(dictAnswerDraft());
    await chooseScenario(p(), 'dict_answer');
    // the address names the scenario before the reload (the panel's state is in it)
    await app.page.waitForFunction(() => location.search.includes('s='));
    await app.page.reload();
    await ready(app.page, p());
    // The draft's scenario is known only once author mode's tools have loaded the draft:
    // the panel must end on it, with no "no such scenario" notice left behind.
    await scenarioShown('dict_answer');
    expect(await p().locator('[data-testid=panel-notice][data-kind=scenarioMissing]').count()).toBe(
      0,
    );
  });

  it('exports the changed files, which pass lessons:check when dropped into lessons/', async () => {
    await startWith(dictAnswerDraft());
    const entries = await exported('export-changed', 'changes.zip');
    const names = Object.keys(entries).sort();
    expect(names).toContain('lessons/s04-hooks/lesson.json');
    expect(names).toContain('lessons/s04-hooks/scenarios/dict_answer.py');
    expect(names).toContain('lessons/s04-hooks/golden/run_hooks/dict_answer.json');
    // nothing the draft did not change
    expect(names).not.toContain('lessons/s04-hooks/setup.py');
    const out = checkUnzipped(entries, path.join(tmp, 'repo'), true);
    expect(out).toMatch(/\b0 failed\b/);
    expect(out).toContain('run_hooks/dict_answer');
  });

  it('says which drafted files changed on disk since the draft began', async () => {
    const draft = dictAnswerDraft();
    await startWith(draft);
    // The draft as saved, with the shipped setup.py it started from, older than today's.
    await app.page.evaluate(() => {
      const key = 'wpt.draft.s04-hooks';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      saved.files['setup.py'] = '# my copy\n';
      saved.base = { 'setup.py': '# what setup.py held when the draft began\n' };
      localStorage.setItem(key, JSON.stringify(saved));
    });
    await app.page.reload();
    await ready(app.page, p());
    const stale = app.page.locator('[data-testid=draft-stale]');
    await stale.waitFor();
    expect(await stale.textContent()).toContain(
      'Changed on disk since you began drafting them: setup.py.',
    );
  });

  it('says so when the draft it exports does not load', async () => {
    const draft = dictAnswerDraft();
    draft['lesson.json'] = (draft['lesson.json'] as string).replace(
      '"function": "run_hooks"',
      '"function": "run_hookz"',
    );
    await startWith(draft);
    // The card says that the draft broke the lesson and that the article is its last good
    // version, and places the problem as lessons:check does (line and column).
    const card = app.page.locator('[data-testid=lesson-error]');
    await card.waitFor();
    expect(await card.locator('h2').textContent()).toBe(
      'Your draft of s04-hooks does not load now: below is the last version that did. Fix these problems:',
    );
    expect(await card.locator('li code').first().textContent()).toMatch(/lesson\.json:\d+:\d+$/);
    await exported('export-changed', 'broken-changes.zip');
    expect(await app.page.locator('[data-testid=author-message]').textContent()).toContain(
      'the draft does not load now (1 problem, listed above)',
    );
  });

  it('exports a lesson that exists only as a draft and does not load, saying what it could not record', async () => {
    const fresh = await openApp({ path: '/?lang=en&author=1' });
    try {
      const files = {
        'lesson.json': '{ "id": "half-done", ',
        'src/agent.py': 'def f():\n    pass\n',
      };
      await fresh.page.evaluate((f) => {
        localStorage.setItem('wpt.draft.half-done', JSON.stringify({ version: 1, files: f }));
      }, files);
      await fresh.page.goto('/?lang=en&author=1&lesson=half-done');
      await fresh.page.locator('[data-testid=author-bar]').waitFor();
      const message = fresh.page.locator('[data-testid=author-message]');
      for (const [button, name] of [
        ['export-changed', 'half-changes.zip'],
        ['export-all', 'half-folder.zip'],
      ] as const) {
        const [download] = await Promise.all([
          fresh.page.waitForEvent('download', { timeout: 60_000 }),
          fresh.page.locator(`[data-testid=${button}]`).click(),
        ]);
        const zipPath = path.join(tmp, name);
        await download.saveAs(zipPath);
        const entries = unzipSync(new Uint8Array(readFileSync(zipPath)));
        expect(strFromU8(entries['lessons/half-done/lesson.json'])).toBe(files['lesson.json']);
        expect(strFromU8(entries['lessons/half-done/src/agent.py'])).toBe(files['src/agent.py']);
        expect(await message.textContent()).toContain('No version of this lesson loads');
      }
    } finally {
      await fresh.close();
    }
  });

  it('exports the whole lesson folder, which passes lessons:check on its own', async () => {
    await startWith(dictAnswerDraft());
    const entries = await exported('export-all', 'folder.zip');
    // Every panel × scenario has its golden file, the unchanged ones too.
    const manifest = JSON.parse(strFromU8(entries['lessons/s04-hooks/lesson.json']));
    const expected = (manifest.panels as { id: string; scenarios: string[] }[]).flatMap((q) =>
      q.scenarios.map((id) => `lessons/s04-hooks/golden/${q.id}/${id}.json`),
    );
    const goldens = Object.keys(entries).filter((n) => n.includes('/golden/'));
    expect(goldens.sort()).toEqual([...expected].sort());
    // The folder alone, with no other lesson and no shipped file beside it, checks clean.
    const out = checkUnzipped(entries, path.join(tmp, 'folder'), false);
    expect(out).toMatch(/\b0 failed\b/);
    expect(out).toContain('run_hooks/dict_answer');
  });

  it('survives a crash of the Python worker with the draft intact', async () => {
    await startWith(dictAnswerDraft());
    const worker = await pythonWorker(app.page);
    const closed = new Promise((resolve) => worker.once('close', resolve));
    await crashPythonWorker(app.page);
    await closed;
    await app.page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: 60_000 });
    await p().locator('[data-testid=scenario]').selectOption('dict_answer');
    await p().locator('[data-testid=run]').click();
    await app.page.waitForFunction(() =>
      document
        .querySelector('[data-function=run_hooks] [data-testid=output]')
        ?.textContent?.includes("not {'decision': 'allow'}"),
    );
    await expect(
      app.page.locator('[data-testid=draft-status]').getAttribute('data-changed'),
    ).resolves.toBe('2');
  });

  it('moves breakpoints with their lines when the lesson source is edited', async () => {
    await startWith(dictAnswerDraft());
    await chooseScenario(p(), 'dict_answer');
    const line = runtimeLine('return {"blocked": PRE_CHECK_FAILED + problem');
    // exactly this breakpoint (an earlier test's may be saved for the panel)
    await setBreakpoints(p(), [line]);
    // the main view shows the whole source file, editable; add a line above the breakpoint
    const main = p().locator('[data-testid=code-monaco]').first();
    await main.scrollIntoViewIfNeeded();
    await main.locator('.view-line').nth(8).click();
    await app.page.keyboard.press('Control+Home');
    await app.page.keyboard.press('End');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('# a new comment line');
    await expect.poll(() => p().getAttribute('data-breakpoints')).toBe(String(line + 1));
    await expect
      .poll(() => app.page.locator('[data-testid=draft-status]').textContent())
      .toContain('src/s04/core/runtime.py');
    // still a working breakpoint on the moved line
    await p().locator('[data-testid=debug]').click();
    await waitState(p(), 'paused', line + 1);
    // delete the added line again (Ctrl+Shift+K): the breakpoint moves back with its line
    await main.locator('.view-line').nth(8).click();
    await app.page.keyboard.press('Control+Home');
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Control+Shift+K');
    await expect.poll(() => p().getAttribute('data-breakpoints')).toBe(String(line));
    // the source is back to the shipped text, so it is no longer part of the draft
    await expect
      .poll(() => app.page.locator('[data-testid=draft-status]').textContent())
      .not.toContain('runtime.py');
  });

  it('imports an exported lesson zip back into author mode', async () => {
    const zipPath = path.join(tmp, 'import.zip');
    writeFileSync(zipPath, zipLesson('s04-hooks', dictAnswerDraft()));
    const fresh = await openApp({ path: '/?lang=en&author=1' });
    try {
      await fresh.page.locator('[data-testid=import-input]').setInputFiles(zipPath);
      await fresh.page.waitForFunction(
        () =>
          Number(
            document.querySelector('[data-testid=draft-status]')?.getAttribute('data-changed'),
          ) >= 2,
      );
      const q = panel(fresh.page, 'run_hooks');
      await ready(fresh.page, q);
      const options = await q
        .locator('[data-testid=scenario] option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      expect(options).toContain('dict_answer');
    } finally {
      await fresh.close();
    }
  });

  it('discards the draft after showing the diff', async () => {
    await startWith(dictAnswerDraft());
    // While the draft exists, the Embed box says its snippet shows the published lesson.
    await p().locator('[data-testid=embed-open]').click();
    await p().locator('[data-testid=embed-draft]').waitFor();
    await p().locator('[data-testid=embed-close]').click();
    await app.page.locator('[data-testid=discard]').click();
    await expect(app.page.locator('[data-testid=discard-diff]').textContent()).resolves.toContain(
      '+hooks["before"] = [verdict_hook, second]',
    );
    await app.page.locator('[data-testid=discard-confirm]').click();
    await expect(
      app.page.locator('[data-testid=draft-status]').getAttribute('data-changed'),
    ).resolves.toBe('0');
    await app.page.waitForFunction(
      () =>
        ![
          ...document.querySelectorAll('[data-function=run_hooks] [data-testid=scenario] option'),
        ].some((o) => (o as HTMLOptionElement).value === 'dict_answer'),
    );
    // No draft left: the Embed box has nothing to warn about.
    await p().locator('[data-testid=embed-open]').click();
    await p().locator('[data-testid=embed-snippet]').waitFor();
    expect(await p().locator('[data-testid=embed-draft]').count()).toBe(0);
    await p().locator('[data-testid=embed-close]').click();
  });

  it('sent nothing anywhere', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
