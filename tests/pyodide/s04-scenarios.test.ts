import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../src/lessons/lesson';
import { judgeEnding } from '../../src/runtime/ending';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { lineHits, summarizeTrace } from '../../src/runtime/summary';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { lesson, lineOf, recordScenario, script } from './helpers';

let rec: NodeRecorder;
let s04: Lesson;
let runtimeCode: string;
let gateCode: string;
const RUNTIME = 's04/core/runtime.py';

beforeAll(async () => {
  rec = await createNodeRecorder();
  s04 = await lesson('s04-hooks');
  runtimeCode = s04.sources.find((s) => s.path === RUNTIME)?.code as string;
  gateCode = s04.sources.find((s) => s.path === 's04/core/gate.py')?.code as string;
});

const callbackLine = () => lineOf(runtimeCode, 'answer = callback(');
const guardedLine = () => lineOf(runtimeCode, 'result = execute_guarded(');
const afterChainLine = () => lineOf(runtimeCode, 'after = run_hooks(');
const calls = (t: Trace) => summarizeTrace(t).calls;
const raisedIn = (t: Trace, fn: string) =>
  [...Array(t.length).keys()].some(
    (e) => t.kind[e] === EventKind.Exception && t.functionOf(e) === fn,
  );

/** Runs Python with the two lesson sources loaded as modules, then `code` as the entry. */
function withSources(code: string): Trace {
  const sources = s04.sources.map((s) => ({
    path: s.path,
    code: s.code,
    role: 'source' as const,
    module: s.module,
  }));
  return rec.record({ files: script(code, sources), scenario: 'x', budget: s04.budget });
}

describe('run_hooks under each scenario', () => {
  it('pass: both callbacks run, each named with its phase, and nothing is blocked', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'pass');
    expect(t.meta.outcome).toBe('completed');
    expect(lineHits(t, RUNTIME, callbackLine())).toBe(2);
    expect(calls(t)).toMatchObject({ first: 1, second: 1 });
    expect(t.meta.output).toContain('hooks reached: before: first -> before: second\n');
    expect(t.meta.output).toContain('blocked: None');
  });

  it('block: the callback line is reached once and the chain returns at once', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'block');
    expect(lineHits(t, RUNTIME, callbackLine())).toBe(1);
    expect(calls(t).second).toBeUndefined();
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'return {"blocked": answer'))).toBe(1);
    expect(t.meta.output).toContain('hooks reached: before: first\n');
  });

  it('pre_error: the exception blocks with a pre-check reason and second never runs', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'pre_error');
    expect(calls(t).second).toBeUndefined();
    expect(t.meta.output).toContain("blocked: 'pre-check failed: OSError: audit unavailable'");
    expect(raisedIn(t, 'first')).toBe(true);
  });

  it('post_error: a warning is recorded, the second observer still runs, nothing is blocked', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'post_error');
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'warnings.append(problem)'))).toBe(1);
    expect(calls(t).second).toBe(1);
    expect(t.meta.output).toContain('hooks reached: after: first -> after: second\n');
    expect(t.meta.output).toContain('blocked: None');
    expect(t.meta.output).toContain("warnings: ['OSError: audit unavailable']");
  });

  it('mutate: first edits its own copy; second and the caller still see run_1 / run_main', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'mutate');
    expect(t.meta.output).toContain("second saw: [('run_1', 'run_main')]");
    expect(t.meta.output).toContain('caller still has: run_1 run_main');
  });

  it('allow_string: "allow" is a reason to block, and second never runs', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'allow_string');
    expect(t.meta.output).toContain("blocked: 'allow'\n");
    expect(calls(t).second).toBeUndefined();
  });

  it('false_return: a wrong return value is a raised ValueError, blocking as a pre-check failure', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'false_return');
    expect(raisedIn(t, 'check_answer')).toBe(true);
    expect(t.meta.output).toContain(
      "blocked: 'pre-check failed: ValueError: before hooks must return None or a non-empty reason, not False'",
    );
    expect(t.meta.output).not.toContain('TypeError');
    expect(calls(t).second).toBeUndefined();
  });

  it('interrupt: KeyboardInterrupt is no Exception: run_hooks lets it through and the run ends in it', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'interrupt');
    expect(t.meta.outcome).toBe('error');
    expect(t.meta.error).toMatchObject({
      type: 'KeyboardInterrupt',
      message: 'the user pressed Ctrl-C',
      file: 'setup.py',
    });
    expect(t.meta.error?.reason).toBeUndefined();
    expect(judgeEnding(t.meta, s04.scenarios.find((s) => s.id === 'interrupt')?.ending).ok).toBe(
      true,
    );
    // The except line checks it once and lets it go: no warning, no second callback.
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'except Exception as exc:'))).toBe(1);
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'warnings.append(problem)'))).toBe(0);
    expect(calls(t).second).toBeUndefined();
    expect(t.meta.output).toBe('');
  });

  it('late_register: a hook registered while the chain runs is not called in this run', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'late_register');
    expect(calls(t).late).toBeUndefined();
    expect(lineHits(t, RUNTIME, callbackLine())).toBe(2);
    expect(t.meta.output).toContain('registered now: first, second, late');
  });
});

describe('run_hooks and validate_call, beyond the panels', () => {
  it('calls each callback with exactly one argument, its own deep copy', () => {
    const t = withSources(
      [
        'from runtime import run_hooks',
        'seen = []',
        'def grab(payload):',
        '    seen.append((payload, payload["call"]["id"]))',
        '    payload["call"]["id"] = "changed"',
        'original = {"call": {"id": "run_1", "name": "run_main"}}',
        'run_hooks({"before": [grab, grab]}, "before", original)',
        'print(len(seen), seen[0][0] is not seen[1][0], seen[1][1], original["call"]["id"])',
      ].join('\n'),
    );
    expect(t.meta.output).toBe('2 True run_1 run_1\n');
  });

  it('returns a valid reason unstripped, and reports a whitespace reason as a ValueError', () => {
    const t = withSources(
      [
        'from runtime import run_hooks',
        'print(repr(run_hooks({"before": [lambda p: "  busy "]}, "before", {"call": {}})["blocked"]))',
        'print(run_hooks({"before": [lambda p: "   "]}, "before", {"call": {}})["blocked"])',
        'print(run_hooks({"after": [lambda p: "x"]}, "after", {"call": {}, "result": {}})["warnings"])',
      ].join('\n'),
    );
    expect(t.meta.output).toBe(
      [
        "'  busy '",
        "pre-check failed: ValueError: before hooks must return None or a non-empty reason, not '   '",
        '["ValueError: after hooks must return None, not \'x\'"]',
        '',
      ].join('\n'),
    );
  });

  it('validate_call treats a tool name that is not a string as an unknown tool', () => {
    expect(gateCode).toContain('def validate_call(');
    const t = withSources(
      [
        'from gate import validate_call, permission_for',
        'tools = {"run_main": {"parameters": {}, "run": None}}',
        'print(validate_call({"name": ["x"], "input": {}}, tools))',
        'print(validate_call({"name": 3, "input": {}}, tools))',
        'print(permission_for({"name": {"a": 1}, "input": {}}, tools))',
      ].join('\n'),
    );
    expect(t.meta.outcome).toBe('completed');
    expect(t.meta.output).toBe(
      ["unknown tool: ['x']", 'unknown tool: 3', "('deny', \"unknown tool: {'a': 1}\")", ''].join(
        '\n',
      ),
    );
  });
});

describe('execute_hooked under each scenario', () => {
  it('pass: run_main executes once and the result is not an error', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'pass');
    expect(calls(t).run_main).toBe(1);
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(1);
    expect(t.meta.output).toContain("content: 'exit_code=0\\n42'");
    expect(t.meta.output).toContain('warnings: []');
  });

  it('block: the gate is never reached, nothing executes, and the after chain still runs', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'block');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(0);
    expect(lineHits(t, RUNTIME, afterChainLine())).toBe(1);
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain('result for: run_1 | is_error: True');
    expect(t.meta.output).toContain("content: 'not executed: maintenance window");
    expect(t.meta.output).toContain(
      'hooks reached: before: first -> after: first -> after: second',
    );
  });

  it('refused: the gate is reached, the user declines, nothing executes', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'refused');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(1);
    expect(calls(t).ask_user).toBe(1);
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain("content: 'not executed: the user declined'");
  });

  it('post_error: the program runs exactly once and the warning holds the OSError', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'post_error');
    expect(calls(t).run_main).toBe(1);
    expect(t.meta.output).toContain("warnings: ['OSError: audit unavailable']");
    expect(t.meta.output).toContain("content: 'exit_code=0\\n42'");
  });

  it('pre_error: blocked with the pre-check reason before the gate', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'pre_error');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(0);
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain('not executed: pre-check failed: OSError: audit unavailable');
  });

  it('mutate: the snapshot that reaches the gate is still run_1 / run_main', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'mutate');
    expect(t.meta.output).toContain("user was asked about: [('run_1', 'run_main',");
    expect(t.meta.output).toContain('result for: run_1 | is_error: False');
  });

  it('host_blocked: the hooks pass, the gate denies by host policy, the user is never asked', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'host_blocked');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(1);
    expect(calls(t).ask_user).toBeUndefined();
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain("content: 'not executed: run_main is blocked by host policy'");
  });

  it('gate_crash: the exception passes through and the after chain never runs', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'gate_crash');
    expect(t.meta.outcome).toBe('completed');
    expect(raisedIn(t, 'execute_hooked')).toBe(true);
    expect(lineHits(t, RUNTIME, afterChainLine())).toBe(0);
    expect(t.meta.output).toContain('hooks reached: before: first -> before: second\n');
    expect(t.meta.output).toContain('raised: RuntimeError: the consent dialog crashed');
    expect(calls(t).run_main).toBeUndefined();
  });
});

describe('audit_event under each scenario', () => {
  it('records one entry per call, with is_error and content only after execution', () => {
    const before = recordScenario(rec, s04, 'audit_event', 'before');
    const after = recordScenario(rec, s04, 'audit_event', 'after');
    const rejected = recordScenario(rec, s04, 'audit_event', 'rejected');
    for (const t of [before, after, rejected]) expect(t.meta.outcome).toBe('completed');
    expect(before.meta.output).not.toContain('is_error');
    expect(after.meta.output).toContain("'is_error': False");
    expect(rejected.meta.output).toContain("'is_error': True");
    expect(rejected.meta.output).toContain('not executed');
  });
});

describe("the host's wiring (host_executor panel): the lesson's outcome table", () => {
  const run = (scenario: string) => recordScenario(rec, s04, 'host_executor', scenario);

  it('normal allow: the program runs once; request and result records; no warning', () => {
    const out = run('wired_allow').meta.output;
    expect(out).toContain("programs executed: ['run_main']\n");
    expect(out).toContain("the model sees: run_1 | is_error: False | 'exit_code=0\\n42'");
    expect(out).toContain('audit records: 2\n');
    expect(out).toContain("{'event': 'before', 'id': 'run_1'");
    expect(out).toContain("{'event': 'after', 'id': 'run_1'");
    expect(out).toContain('host warnings: []');
  });

  it('maintenance block: nothing runs; not-executed feedback with run_1; request and refusal records', () => {
    const out = run('wired_maintenance').meta.output;
    expect(out).toContain('programs executed: none');
    expect(out).toContain("the model sees: run_1 | is_error: True | 'not executed: maintenance");
    expect(out).toContain('audit records: 2\n');
    expect(out).toContain("{'event': 'before', 'id': 'run_1'");
    expect(out).toContain("'is_error': True, 'content': 'not executed: maintenance");
  });

  it('audit failure: the program runs exactly once, the model sees 42, the host keeps a warning', () => {
    const t = run('wired_audit_failure');
    expect(calls(t).run_main).toBe(1);
    expect(t.meta.output).toContain("the model sees: run_1 | is_error: False | 'exit_code=0\\n42'");
    expect(t.meta.output).toContain("host warnings: ['OSError: audit store unavailable']");
  });

  it('audit registered after the maintenance check: the request record is missing', () => {
    const t = run('wired_audit_last');
    expect(calls(t).audit_before).toBeUndefined();
    expect(t.meta.output).toContain('before chain: maintenance_check, audit_before');
    expect(t.meta.output).toContain('audit records: 1\n');
    expect(t.meta.output).not.toContain("'event': 'before'");
  });
});
