import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../src/lessons/schema';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { lineHits, summarizeTrace } from '../../src/runtime/summary';
import { EventKind, type Trace } from '../../src/trace/trace';
import { lesson, lineOf, recordScenario } from './helpers';

let rec: NodeRecorder;
let s04: Lesson;
let runtimeCode: string;
const RUNTIME = 's04/core/runtime.py';

beforeAll(async () => {
  rec = await createNodeRecorder();
  s04 = await lesson('s04-hooks');
  runtimeCode = s04.sources.find((s) => s.path === RUNTIME)?.code as string;
});

const callbackLine = () => lineOf(runtimeCode, 'answer = callback(');
const guardedLine = () => lineOf(runtimeCode, 'result = execute_guarded(');
const calls = (t: Trace) => summarizeTrace(t).calls;

describe('run_hooks under each scenario', () => {
  it('pass: both callbacks run and nothing is blocked', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'pass');
    expect(t.meta.outcome).toBe('completed');
    expect(lineHits(t, RUNTIME, callbackLine())).toBe(2);
    expect(calls(t)).toMatchObject({ first: 1, second: 1 });
    expect(t.meta.output).toContain('visited: first -> second');
    expect(t.meta.output).toContain('blocked: None');
  });

  it('block: the callback line is reached once and the chain returns at once', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'block');
    expect(lineHits(t, RUNTIME, callbackLine())).toBe(1);
    expect(calls(t).second).toBeUndefined();
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'return {"blocked": answer.strip()'))).toBe(1);
    expect(t.meta.output).toContain('visited: first\n');
  });

  it('pre_error: the exception blocks with a pre-check reason and second never runs', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'pre_error');
    expect(calls(t).second).toBeUndefined();
    expect(t.meta.output).toContain('blocked: pre-check failed: OSError: audit unavailable');
    // the OSError was really raised inside `first`
    const raised = [...Array(t.length).keys()].some(
      (e) => t.kind[e] === EventKind.Exception && t.functionOf(e) === 'first',
    );
    expect(raised).toBe(true);
  });

  it('post_error: a warning is recorded, the second observer still runs, nothing is blocked', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'post_error');
    expect(lineHits(t, RUNTIME, lineOf(runtimeCode, 'warnings.append(problem)'))).toBe(1);
    expect(calls(t).second).toBe(1);
    expect(t.meta.output).toContain('blocked: None');
    expect(t.meta.output).toContain("warnings: ['OSError: audit unavailable']");
  });

  it('mutate: first edits its own copy; second and the caller still see run_1 / run_main', () => {
    const t = recordScenario(rec, s04, 'run_hooks', 'mutate');
    expect(t.meta.output).toContain("second saw: [('run_1', 'run_main')]");
    expect(t.meta.output).toContain('caller still has: run_1 run_main');
  });
});

describe('execute_hooked under each scenario', () => {
  it('pass: run_main executes once and the result is not an error', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'pass');
    expect(calls(t).run_main).toBe(1);
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(1);
    expect(t.meta.output).toContain('42');
  });

  it('block: the gate is never reached and nothing executes', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'block');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(0);
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain('not executed');
    expect(t.meta.output).toContain('run_1');
  });

  it('refused: the gate is reached, the user declines, nothing executes', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'refused');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(1);
    expect(calls(t).ask_user).toBe(1);
    expect(calls(t).run_main).toBeUndefined();
  });

  it('post_error: the program runs exactly once and the warning holds the OSError', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'post_error');
    expect(calls(t).run_main).toBe(1);
    expect(t.meta.output).toContain('OSError: audit unavailable');
    expect(t.meta.output).toContain('42');
  });

  it('pre_error: blocked with the pre-check reason before the gate', () => {
    const t = recordScenario(rec, s04, 'execute_hooked', 'pre_error');
    expect(lineHits(t, RUNTIME, guardedLine())).toBe(0);
    expect(calls(t).run_main).toBeUndefined();
    expect(t.meta.output).toContain('pre-check failed');
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
