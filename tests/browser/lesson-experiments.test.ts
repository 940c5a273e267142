/**
 * Every experiment the two lessons' prose proposes ("set a breakpoint on this line, switch
 * to that scenario: it is hit K times"), done through the UI of the built app. Line
 * numbers come from the source text the prose quotes (never written here), and each
 * quoted line must appear, in backticks, in both prose files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness';
import {
  clickLine,
  expectBreakpoints,
  panel,
  ready,
  sourceLine,
  status,
  variables,
  waitForStep,
} from './panel-helpers';

/** The line of `file` that the prose quotes as `` `text` ``, after checking both languages quote it. */
function quotedLine(lesson: string, file: string, text: string): number {
  for (const lang of ['zh', 'en']) {
    const prose = readFileSync(path.resolve('lessons', lesson, `prose.${lang}.md`), 'utf8');
    expect(prose, `${lesson} prose.${lang}.md quotes ${text}`).toContain(`\`${text}`);
  }
  return sourceLine(lesson, file, text);
}

/** Hits of the breakpoint on `line` under `scenario`, as the panel's compare table shows them. */
async function hitsIn(p: Locator, line: number, scenario: string): Promise<number> {
  const cell = p.locator(
    `[data-testid=compare-cell][data-line="${line}"][data-scenario=${scenario}][data-hits]`,
  );
  await cell.waitFor({ timeout: 120_000 });
  return Number(await cell.getAttribute('data-hits'));
}

/** Sets a breakpoint on `line`, reads its hits in each scenario, then clears it. */
async function hitsPerScenario(
  p: Locator,
  line: number,
  scenarios: string[],
): Promise<Record<string, number>> {
  await clickLine(p, line);
  await expectBreakpoints(p, [line]);
  const out: Record<string, number> = {};
  for (const s of scenarios) out[s] = await hitsIn(p, line, s);
  await clickLine(p, line);
  await expectBreakpoints(p, []);
  return out;
}

/**
 * Opens a lesson and waits for Python. On a machine so busy that loading Python runs past
 * the client's load timeout (the status turns "failed"), the page is reloaded, twice at most.
 */
async function openLesson(lesson: string): Promise<AppSession> {
  const app = await openApp({ path: `/?lesson=${lesson}&lang=en` });
  const settled = app.page.locator(
    '[data-testid=runtime][data-state=ready], [data-testid=runtime][data-state=failed]',
  );
  for (let attempt = 1; ; attempt++) {
    await settled.waitFor({ state: 'attached', timeout: 180_000 });
    const state = await settled.getAttribute('data-state');
    if (state === 'ready' || attempt === 3) break;
    await app.page.reload();
  }
  expect(await app.page.locator('[data-testid=runtime]').getAttribute('data-state')).toBe('ready');
  return app;
}

/** The panel for `fn`, scrolled into view with its editor mounted. */
async function shown(app: AppSession, fn: string): Promise<Locator> {
  const p = panel(app.page, fn);
  await p.scrollIntoViewIfNeeded();
  await ready(app.page, p);
  return p;
}

/** Waits for the panel's status to reach `state`; runs queue behind background recordings. */
async function settle(p: Locator, state: string, line?: number): Promise<void> {
  const at = line === undefined ? '' : `[data-line="${line}"]`;
  await p.locator(`[data-testid=status][data-state=${state}]${at}`).waitFor({ timeout: 120_000 });
}

async function pick(p: Locator, scenario: string): Promise<void> {
  await p.locator('[data-testid=scenario]').selectOption(scenario);
  await settle(p, 'ready');
}

/** Runs `scenario` to the end (breakpoints do not stop Run) and returns the output. */
async function outputOf(p: Locator, scenario: string): Promise<string> {
  await pick(p, scenario);
  await p.locator('[data-testid=run]').click();
  await settle(p, 'finished');
  return (await p.locator('[data-testid=output]').textContent()) ?? '';
}

/** Debug until the first pause on `line`; the breakpoint stays set. */
async function pauseAt(p: Locator, scenario: string, line: number): Promise<void> {
  await pick(p, scenario);
  await clickLine(p, line);
  await p.locator('[data-testid=debug]').click();
  await settle(p, 'paused', line);
}

/** Continue to the end, then clear the breakpoint on `line`. */
async function finishAndClear(p: Locator, line: number): Promise<void> {
  for (;;) {
    const s = await status(p);
    if (s.state === 'finished') break;
    await p.locator('[data-testid=continue]').click();
    await waitForStep(p, (step) => step !== s.step);
  }
  await clickLine(p, line);
  await expectBreakpoints(p, []);
}

describe('lesson 4 (s04-hooks): the experiments its prose proposes', { timeout: 300_000 }, () => {
  const L = 's04-hooks';
  const RT = 's04/core/runtime.py';
  let app: AppSession;
  beforeAll(async () => {
    app = await openLesson(L);
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  it('run_hooks: the callback line is hit twice under pass, once under block, twice under late_register', async () => {
    const p = await shown(app, 'run_hooks');
    const line = quotedLine(L, RT, 'answer = callback(copy.deepcopy(payload))');
    expect(await hitsPerScenario(p, line, ['pass', 'block', 'late_register'])).toEqual({
      pass: 2,
      block: 1,
      late_register: 2,
    });
    expect(await outputOf(p, 'late_register')).toContain('registered now: first, second, late');
  });

  it('run_hooks: the except line is hit once under pre_error and under false_return', async () => {
    const p = await shown(app, 'run_hooks');
    const line = quotedLine(L, RT, 'answer, problem = None, f"{type(exc).__name__}: {exc}"');
    expect(await hitsPerScenario(p, line, ['pre_error', 'false_return', 'pass'])).toEqual({
      pre_error: 1,
      false_return: 1,
      pass: 0,
    });
    await pauseAt(p, 'pre_error', line);
    await p.locator('[data-testid=step-over]').click();
    await app.page.waitForFunction(
      () =>
        document
          .querySelector('[data-function=run_hooks] [data-testid=var][data-name=problem] .val')
          ?.textContent?.includes('OSError: audit unavailable') ?? false,
    );
    await finishAndClear(p, line);
    expect(await p.locator('[data-testid=output]').textContent()).toContain(
      "blocked: 'pre-check failed: OSError: audit unavailable'",
    );
    expect(await outputOf(p, 'false_return')).toContain(
      "blocked: 'pre-check failed: ValueError: before hooks must return None",
    );
  });

  it('run_hooks: under post_error warnings.append is hit once, second runs, nothing is blocked', async () => {
    const p = await shown(app, 'run_hooks');
    const line = quotedLine(L, RT, 'warnings.append(problem)');
    expect(await hitsPerScenario(p, line, ['post_error', 'pass'])).toEqual({
      post_error: 1,
      pass: 0,
    });
    const out = await outputOf(p, 'post_error');
    expect(out).toContain('hooks reached: after: first -> after: second');
    expect(out).toContain('blocked: None');
  });

  it('run_hooks: "allow" reaches the blocking return once; mutate leaves second and the caller untouched', async () => {
    const p = await shown(app, 'run_hooks');
    const line = quotedLine(L, RT, 'return {"blocked": answer, "warnings": warnings}');
    expect(await hitsPerScenario(p, line, ['allow_string', 'pass'])).toEqual({
      allow_string: 1,
      pass: 0,
    });
    expect(await outputOf(p, 'allow_string')).toContain("blocked: 'allow'");
    const out = await outputOf(p, 'mutate');
    expect(out).toContain("second saw: [('run_1', 'run_main')]");
    expect(out).toContain('caller still has: run_1 run_main');
  });

  it('execute_hooked: the gate line is never hit under block, hit under refused and host_blocked', async () => {
    const p = await shown(app, 'execute_hooked');
    const line = quotedLine(L, RT, 'result = execute_guarded(snapshot, tools, ask_user, blocked)');
    expect(await hitsPerScenario(p, line, ['block', 'refused', 'host_blocked'])).toEqual({
      block: 0,
      refused: 1,
      host_blocked: 1,
    });
    expect(await outputOf(p, 'block')).toContain('programs executed: none');
    expect(await outputOf(p, 'refused')).toContain('programs executed: none');
    const hosted = await outputOf(p, 'host_blocked');
    expect(hosted).toContain('user was asked about: nothing');
    expect(hosted).toContain('not executed: run_main is blocked by host policy');
    expect(await outputOf(p, 'pre_error')).toContain('not executed: pre-check failed');
    expect(await outputOf(p, 'mutate')).toContain("user was asked about: [('run_1', 'run_main'");
  });

  it('execute_hooked: under post_error the result holds 42 before the after chain, and only the warnings change', async () => {
    const p = await shown(app, 'execute_hooked');
    const line = quotedLine(
      L,
      RT,
      'after = run_hooks(hooks, "after", {"call": snapshot, "result": result})',
    );
    await pauseAt(p, 'post_error', line);
    const before = await variables(p);
    expect(before.result).toContain('42');
    expect(before.after).toBeUndefined();
    const at = await status(p);
    await p.locator('[data-testid=step-over]').click();
    await waitForStep(p, (s) => s > at.step);
    const stepped = await variables(p);
    expect(stepped.after).toContain('OSError: audit unavailable');
    expect(stepped.result).toBe(before.result);
    await finishAndClear(p, line);
    expect(await p.locator('[data-testid=output]').textContent()).toContain(
      "programs executed: ['run_main']\n",
    );
  });

  it('execute_hooked: under gate_crash the after-chain line is never hit and the error passes through', async () => {
    const p = await shown(app, 'execute_hooked');
    const line = quotedLine(
      L,
      RT,
      'after = run_hooks(hooks, "after", {"call": snapshot, "result": result})',
    );
    expect(await hitsPerScenario(p, line, ['gate_crash', 'block'])).toEqual({
      gate_crash: 0,
      block: 1,
    });
    const out = await outputOf(p, 'gate_crash');
    expect(out).toContain('hooks reached: before: first -> before: second\n');
    expect(out).toContain('raised: RuntimeError');
  });

  it('audit_event: the is_error line is not hit for a before record, once for the other two', async () => {
    const p = await shown(app, 'audit_event');
    const line = quotedLine(L, RT, 'entry["is_error"] = result["is_error"]');
    expect(await hitsPerScenario(p, line, ['before', 'after', 'rejected'])).toEqual({
      before: 0,
      after: 1,
      rejected: 1,
    });
  });

  it('host_executor: the four rows of the outcome table, and the paused report under an audit failure', async () => {
    const p = await shown(app, 'host_executor');
    const allow = await outputOf(p, 'wired_allow');
    expect(allow).toContain("programs executed: ['run_main']");
    expect(allow).toContain('audit records: 2');
    const maint = await outputOf(p, 'wired_maintenance');
    expect(maint).toContain('programs executed: none');
    expect(maint).toContain("run_1 | is_error: True | 'not executed: maintenance");
    expect(maint).toContain('audit records: 2');
    const last = await outputOf(p, 'wired_audit_last');
    expect(last).toContain('audit records: 1');
    expect(last).not.toContain("'event': 'before'");
    const line = quotedLine(L, RT, 'return report["result"]');
    await pauseAt(p, 'wired_audit_failure', line);
    const v = await variables(p);
    expect(v.report).toContain('OSError: audit store unavailable');
    expect(v.report).toContain('42');
    await finishAndClear(p, line);
    expect(await p.locator('[data-testid=output]').textContent()).toContain(
      "programs executed: ['run_main']\n",
    );
  });

  it('sent nothing anywhere and raised no page error', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the hook-registry lesson: the experiments its prose proposes', {
  timeout: 300_000,
}, () => {
  const L = 'hook-registry';
  const HK = 'agent/hooks.py';
  const LP = 'agent/loop.py';
  let app: AppSession;
  beforeAll(async () => {
    app = await openLesson(L);
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  it('trigger_hooks: the callback line is hit 4, 2 and 8 times', async () => {
    const p = await shown(app, 'trigger_hooks');
    const line = quotedLine(L, HK, 'answer = callback(*args)');
    expect(await hitsPerScenario(p, line, ['read_readme', 'deny_reboot', 'trace_request'])).toEqual(
      { read_readme: 4, deny_reboot: 2, trace_request: 8 },
    );
    const out = await outputOf(p, 'trace_request');
    const events = out.split('\n').filter((l) => l.startsWith('[EVENT]'));
    expect(events).toEqual([
      '[EVENT] 事件触发 / fired: UserPromptSubmit',
      '[EVENT] 事件触发 / fired: PreToolUse',
      '[EVENT] 事件触发 / fired: PostToolUse',
      '[EVENT] 事件触发 / fired: Stop',
    ]);
  });

  it('trigger_hooks: a PostToolUse answer ends the chain once and the model still sees the secret', async () => {
    const p = await shown(app, 'trigger_hooks');
    const line = quotedLine(L, HK, 'return answer  # intercepted');
    expect(await hitsPerScenario(p, line, ['post_hides', 'read_readme'])).toEqual({
      post_hides: 1,
      read_readme: 0,
    });
    await pauseAt(p, 'post_hides', line);
    expect((await variables(p)).answer).toContain('API_KEY=***');
    await finishAndClear(p, line);
    const out = (await p.locator('[data-testid=output]').textContent()) ?? '';
    expect(out).toContain('[MODEL] 收到工具结果 / got t1: API_KEY=sk-test-123');
    expect(out).not.toContain('[HOOK] PostToolUse');
  });

  it('trigger_hooks: a hook registered mid-run is called at once; a raising hook stops the run', async () => {
    const p = await shown(app, 'trigger_hooks');
    expect(await outputOf(p, 'late_register')).toContain(
      '[HOOK] PreToolUse: 通过权限检查 / read_file passed the permission check\n[HOOK] 通知 / notify: t1 read_file\n',
    );
    expect(await outputOf(p, 'hook_raises')).toContain(
      "[HOST] 运行中止 / the run stopped: KeyError: 'path'",
    );
  });

  it('agent_loop: the context line holds the project rule; the Stop line is hit 1, 2, 2 and 0 times', async () => {
    const p = await shown(app, 'agent_loop');
    const textLine = quotedLine(
      L,
      LP,
      'text = prompt if context is None else f"{prompt}\\n\\n{context}"',
    );
    await pauseAt(p, 'prompt_context', textLine);
    expect((await variables(p)).context).toContain('Project rule');
    await finishAndClear(p, textLine);
    const out = (await p.locator('[data-testid=output]').textContent()) ?? '';
    expect(out).toContain('[MODEL] 读到 / read: Add a test for the parser. /  / Project rule');
    const stop = quotedLine(L, LP, 'more = trigger_hooks("Stop", messages, extra_rounds > 0)');
    expect(
      await hitsPerScenario(p, stop, [
        'read_readme',
        'stop_continue',
        'stop_insists',
        'round_limit',
      ]),
    ).toEqual({ read_readme: 1, stop_continue: 2, stop_insists: 2, round_limit: 0 });
    const once = await outputOf(p, 'stop_continue');
    expect(once.match(/\[HOOK\] Stop/g)).toHaveLength(1);
    expect(once).toContain('2 tool calls requested this session');
    expect(await outputOf(p, 'stop_insists')).not.toContain('[HOOK] Stop');
    expect(await outputOf(p, 'round_limit')).not.toContain('[HOOK] Stop');
  });

  it('run_tool_calls: the handler line is hit 0, 2, 0 and 1 times', async () => {
    const p = await shown(app, 'run_tool_calls');
    const line = quotedLine(L, LP, 'output = tools[block["name"]](**block["input"])');
    expect(
      await hitsPerScenario(p, line, [
        'deny_reboot',
        'audit_first',
        'person_says_no',
        'substring_pitfalls',
      ]),
    ).toEqual({ deny_reboot: 0, audit_first: 2, person_says_no: 0, substring_pitfalls: 1 });
    expect(await outputOf(p, 'deny_reboot')).toContain('got t1: Permission denied by deny list');
    expect(await outputOf(p, 'large_output')).toContain(
      '[HOOK] PostToolUse: 输出过大 / read_file returned',
    );
    const write = await outputOf(p, 'write_test');
    expect(write.indexOf('[EVENT] 事件触发 / fired: PreToolUse')).toBeLessThan(
      write.indexOf('[TOOL] 写文件 / write_file'),
    );
    expect(write.indexOf('[TOOL] 写文件 / write_file')).toBeLessThan(
      write.indexOf('[EVENT] 事件触发 / fired: PostToolUse'),
    );
  });

  it('permission_hook: the deny return is hit once under clean_tmp and under substring_pitfalls', async () => {
    const p = await shown(app, 'permission_hook');
    expect(await outputOf(p, 'clean_tmp')).toContain("run 'rm /tmp/*.tmp'. Allow it? -> yes");
    const first = await outputOf(p, 'audit_first');
    expect(first).toContain("工具日志 / tool log: ['t1 read_file', 't2 bash']");
    expect(first).toContain("\"t3 bash {'command': 'sudo reboot'}\"]");
    const line = quotedLine(
      L,
      HK,
      'return f"Permission denied by deny list: {pattern!r} is never allowed"',
    );
    expect(
      await hitsPerScenario(p, line, ['clean_tmp', 'substring_pitfalls', 'read_readme']),
    ).toEqual({ clean_tmp: 1, substring_pitfalls: 1, read_readme: 0 });
  });

  it('permission_hook: stepping into any(...) shows the generator expression, its .0 explained', async () => {
    const p = await shown(app, 'permission_hook');
    const line = sourceLine(L, HK, 'if any(pattern in command for pattern in RISKY):');
    await pauseAt(p, 'clean_tmp', line);
    const at = await status(p);
    await p.locator('[data-testid=step-into]').click();
    await waitForStep(p, (step) => step > at.step);
    const frames = p.locator('[data-testid=frame]');
    await expect.poll(() => frames.first().textContent()).toContain('<genexpr>()');
    // the iterator Python hands the expression is listed, and said to be Python's own
    const dot = p.locator('[data-testid=var][data-name=".0"]');
    expect(await dot.locator('.var-implicit').textContent()).toContain('made by Python');
    await finishAndClear(p, line);
  });

  it('sent nothing anywhere and raised no page error', () => {
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
