import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../src/lessons/lesson';
import { buildRunFiles } from '../../src/lessons/runFiles';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { lineHits, summarizeTrace } from '../../src/runtime/summary';
import type { Trace } from '../../src/trace/trace';
import { lesson, lineOf, recordScenario } from './helpers';

let rec: NodeRecorder;
let reg: Lesson;
const HOOKS = 'agent/hooks.py';
const LOOP = 'agent/loop.py';
const code: Record<string, string> = {};

beforeAll(async () => {
  rec = await createNodeRecorder();
  reg = await lesson('hook-registry');
  for (const s of reg.sources) code[s.path] = s.code;
});

/** Runs a scenario through the panel that offers it first. */
function run(scenario: string): Trace {
  const panel = reg.panels.find((p) => p.scenarios.some((s) => s.id === scenario));
  if (!panel) throw new Error(`no panel offers ${scenario}`);
  return recordScenario(rec, reg, panel.id, scenario);
}
const hits = (t: Trace, file: string, text: string) => lineHits(t, file, lineOf(code[file], text));
const calls = (t: Trace) => summarizeTrace(t).calls;

describe('the hook registry, scenario by scenario', () => {
  it('read_readme: four callbacks, the tool runs once, the summary prints once', () => {
    const t = run('read_readme');
    expect(t.meta.outcome).toBe('completed');
    expect(hits(t, HOOKS, 'answer = callback(*args)')).toBe(4);
    expect(hits(t, LOOP, 'output = tools[block["name"]]')).toBe(1);
    expect(t.meta.output.match(/\[HOOK\] Stop/g)).toHaveLength(1);
  });

  it('trace_request: the events fire in the order the lesson traces', () => {
    const t = run('trace_request');
    expect(hits(t, HOOKS, 'answer = callback(*args)')).toBe(8);
    const order = t.meta.output
      .split('\n')
      .filter((l) => l.startsWith('[EVENT]') || l.startsWith('[TOOL]') || l.startsWith('[MODEL]'))
      .map((l) => (l.startsWith('[EVENT]') ? l : l.split(' ')[0]));
    expect(order).toEqual([
      '[EVENT] 事件触发 / fired: UserPromptSubmit',
      '[MODEL]',
      '[MODEL]',
      '[EVENT] 事件触发 / fired: PreToolUse',
      '[TOOL]',
      '[EVENT] 事件触发 / fired: PostToolUse',
      '[MODEL]',
      '[MODEL]',
      '[EVENT] 事件触发 / fired: Stop',
    ]);
  });

  it('prompt_context: the model reads the prompt with the context the hook added', () => {
    const out = run('prompt_context').meta.output;
    expect(out).toContain(
      '[MODEL] 读到 / read: Add a test for the parser. /  / Project rule: tests live in tests/',
    );
    expect(out).toContain("prompt log: ['Add a test for the parser.']");
  });

  it('deny_reboot: neither log_hook nor the tool runs; the denial is the tool result', () => {
    const t = run('deny_reboot');
    expect(calls(t).log_hook).toBeUndefined();
    expect(calls(t).bash).toBeUndefined();
    expect(hits(t, HOOKS, 'answer = callback(*args)')).toBe(2);
    expect(t.meta.output).toContain(
      '[MODEL] 收到工具结果 / got t1: Permission denied by deny list',
    );
  });

  it('audit_first keeps the denied request in the audit log; audit_last loses it', () => {
    const first = run('audit_first').meta.output;
    const last = run('audit_last').meta.output;
    expect(first).toContain("\"t3 bash {'command': 'sudo reboot'}\"]");
    expect(last).not.toContain('t3 bash');
    expect(last).toContain("t2 bash {'command': 'rm -rf build'}\"]");
  });

  it('person_says_no: the risky command is asked about, refused, and never runs', () => {
    const t = run('person_says_no');
    expect(t.meta.output).toContain('Allow it? -> no');
    expect(calls(t).bash).toBeUndefined();
    expect(t.meta.output).toContain('Permission denied: the person did not confirm');
  });

  it('clean_tmp: rm -rf /tmp/* hits the deny list; rm /tmp/*.tmp is asked about and runs', () => {
    const t = run('clean_tmp');
    expect(t.meta.output).toContain("got t1: Permission denied by deny list: 'rm -rf /'");
    expect(t.meta.output).toContain("run 'rm /tmp/*.tmp'. Allow it? -> yes");
    expect(calls(t).bash).toBe(1);
  });

  it('write_test: PreToolUse before the write, PostToolUse after it', () => {
    const out = run('write_test').meta.output;
    const pre = out.indexOf('[EVENT] 事件触发 / fired: PreToolUse');
    const tool = out.indexOf('[TOOL] 写文件 / write_file test.txt');
    const post = out.indexOf('[EVENT] 事件触发 / fired: PostToolUse');
    expect(pre).toBeGreaterThan(-1);
    expect(pre).toBeLessThan(tool);
    expect(tool).toBeLessThan(post);
  });

  it('post_hides: the loop ignores the value, and the later observer never runs', () => {
    const t = run('post_hides');
    expect(calls(t).redact_hook).toBe(1);
    expect(calls(t).large_output_hook).toBeUndefined();
    expect(hits(t, HOOKS, 'return answer  # intercepted')).toBe(1);
    expect(t.meta.output).toContain('[MODEL] 收到工具结果 / got t1: API_KEY=sk-test-123');
    expect(run('large_output').meta.output).toContain(
      '[HOOK] PostToolUse: 输出过大 / read_file returned',
    );
  });

  it('hook_raises: the exception reaches the host, the tool never runs, Stop never fires', () => {
    const t = run('hook_raises');
    expect(t.meta.outcome).toBe('completed');
    expect(t.meta.output).toContain("[HOST] 运行中止 / the run stopped: KeyError: 'path'");
    expect(calls(t).bash).toBeUndefined();
    expect(calls(t).summary_hook).toBeUndefined();
  });

  it('late_register: a hook registered during the chain is called in the same run', () => {
    const t = run('late_register');
    expect(calls(t).notify_hook).toBe(2);
    expect(t.meta.output).toContain(
      '[HOOK] PreToolUse: 通过权限检查 / read_file passed the permission check\n[HOOK] 通知 / notify: t1 read_file\n',
    );
  });

  it('substring_pitfalls: sudoku is denied and rm<TAB>-rf / runs', () => {
    const t = run('substring_pitfalls');
    expect(t.meta.output).toContain("got t1: Permission denied by deny list: 'sudo'");
    expect(t.meta.output).toContain("[TOOL] 运行命令 / bash 'rm\\t-rf /'");
    expect(hits(t, LOOP, 'output = tools[block["name"]]')).toBe(1);
  });

  it('stop_continue: one extra round, then the summary prints once with the final count', () => {
    const t = run('stop_continue');
    expect(hits(t, LOOP, 'more = trigger_hooks("Stop"')).toBe(2);
    expect(t.meta.output.match(/\[HOOK\] Stop/g)).toEqual(['[HOOK] Stop']);
    expect(t.meta.output).toContain('[HOOK] Stop: 会话统计 / 2 tool calls requested this session');
  });

  it('stop_insists: the guard ends the run and the summary after the nagging hook never runs', () => {
    const t = run('stop_insists');
    expect(hits(t, LOOP, 'more = trigger_hooks("Stop"')).toBe(2);
    expect(t.meta.output).toContain('but the guard allows none: the run ends');
    expect(calls(t).summary_hook).toBeUndefined();
  });

  it('round_limit: the loop ends after MAX_ROUNDS model calls and Stop does not fire', () => {
    const t = run('round_limit');
    const max = Number(/MAX_ROUNDS = (\d+)/.exec(code[LOOP])?.[1]);
    expect(hits(t, LOOP, 'reply = model(messages)')).toBe(max);
    expect(hits(t, LOOP, 'more = trigger_hooks("Stop"')).toBe(0);
    expect(calls(t).summary_hook).toBeUndefined();
    expect(t.meta.output).toContain('Stop does not fire');
  });

  it('a Stop hook asking for more on the last round: the guard refuses, no round is promised', () => {
    // the model works through four rounds and finishes on the fifth, the last one
    const last = `prompt = "Check until green."
replies = [[use(f"t{n}", "bash", command="make check")] for n in range(1, 5)] + [[say("Done.")]]
register_hook("Stop", lambda messages, sent_back: "check once more")
`;
    const files = buildRunFiles(reg, 'agent_loop', 'round_limit').map((f) =>
      f.role === 'scenario' ? { ...f, code: last } : f,
    );
    const t = rec.record({ files, scenario: 'round_limit', budget: reg.budget });
    expect(t.meta.outcome).toBe('completed');
    expect(hits(t, LOOP, 'more = trigger_hooks("Stop"')).toBe(1);
    expect(t.meta.output).toContain(
      'a Stop hook asked for another round (check once more), but the guard allows none',
    );
    expect(t.meta.output).not.toContain('asked for one more round');
    expect(t.meta.output).not.toContain('rounds used up');
  });
});
