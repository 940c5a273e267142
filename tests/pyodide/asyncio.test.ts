/**
 * `asyncio.run()` in a recorded run (recorder/asyncloop.py): the page's own event loop is
 * Pyodide's and is always running, so a run gets CPython's `asyncio.run` and a loop of its
 * own. Coroutines take turns as in plain Python, each task's frame shows what it holds, the
 * interpreter's internal StopIteration at an `await` is not an event, and the host's loop is
 * the host's again after the run. (The oracle, oracle.test.ts, also holds every event of
 * such programs to the running program.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { step } from '../../src/replay/engine';
import { indexHits } from '../../src/replay/hits';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { lineSteps, recordCompleted, script, varsAt } from './helpers';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

const stack = (trace: Trace, step: number): string[] =>
  trace.stackAt(step).map((f) => trace.frames.functionOf(f));

const GATHER = [
  'import asyncio',
  'async def worker(name, n):',
  '    for i in range(n):',
  '        print(name, i)',
  '        await asyncio.sleep(0)',
  '    return name * n',
  'async def main():',
  '    got = await asyncio.gather(worker("a", 2), worker("b", 3))',
  '    print(got)',
  '    return got',
  'result = asyncio.run(main())',
].join('\n');

describe('asyncio.run()', () => {
  it('runs the tasks in turn, as plain Python does, run after run', () => {
    for (let again = 0; again < 2; again++) {
      const trace = recordCompleted(rec, GATHER);
      expect(trace.meta.output).toBe("a 0\nb 0\na 1\nb 1\nb 2\n['aa', 'bbb']\n");
      // Each pass of `print(name, i)` is in one of the two workers' frames, taking turns.
      const prints = lineSteps(trace, GATHER, 'print(name, i)');
      expect(prints.map((s) => varsAt(trace, s, 'worker'))).toEqual([
        { name: "'a'", n: '2', i: '0' },
        { name: "'b'", n: '3', i: '0' },
        { name: "'a'", n: '2', i: '1' },
        { name: "'b'", n: '3', i: '1' },
        { name: "'b'", n: '3', i: '2' },
      ]);
      // A task's frame runs under the event loop, whose frames are not the lesson's.
      expect(stack(trace, prints[0] as number)).toEqual(['worker', '<module>']);
      const after = lineSteps(trace, GATHER, 'print(got)')[0] as number;
      expect(varsAt(trace, after, 'main')).toEqual({ got: "['aa', 'bbb']" });
      expect(varsAt(trace, trace.length - 1).result).toBe("['aa', 'bbb']");
      // Nothing raised: the StopIteration the interpreter uses to finish an `await` is no event.
      const raised = [...Array(trace.length).keys()].filter(
        (e) => trace.kind[e] === EventKind.Exception,
      );
      expect(raised).toEqual([]);
    }
  });

  it("steps over an await to the coroutine's own next line, past the other task's turn", () => {
    const trace = recordCompleted(rec, GATHER);
    const none = indexHits(trace, []);
    // From worker a's first `await`: its yield, then a's next line (the loop goes on), not
    // worker b's turn and not the module's line after asyncio.run() (the rest of the run).
    const awaitA = lineSteps(trace, GATHER, 'await asyncio.sleep(0)')[0] as number;
    const walk = [awaitA];
    for (let k = 0; k < 4; k++) walk.push(step(trace, walk[k] as number, 'stepOver', none));
    expect(walk.map((e) => [trace.line[e], varsAt(trace, e, 'worker').name])).toEqual([
      [5, "'a'"],
      [5, "'a'"], // the yield: a waits
      [3, "'a'"], // resumed: `for i in range(n)`
      [4, "'a'"],
      [5, "'a'"],
    ]);
    expect(walk.map((e) => varsAt(trace, e, 'worker').i)).toEqual(['0', '0', '0', '1', '1']);
  });

  it("shows what an async generator yields, not the interpreter's wrapper around it", () => {
    const code = [
      'import asyncio',
      'async def rows():',
      '    row = [1, 2]',
      '    yield row',
      '    await asyncio.sleep(0)',
      '    yield 3',
      'async def main():',
      '    got = []',
      '    async for r in rows():',
      '        got.append(r)',
      '    return got',
      'out = asyncio.run(main())',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const yields = [...Array(trace.length).keys()].filter(
      (e) => trace.kind[e] === EventKind.Yield && trace.functionOf(e) === 'rows',
    );
    // The two yields, and the await between them (which hands asyncio's own value out).
    expect(yields.map((e) => trace.line[e])).toEqual([4, 5, 6]);
    const [first, , last] = yields as [number, number, number];
    const row = trace
      .variablesAt(trace.frame[first] as number, first)
      .find((v) => v.name === 'row');
    expect(row).toBeDefined();
    expect(trace.aux[first]).toBe(row?.value); // the list itself, the one `row` names
    expect(trace.value(trace.aux[last] as number)?.[1]).toBe('3');
    expect(varsAt(trace, trace.length - 1).out).toBe('[[1, 2], 3]');
  });

  it("ends with the coroutine's own exception, its traceback in the lesson's lines", () => {
    const code = [
      'import asyncio',
      'async def main():',
      '    raise KeyError("k")',
      'asyncio.run(main())',
    ].join('\n');
    const trace = rec.record({ scenario: '', files: script(code) });
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({ type: 'KeyError', line: 3 });
    const tb = trace.meta.error?.traceback ?? '';
    expect(tb).toContain('line 4, in <module>');
    expect(tb).toContain('line 3, in main');
    expect(tb).not.toContain('asyncio/'); // (no frame of the library's)
  });

  it('fails at the line that asks for a thread, which cannot start here', () => {
    // asyncio joins its executor from a thread of its own: that second failure, at
    // asyncio.run(), once hid the line that asked (LessonLoop.shutdown_default_executor).
    const code = [
      'import asyncio',
      'async def main():',
      '    await asyncio.to_thread(print, 1)',
      'asyncio.run(main())',
    ].join('\n');
    const trace = rec.record({ scenario: '', files: script(code) });
    expect(trace.meta.error).toMatchObject({
      type: 'RuntimeError',
      message: "can't start new thread",
      line: 3,
    });
    expect(trace.meta.error?.traceback).not.toContain('During handling');
  });

  it('stops at the time budget when no task can ever wake, as a program that hangs', () => {
    const code = [
      'import asyncio',
      'async def main():',
      '    never = asyncio.get_running_loop().create_future()',
      '    print("waiting")',
      '    await never',
      'asyncio.run(main())',
    ].join('\n');
    const trace = rec.record({ scenario: '', files: script(code), budget: { maxSeconds: 0.3 } });
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'seconds' });
    expect(trace.meta.output).toBe('waiting\n');
  });

  it('numbers tasks and threads from 1 in every run, as a fresh interpreter does', () => {
    // asyncio's own count of unnamed tasks (in its C module) and threading's count of
    // thread names are the interpreter's: they once went on from run to run (Task-12,
    // Thread-3 in a program's third run). The names below are what python3 prints.
    const code = [
      'import asyncio, threading',
      'async def job():',
      '    return asyncio.current_task().get_name()',
      'async def main():',
      '    a = await asyncio.create_task(job())',
      '    b = await asyncio.gather(job(), job())',
      '    return asyncio.current_task().get_name(), a, b',
      'print(asyncio.run(main()))',
      'print(asyncio.run(main()))',
      'print(threading.Thread(target=print).name, threading.Thread().name)',
    ].join('\n');
    for (let again = 0; again < 3; again++) {
      expect(recordCompleted(rec, code).meta.output).toBe(
        [
          "('Task-1', 'Task-2', ['Task-3', 'Task-4'])",
          // asyncio.run() ends by running two shutdown coroutines as tasks of their own
          "('Task-7', 'Task-8', ['Task-9', 'Task-10'])",
          'Thread-1 (print) Thread-2',
          '',
        ].join('\n'),
      );
    }
  });

  it("gives the host's event loop and asyncio.run back after the run", () => {
    const host = () =>
      rec.pyodide.runPython(
        [
          'import asyncio, pyodide.webloop as _w',
          'str((type(asyncio.events._get_running_loop()).__name__,',
          '     type(asyncio.events._event_loop_policy).__name__, asyncio.run is _w._run))',
        ].join('\n'),
      ) as string;
    const before = host();
    expect(before).toBe("('WebLoop', 'WebLoopPolicy', True)");
    recordCompleted(rec, GATHER);
    expect(host()).toBe(before);
  });

  it('shows a task and a future by their state, drawn again as they settle in the loop', () => {
    const code = [
      'import asyncio',
      'async def work(n):',
      '    await asyncio.sleep(0)',
      '    return [n * 2]',
      'async def main():',
      '    t = asyncio.create_task(work(3))',
      '    f = asyncio.get_running_loop().create_future()',
      '    await asyncio.sleep(0)',
      '    marker = 1',
      '    await asyncio.sleep(0)',
      '    f.set_result([1, 2])',
      '    r = await t',
      '    return r',
      'print(asyncio.run(main()))',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const at = (text: string) => varsAt(trace, lineSteps(trace, code, text)[0] as number, 'main');
    const task = (state: string) => `Task(_state='${state}', _coro=<coroutine object work>)`;
    expect(at('marker = 1')).toEqual({ t: task('PENDING'), f: "Future(_state='PENDING')" });
    // The task returned during the second sleep, where no line of main names it.
    expect(at('f.set_result')).toEqual({
      t: "Task(_state='FINISHED', _result=[6], _coro=<coroutine object work>)",
      f: "Future(_state='PENDING')",
      marker: '1',
    });
    expect(at('r = await t').f).toBe("Future(_state='FINISHED', _result=[1, 2])");
  });

  it('shows what a task raised without counting it as retrieved, as plain Python does', () => {
    const code = [
      'import asyncio',
      'async def fail():',
      '    raise KeyError("gone")',
      'async def main():',
      '    bad = asyncio.create_task(fail())',
      '    await asyncio.sleep(0)',
      '    flag = bad._log_traceback',
      '    del bad',
      '    return flag',
      'print(asyncio.run(main()))',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    expect(varsAt(trace, lineSteps(trace, code, 'flag = bad')[0] as number, 'main').bad).toBe(
      "Task(_state='FINISHED', _exception=KeyError('gone'), _coro=<coroutine object fail>)",
    );
    // Shown, it still says it was never retrieved as it dies at `del bad`, before main ends.
    const out = trace.meta.output;
    expect(out.startsWith('Task exception was never retrieved\n')).toBe(true);
    expect(out.endsWith("KeyError: 'gone'\nTrue\n")).toBe(true);
  });
});
