import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  allPanelsMounted,
  clickLine,
  panel,
  ready,
  readyWithoutPython,
  runtimeLine,
  sourceLine,
  waitState,
} from './panel-helpers';

/** Hits of a breakpoint line in one scenario, read from the compare table. */
async function hitsIn(
  app: AppSession,
  fn: string,
  line: number,
  scenario: string,
): Promise<number> {
  const cell = panel(app.page, fn).locator(
    `[data-testid=compare-cell][data-line="${line}"][data-scenario=${scenario}][data-hits]`,
  );
  await cell.waitFor({ timeout: 30_000 });
  return Number(await cell.getAttribute('data-hits'));
}

describe('the hooks lesson, panel by panel', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ python: 'refused', path: '/?lesson=s04-hooks&lang=en' });
    await readyWithoutPython(app.page, panel(app.page, 'audit_event'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders the article with all three panels and the outcome table', async () => {
    await allPanelsMounted(app.page);
    const fns = await app.page
      .locator('[data-testid=panel]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.function));
    expect(fns).toEqual(['run_hooks', 'execute_hooked', 'audit_event', 'host_executor']);
    await expect(app.page.locator('.prose table').count()).resolves.toBeGreaterThan(0);
    await expect(app.page.locator('.prose').first().textContent()).resolves.toContain('observe');
  });

  it('execute_hooked: the gate line is never hit under block and hit under refused', async () => {
    const p = panel(app.page, 'execute_hooked');
    const gate = runtimeLine('result = execute_guarded(');
    await clickLine(p, gate);
    expect(await hitsIn(app, 'execute_hooked', gate, 'block')).toBe(0);
    expect(await hitsIn(app, 'execute_hooked', gate, 'refused')).toBe(1);
    expect(await hitsIn(app, 'execute_hooked', gate, 'pass')).toBe(1);
    await p.locator('[data-testid=scenario]').selectOption('block');
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'finished');
    await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(
      'programs executed: none',
    );
    await p.locator('[data-testid=scenario]').selectOption('refused');
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', gate);
    await p.locator('[data-testid=continue]').click();
    await waitState(p, 'finished');
    await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(
      'programs executed: none',
    );
  });

  it('execute_hooked: under post_error the program runs exactly once and the warning holds the OSError', async () => {
    const p = panel(app.page, 'execute_hooked');
    await p.locator('[data-testid=scenario]').selectOption('post_error');
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'finished');
    const out = (await p.locator('[data-testid=output]').textContent()) ?? '';
    expect(out).toContain("programs executed: ['run_main']\n");
    expect(out).toContain("warnings: ['OSError: audit unavailable']");
    expect(out).toContain("content: 'exit_code=0\\n42'");
  });

  it('audit_event: before, after and rejected entries', async () => {
    const p = panel(app.page, 'audit_event');
    const options = await p
      .locator('[data-testid=scenario] option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toEqual(['before', 'after', 'rejected']);
    for (const [scenario, expected] of [
      ['before', "'tool': 'run_main'}"],
      ['after', "'is_error': False"],
      ['rejected', "'is_error': True"],
    ]) {
      await p.locator('[data-testid=scenario]').selectOption(scenario);
      await p.locator('[data-testid=run]').click();
      await waitState(p, 'finished');
      await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(expected);
    }
  });

  it('highlights the step note that holds the current line, and a clicked note shows its lines', async () => {
    const p = panel(app.page, 'run_hooks');
    const line = runtimeLine('answer = callback(');
    await clickLine(p, line);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const current = p.locator('[data-testid=step-note][data-current=true]');
    await expect(current.count()).resolves.toBe(1);
    const notes = await p.locator('[data-testid=step-note]').count();
    expect(notes).toBe(3);
    // The band of lines the current note explains is named in the legend under the code.
    await p.locator('.step-highlight').first().waitFor();
    await expect(p.locator('[data-testid=legend-note]').textContent()).resolves.toBe(
      'lines the current step note explains',
    );
    await p.locator('[data-testid=step-note]').nth(2).click();
    await p.locator('.step-highlight').first().waitFor();
  });

  it('shows the context code, the setup and the entry collapsed, labelled as such', async () => {
    const setup = panel(app.page, 'run_hooks').locator('[data-testid=setup]');
    await expect(setup.getAttribute('open')).resolves.toBeNull();
    await expect(setup.locator('summary').textContent()).resolves.toBe(
      'Context, setup and call entry',
    );
    await expect(setup.textContent()).resolves.toContain('stepping in follows execution here');
    // The lesson-3 gate the hooks wrap is there to read, first, then the setup.
    const files = await setup.locator('figcaption').allTextContents();
    expect(files.slice(0, 2)).toEqual(['s04/core/gate.py', 'setup.py']);
  });

  it('reads the same lesson in Chinese', async () => {
    await app.page.locator('[data-testid=lang-zh]').click();
    await expect(app.page.locator('[data-testid=status]').first().textContent()).resolves.not.toBe(
      'Not run',
    );
    await expect(app.page.locator('.prose').first().textContent()).resolves.toMatch(
      /[\u4e00-\u9fff]/,
    );
    await expect(
      app.page.locator('[data-testid=setup] summary').first().textContent(),
    ).resolves.toBe('上下文、准备代码与调用入口');
    await app.page.reload();
    await expect(app.page.locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
  });

  it('says when a link names a panel the lesson does not have, and still opens the lesson', async () => {
    const other = await openApp({
      python: 'refused',
      path: '/?lesson=s04-hooks&lang=en&panel=run_hook#panel-run_hook',
    });
    try {
      const note = other.page.locator('[data-testid=link-panel-missing]');
      await note.waitFor();
      expect(await note.textContent()).toMatch(
        /^This link points at a panel “run_hook” that lesson s04-hooks does not have .*its panels are: run_hooks, /,
      );
      await other.page.locator('[data-function=run_hooks] [data-testid=status]').waitFor();
    } finally {
      await other.close();
    }
  });

  it('sent nothing anywhere', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the hook-registry lesson', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ python: 'refused', path: '/?lang=en' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is reachable from the lessons index and addressable by URL', async () => {
    await app.page.locator('[data-testid=lesson-index] a', { hasText: 'Registry' }).first().click();
    await app.page.locator('[data-testid=lesson][data-lesson=hook-registry]').waitFor();
    expect(app.page.url()).toContain('lesson=hook-registry');
    await allPanelsMounted(app.page);
    const fns = await app.page
      .locator('[data-testid=panel]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.function));
    expect(fns).toEqual(['trigger_hooks', 'agent_loop', 'run_tool_calls', 'permission_hook']);
  });

  it('deny_reboot: the tool handler line is never reached; read_readme reaches it', async () => {
    const p = panel(app.page, 'run_tool_calls');
    await readyWithoutPython(app.page, p);
    const handler = sourceLine('hook-registry', 'agent/loop.py', 'output = tools[block["name"]]');
    await clickLine(p, handler);
    expect(await hitsIn(app, 'run_tool_calls', handler, 'deny_reboot')).toBe(0);
    expect(await hitsIn(app, 'run_tool_calls', handler, 'read_readme')).toBeGreaterThan(0);
    await p.locator('[data-testid=scenario]').selectOption('deny_reboot');
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'finished');
    await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(
      'Permission denied',
    );
  });

  it('beside a short function, scrolls its notes in a box as tall as the code, the panes right under', async () => {
    if (!app.page.url().includes('lesson=hook-registry'))
      await app.page.goto(`${app.baseUrl}/?lesson=hook-registry&lang=en`);
    const p = panel(app.page, 'trigger_hooks');
    await readyWithoutPython(app.page, p);
    const rect = (sel: string) =>
      p
        .locator(sel)
        .first()
        .evaluate((e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        });
    const steps = p.locator('[data-testid=steps]');
    const code = await rect('.code-col');
    expect((await rect('[data-testid=steps]')).bottom).toBeLessThanOrEqual(code.bottom + 1);
    expect(await steps.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    // The variables follow the code, not a column of notes twice its height.
    expect((await rect('.panes')).top - code.bottom).toBeLessThan(40);
    // Paused in the third note's lines, that note is scrolled into its box.
    const line = sourceLine('hook-registry', 'agent/hooks.py', 'if answer is not None:');
    await clickLine(p, line);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    const current = p.locator('[data-testid=step-note][data-current=true]');
    expect(await current.locator('.step-num').textContent()).toBe('3');
    await expect
      .poll(async () => {
        const [note, box] = [
          await rect('[data-testid=step-note][data-current=true]'),
          await rect('[data-testid=steps]'),
        ];
        return note.top >= box.top - 1 && note.bottom <= box.bottom + 1;
      })
      .toBe(true);
  });

  it('names the first five steps an answer comes from, and counts the rest', async () => {
    if (!app.page.url().includes('lesson=hook-registry'))
      await app.page.goto(`${app.baseUrl}/?lesson=hook-registry&lang=en`);
    const p = panel(app.page, 'trigger_hooks');
    await readyWithoutPython(app.page, p);
    const q = p.locator('[data-testid=prediction][data-prediction=audit_first_calls]');
    await q.locator('[data-testid=predict-input]').fill('11');
    await q.locator('[data-testid=predict-check]').click();
    const verdict = q.locator('[data-testid=predict-verdict]');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-correct')).toBe('true');
    expect(await q.locator('[data-testid=predict-evidence]').count()).toBe(5);
    expect(await verdict.textContent()).toMatch(/… 6 more$/);
  });

  it('sent nothing anywhere', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('moving between lessons', () => {
  let app: AppSession;
  afterAll(async () => {
    await app?.close();
  });

  it("goes on from a lesson's end to the next and back, the tab naming each", async () => {
    app = await openApp({ python: 'refused', path: '/?lesson=s04-hooks&lang=zh' });
    const page = app.page;
    await page.locator('[data-testid=lesson][data-lesson=s04-hooks]').waitFor();
    await expect.poll(() => page.title()).toMatch(/^第 4 课.* · 看 Python 思考$/);
    expect(await page.locator('[data-testid=prev-lesson]').count()).toBe(0);
    const next = page.locator('[data-testid=next-lesson]');
    expect(await next.textContent()).toContain('番外');
    await next.click();
    await page.locator('[data-testid=lesson][data-lesson=hook-registry]').waitFor();
    expect(page.url()).toContain('lesson=hook-registry');
    await expect.poll(() => page.title()).toMatch(/^番外.* · 看 Python 思考$/);
    // the page starts at the top of the new lesson, not at the old one's end
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await page.locator('[data-testid=next-lesson]').count()).toBe(0);
    await page.locator('[data-testid=prev-lesson]').click();
    await page.locator('[data-testid=lesson][data-lesson=s04-hooks]').waitFor();
    expect(app.foreignRequests).toEqual([]);
  });
});

describe('a lesson that exists only as a draft', () => {
  let app: AppSession;
  afterAll(async () => {
    await app?.close();
  });

  it('says so outside author mode, with a link that opens it in author mode', async () => {
    app = await openApp({ python: 'refused', path: '/?lang=en' });
    await app.page.evaluate(() => {
      localStorage.setItem(
        'wpt.draft.only-draft',
        JSON.stringify({ version: 1, files: { 'lesson.json': '{"id": "only-draft"}' } }),
      );
    });
    await app.page.goto(`${app.baseUrl}/?lesson=only-draft&lang=en`);
    const card = app.page.locator('[data-testid=lesson-not-found]');
    await expect(card.textContent()).resolves.toContain('Lesson not found');
    const link = card.locator('[data-testid=open-draft]');
    await expect(link.textContent()).resolves.toBe(
      'This browser has a draft of only-draft: open it in author mode',
    );
    await link.click();
    await app.page.waitForURL(/author=1/);
    await app.page.locator('[data-testid=lesson-error]').waitFor();
  });
});

describe('a broken lesson', () => {
  let app: AppSession;
  afterAll(async () => {
    await app?.close();
  });

  it('shows an error card naming the file and line while the other lessons keep working', async () => {
    app = await openApp({ path: '/?lesson=broken-demo&author=1&lang=en' });
    // An imported draft lesson whose manifest is not valid JSON.
    await app.page.evaluate(() => {
      localStorage.setItem(
        'wpt.draft.broken-demo',
        JSON.stringify({
          version: 1,
          files: { 'lesson.json': '{\n  "id": "broken-demo",\n  "order": 9,\n}\n' },
        }),
      );
      // Another, whose manifest reads but is not complete yet.
      localStorage.setItem(
        'wpt.draft.titled-demo',
        JSON.stringify({
          version: 1,
          files: {
            'lesson.json': '{"id": "titled-demo", "title": {"zh": "演示", "en": "A demo"}}',
          },
        }),
      );
    });
    await app.page.reload();
    // Drafts are listed by their title where it reads, else by their id.
    const drafts = app.page.locator('[data-testid=lesson-index] .index-draft a');
    await expect(drafts.allTextContents()).resolves.toEqual(
      expect.arrayContaining(['broken-demo ✎', 'A demo ✎']),
    );
    const card = app.page.locator('[data-testid=lesson-error]');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('lessons/broken-demo/lesson.json:4');
    await expect(card.locator('h2').textContent()).resolves.toBe(
      'This lesson could not be loaded: broken-demo',
    );
    await app.page.locator('[data-testid=lesson-index] a', { hasText: 'Lesson 4' }).first().click();
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'finished');
  });
});
