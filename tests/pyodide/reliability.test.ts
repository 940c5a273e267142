/**
 * Reliability of the recorder under bad lesson code (issue 5, parts 1, 2 and 4), in real
 * Pyodide under Node: runaway code stops at its budgets with a replayable partial trace,
 * errors carry their place, huge and hostile values are capped, network modules are refused.
 *
 * The watchdog's interrupt is simulated the way the page does it: another thread writes
 * `WATCHDOG_SIGNAL` into the SharedArrayBuffer cell given to `pyodide.setInterruptBuffer` (here a
 * `worker_threads` Worker, since the main thread is busy inside Python).
 *
 * A C-level call that never checks for signals (`sum(range(10**12))`) cannot be stopped
 * by the interrupt at all (checked by hand: it runs to its end); the page's answer to it,
 * terminating and replacing the worker, is covered in tests/browser/reliability-runaway.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson, RunFile } from '../../src/lessons/lesson';
import { buildRunFiles } from '../../src/lessons/runFiles';
import type { Budget } from '../../src/lessons/schema';
import { indexHits, START, step } from '../../src/replay/engine';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { WATCHDOG_SIGNAL } from '../../src/runtime/protocol';
import { positionView } from '../../src/store/selectors';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { resolveAt } from '../../src/trace/values';
import { lesson, script } from './helpers';

let rec: NodeRecorder;
let s04: Lesson;
let cell: Int32Array;

beforeAll(async () => {
  rec = await createNodeRecorder();
  s04 = await lesson('s04-hooks');
  cell = new Int32Array(new SharedArrayBuffer(4));
  sent = new Int32Array(new SharedArrayBuffer(4));
  rec.pyodide.setInterruptBuffer(cell);
});

afterAll(() => {
  Atomics.store(cell, 0, 0);
});

function run(files: RunFile[], budget?: Budget): Trace {
  return rec.record({ scenario: 'x', files, ...(budget ? { budget } : {}) });
}

/**
 * How many interrupts the helper thread sent during the last `withInterrupt`. It sends
 * one after `ms`, then again every few seconds until stopped: the run blocks this thread,
 * so if an interrupt were ever lost nothing else could end it, and the suite would hang
 * instead of failing.
 */
let sent: Int32Array;
const AGAIN_MS = 5_000;

/** Ask another thread to raise the watchdog's signal after `ms`, as the page's watchdog does. */
function interruptSoon(ms: number): Worker {
  Atomics.store(sent, 0, 0);
  return new Worker(
    `const { workerData } = require('node:worker_threads');
     const cell = new Int32Array(workerData.cell);
     const sent = new Int32Array(workerData.sent);
     const fire = () => {
       Atomics.store(cell, 0, ${WATCHDOG_SIGNAL});
       Atomics.add(sent, 0, 1);
       setTimeout(fire, ${AGAIN_MS});
     };
     setTimeout(fire, ${ms});`,
    { eval: true, workerData: { cell: cell.buffer, sent: sent.buffer } },
  );
}

async function withInterrupt(ms: number, body: () => Trace): Promise<Trace> {
  Atomics.store(cell, 0, 0);
  const w = interruptSoon(ms);
  let trace: Trace;
  try {
    trace = body();
  } finally {
    await w.terminate();
    Atomics.store(cell, 0, 0);
  }
  // The first interrupt must stop the run: a second one means the first was lost.
  expect(Atomics.load(sent, 0), 'interrupts sent before the run stopped').toBe(1);
  return trace;
}

/**
 * The trace can be replayed: every command from every sampled position lands inside the
 * trace, and the view of any position (stack, variables, output) can be built.
 */
function expectReplayable(trace: Trace): void {
  const n = trace.length;
  const hits = indexHits(trace, []);
  const sample = new Set(
    [START, 0, 1, Math.floor(n / 2), n - 2, n - 1, n].filter((p) => p >= START && p <= n),
  );
  for (const p of sample) {
    for (const cmd of [
      'run',
      'debug',
      'continue',
      'stepOver',
      'stepInto',
      'stepOut',
      'stepBack',
      'reverseContinue',
      'restart',
    ] as const) {
      const q = step(trace, p, cmd, hits);
      expect(q, `${cmd} from ${p}`).toBeGreaterThanOrEqual(START);
      expect(q, `${cmd} from ${p}`).toBeLessThanOrEqual(n);
    }
    if (p >= 0 && p < n) {
      const view = positionView(trace, p, 0);
      expect(view?.stack.length).toBeGreaterThan(0);
      expect(trace.outputAt(p).length).toBeLessThanOrEqual(trace.meta.output.length);
    }
  }
}

/** The lesson's run files for a panel/scenario, with `mutate` applied to the file of `role`. */
function s04Files(
  panel: string,
  scenario: string,
  role: RunFile['role'],
  mutate: (code: string) => string,
): RunFile[] {
  const files = buildRunFiles(s04, panel, scenario);
  let changed = 0;
  const out = files.map((f) => {
    // The first file of that role (sources: gate.py, imported by runtime.py).
    if (f.role !== role || changed++) return f;
    return { ...f, code: mutate(f.code) };
  });
  expect(changed, `no ${role} file in ${panel}/${scenario}`).toBeGreaterThan(0);
  return out;
}

const LOOP = '\nwhile True:\n    pass\n';

describe('runaway code is stopped by the budgets (issue 5.1)', () => {
  it.each([
    ['a lesson source', 'source'],
    ['the setup', 'setup'],
    ['a scenario script', 'scenario'],
    ['the entry', 'entry'],
  ] as const)(
    '`while True: pass` in %s stops at the default time budget within 2 s',
    (_what, role) => {
      const files = s04Files('audit_event', 'before', role, (code) => code + LOOP);
      const trace = run(files);
      expect(trace.meta.outcome).toBe('stopped');
      expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'seconds' });
      expect(trace.meta.error?.message).toContain('time budget');
      expect(trace.meta.budget.maxSeconds).toBe(1.5);
      expect(trace.meta.elapsedMs).toBeLessThan(2000);
      expect(trace.length).toBeGreaterThan(1000);
      // the partial trace ends inside the loop of the file that ran away
      const last = trace.fileOf(trace.length - 1);
      expect(last).toBe(files.find((f) => f.role === role)?.path);
      expectReplayable(trace);
    },
  );

  it('an endless loop that prints is stopped too, and keeps its (capped) output', () => {
    const trace = run(script('n = 0\nwhile True:\n    n += 1\n    print("line", n)\n'));
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.elapsedMs).toBeLessThan(2000);
    expect(trace.meta.output).toMatch(/^line 1\nline 2\n/);
    expect(trace.meta.output.length).toBeLessThanOrEqual(1_000_000);
    expectReplayable(trace);
    // the output shown at the last event is what had been printed by then
    expect(trace.outputAt(trace.length - 1).length).toBeGreaterThan(0);
  });

  it('stops at the event budget first when that is the smaller one', () => {
    const trace = run(script('while True:\n    pass\n'), { maxEvents: 5000 });
    expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'events' });
    expect(trace.length).toBe(5000);
    expectReplayable(trace);
  });

  it('a lesson may raise its budgets, but never past the hard ceiling', () => {
    const raised = run(script('x = 1\n'), { maxSeconds: 4, maxEvents: 2_000_000 });
    expect(raised.meta.budget).toEqual({ maxSeconds: 4, maxEvents: 2_000_000 });
    const absurd = run(script('x = 1\n'), { maxSeconds: 10_000, maxEvents: 10 ** 9 });
    expect(absurd.meta.budget).toEqual({ maxSeconds: 30, maxEvents: 5_000_000 });
    // s04-hooks sets its own budget (2 s, 200,000 events); a runaway there stops at
    // whichever of the two it reaches first (which one depends on the machine's speed),
    // and the message names that limit.
    const lessonRun = rec.record({
      scenario: 'pass',
      budget: s04.budget,
      files: s04Files('run_hooks', 'pass', 'entry', (code) => code + LOOP),
    });
    expect(lessonRun.meta.budget).toEqual({ maxSeconds: 2, maxEvents: 200_000 });
    const stop = lessonRun.meta.error;
    expect(stop).toMatchObject({ type: 'BudgetExceeded' });
    expect(['seconds', 'events']).toContain(stop?.reason);
    expect(stop?.message).toContain(stop?.reason === 'seconds' ? '2 s' : '200,000 events');
  });

  it('stops code whose every step is slow (a big structure re-rendered per event) at the time budget', () => {
    const trace = run(
      script(
        'big = [[[i * j * k for i in range(30)] for j in range(30)] for k in range(30)]\nfor n in range(10**6):\n    big[0][0][0] = n\n',
      ),
    );
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error?.reason).toBe('seconds');
    expect(trace.meta.elapsedMs).toBeLessThan(2000);
    expectReplayable(trace);
  });

  it('stops a function whose every step is slow (a big structure looked at per event) at the time budget', () => {
    // The LINE callback's own path (events.py): each line names `g`, whose 27,931 lists the
    // recorder looks at every time (tens of ms), so the clock must be read after so many
    // objects, not only every 1,024 events (tens of seconds here). The innermost lists are
    // made in C (`list(map(list, ...))`), 900 traced iterations instead of 27,900: on a
    // slow or busy machine those alone used up the budget before `spin` was called. Even so,
    // on a machine shared with three other test runs they took the default 1.5 s, so the run
    // gets 4 s: a clock read only every 1,024 events would still overrun it by tens.
    const code = [
      'grid = [[list(map(list, [[0] * 30] * 30)) for _ in range(30)] for _ in range(30)]',
      'def spin(g):',
      '    n = 0',
      '    while True:',
      '        n = len(g) + n',
      'spin(grid)',
      '',
    ].join('\n');
    const trace = run(script(code), { maxEvents: 1_000_000, maxSeconds: 4 });
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'seconds' });
    expect(trace.meta.elapsedMs).toBeLessThan(4500);
    expect(trace.functionOf(trace.length - 1)).toBe('spin');
    expectReplayable(trace);
  });

  it('stops runaway recursion under a raised recursion limit before it can crash the interpreter', () => {
    const trace = run(
      script(
        'import sys\nsys.setrecursionlimit(10**6)\ndef down(n):\n    return down(n + 1)\ndown(0)\n',
      ),
    );
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'depth' });
    expect(trace.meta.error?.message).toContain('3,000');
    expectReplayable(trace);
    expect(run(script('print("still alive")\n')).meta.output).toBe('still alive\n');
  });
});

describe("the watchdog's interrupt (Pyodide's interrupt buffer)", () => {
  it('stops a long C-level call that checks for signals (regex backtracking) with the partial trace', async () => {
    const trace = await withInterrupt(300, () =>
      run(script('import re\nx = 1\nre.match(r"(a+)+$", "a" * 40 + "b")\n')),
    );
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ type: 'KeyboardInterrupt', reason: 'interrupted' });
    expect(trace.length).toBeGreaterThan(0);
    expectReplayable(trace);
  });

  it('never calls a __repr__ that would not return: the run completes as the program does', async () => {
    // Code called from inside a monitoring callback produces no events, so no budget could
    // stop it. The recorder shows an object by what it holds and never calls its __repr__
    // (an object with __slots__ by its slots), so such a __repr__ never runs at all. The
    // watchdog's interrupt (2 s) is there only so that a regression fails instead of hanging.
    Atomics.store(cell, 0, 0);
    const watchdog = interruptSoon(2000);
    let trace: Trace;
    try {
      trace = run(
        script(
          'class Stuck:\n    __slots__ = ()\n    def __repr__(self):\n        while True:\n            pass\ns = Stuck()\nprint("never")\n',
        ),
      );
    } finally {
      await watchdog.terminate();
      Atomics.store(cell, 0, 0);
    }
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output).toBe('never\n');
    const end = trace.length - 1;
    const s = trace.variablesAt(0, end).find((v) => v.name === 's');
    expect(s && resolveAt(trace, s.value, end).text).toBe('Stuck()');
    expectReplayable(trace);
  });

  it('still stops when the lesson code catches the KeyboardInterrupt', async () => {
    const trace = await withInterrupt(300, () =>
      run(
        script(
          'import re\nwhile True:\n    try:\n        re.match(r"(a+)+$", "a" * 40 + "b")\n    except BaseException:\n        print("caught it")\n',
        ),
      ),
    );
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'interrupted' });
    // it stops at the first event after the interrupt: the handler never gets to print
    expect(trace.meta.output).toBe('');
  });

  it('runs a KeyboardInterrupt the program raises itself as its own: an `except Exception` lets it through, an outer handler catches it', () => {
    // The flagship lesson's point (s04: only Exception is caught): nothing here is the
    // watchdog's, so nothing is stopped.
    const trace = run(
      script(
        [
          'def hook(payload):',
          '    raise KeyboardInterrupt("Ctrl-C")',
          'def run_hooks(hooks):',
          '    for h in hooks:',
          '        try:',
          '            h({})',
          '        except Exception as exc:',
          '            print("caught by the chain", exc)',
          '    return "done"',
          'try:',
          '    run_hooks([hook])',
          'except KeyboardInterrupt as e:',
          '    print("caught outside", e)',
          'print("after")',
          '',
        ].join('\n'),
      ),
    );
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.error).toBeNull();
    expect(trace.meta.output).toBe('caught outside Ctrl-C\nafter\n');
    const raised = Array.from({ length: trace.length }, (_, i) => i).filter(
      (i) => trace.kind[i] === EventKind.Exception,
    );
    expect(raised.map((i) => trace.line[i])).toEqual([2, 6, 11]);
  });

  it('ends a run with the program’s own uncaught KeyboardInterrupt as its error, at its line, not as a stop', () => {
    const trace = run(script('x = 1\nraise KeyboardInterrupt("by the program")\n'));
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({
      type: 'KeyboardInterrupt',
      message: 'by the program',
      line: 2,
    });
    expect(trace.meta.error?.reason).toBeUndefined();
  });

  it("runs the program's own SIGINT as in plain Python, and its handler does not outlive the run", () => {
    const raise = [
      'import signal',
      'try:',
      '    signal.raise_signal(signal.SIGINT)',
      'except KeyboardInterrupt:',
      '    print("caught")',
    ];
    const own = run(
      script(
        [
          ...raise,
          'seen = []',
          'signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))',
          'signal.raise_signal(signal.SIGINT)',
          'print("handled", seen == [signal.SIGINT])',
          '',
        ].join('\n'),
      ),
    );
    expect(own.meta.error).toBeNull();
    expect(own.meta.output).toBe('caught\nhandled True\n');
    // The next run has Python's own handler again: its SIGINT is a KeyboardInterrupt.
    const next = run(script(`${raise.join('\n')}\n`));
    expect(next.meta.error).toBeNull();
    expect(next.meta.output).toBe('caught\n');
  });

  it('puts back every signal handler a run set, so a later run never calls an earlier run’s', () => {
    const handlers = script(
      [
        'import signal',
        "# SIGUSR1: the watchdog, a handler of each run's own recorder",
        'shown = lambda s: "watchdog" if s == signal.SIGUSR1 else repr(signal.getsignal(s))',
        'print([(int(s), shown(s)) for s in sorted(signal.valid_signals())])',
        '',
      ].join('\n'),
    );
    const before = run(handlers).meta.output;
    expect(before).toContain('(15, '); // SIGTERM among them
    const meddler = run(
      script(
        [
          'import signal',
          'def mine(signum, frame):',
          '    print("an earlier run\'s handler", signum)',
          'for s in (signal.SIGTERM, signal.SIGUSR2, signal.SIGHUP, signal.SIGALRM):',
          '    signal.signal(s, mine)',
          'signal.signal(signal.SIGPIPE, signal.SIG_DFL)',
          'signal.raise_signal(signal.SIGUSR2)',
          '',
        ].join('\n'),
      ),
    );
    expect(meddler.meta.output).toBe("an earlier run's handler 12\n");
    // The next run finds every handler as it was before the meddler's.
    expect(run(handlers).meta.output).toBe(before);
  });

  it('forgets the exit functions a run registered, so a later run never calls an earlier run’s', () => {
    const count = script('import atexit\nprint(atexit._ncallbacks())\n');
    const before = run(count).meta.output;
    const meddler = run(
      script('import atexit\natexit.register(print, "an earlier run\'s exit function")\n'),
    );
    expect(meddler.meta.error).toBeNull();
    expect(run(count).meta.output).toBe(before);
    // Calling every exit function now calls none of the meddler's (and empties the
    // registry, which is filled again for the next run).
    const caller = run(script('import atexit\natexit._run_exitfuncs()\nprint("done")\n'));
    expect(caller.meta.output).toBe('done\n');
    expect(run(count).meta.output).toBe(before);
  });

  it("finalizes what a run leaves at its end: a later run never runs its __del__, weakref callback or generator's finally", () => {
    const probe = script(
      [
        'import json, gc',
        'print(json.dumps([1, 2]), json.loads("1"))',
        "gc.collect()  # an earlier run's garbage, if any were left, would be finalized here",
        'print(json.dumps([1, 2]), json.loads("1"))',
        '',
      ].join('\n'),
    );
    const before = run(probe).meta.output;
    expect(before).toBe('[1, 2] 1\n[1, 2] 1\n');
    const meddler = run(
      script(
        [
          'import json, weakref',
          'class Bomb:',
          '    def __del__(self):',
          '        json.dumps = lambda *a, **k: "from __del__"',
          'b = Bomb()',
          'b.me = b  # in a cycle: only the collector frees it',
          'class Box:',
          '    pass',
          'c = Box()',
          'weakref.finalize(c, setattr, json, "loads", lambda *a, **k: "from finalize")',
          'def gen():',
          '    try:',
          '        yield 1',
          '    finally:',
          '        json.JSONEncoder.item_separator = "!"',
          'g = gen()',
          'next(g)',
          'print("planted")',
          '',
        ].join('\n'),
      ),
    );
    expect(meddler.meta.output).toBe('planted\n');
    expect(run(probe).meta.output).toBe(before);
    expect(run(probe).meta.output).toBe(before);
  });

  it('undoes what a run did to the codec registry: search functions and error handlers', () => {
    const probe = script(
      [
        'import codecs',
        'for name in ("wpt_poison", "cp037"):',
        '    try:',
        '        print(name, codecs.lookup(name).name)',
        '    except LookupError:',
        '        print(name, "none")',
        'for handler in ("strict", "replace", "wpt_handler"):',
        '    try:',
        '        print(handler, codecs.lookup_error(handler).__name__)',
        '    except LookupError:',
        '        print(handler, "none")',
        '',
      ].join('\n'),
    );
    const before = run(probe).meta.output;
    expect(before).toBe(
      'wpt_poison none\ncp037 cp037\nstrict strict_errors\nreplace replace_errors\nwpt_handler none\n',
    );
    const meddler = run(
      script(
        [
          'import codecs, encodings',
          'codecs.register(lambda n: codecs.lookup("utf-8") if n == "wpt_poison" else None)',
          'print(codecs.lookup("wpt_poison").name)',
          'codecs.unregister(encodings.search_function)',
          'def loud(error):',
          '    return ("H", error.end)',
          'codecs.register_error("strict", loud)',
          'codecs.register_error("replace", loud)',
          'codecs.register_error("wpt_handler", loud)',
          'print(codecs.lookup_error("strict").__name__, codecs.lookup_error("wpt_handler").__name__)',
          '',
        ].join('\n'),
      ),
    );
    expect(meddler.meta.error).toBeNull();
    expect(meddler.meta.output).toBe('utf-8\nloud loud\n');
    expect(run(probe).meta.output).toBe(before);
  });

  it('undoes the classes a run registered with an abstract base class, and what was cached from them', () => {
    const probe = script(
      [
        'import collections.abc as abcs, numbers',
        'print(issubclass(int, abcs.Sequence), issubclass(int, abcs.Collection))',
        'print(isinstance([], abcs.Sequence), isinstance(3, numbers.Integral))',
        'print(isinstance("", abcs.Hashable), issubclass(str, abcs.Collection))',
        '',
      ].join('\n'),
    );
    const before = run(probe).meta.output;
    expect(before).toBe('False False\nTrue True\nTrue True\n');
    const meddler = run(
      script(
        [
          'import collections.abc as abcs',
          'abcs.Sequence.register(int)',
          // Collection finds it through Sequence, and caches the answer
          'print(isinstance(3, abcs.Sequence), issubclass(int, abcs.Collection))',
          '',
        ].join('\n'),
      ),
    );
    expect(meddler.meta.output).toBe('True True\n');
    expect(run(probe).meta.output).toBe(before);
  });

  it('finds the interpreter as it left it after a run that changed nothing of it, so putting back is the quick check alone', () => {
    const state = () =>
      rec.pyodide
        .runPython(
          [
            'import linecache, wpt_recorder.sandbox as sandbox',
            '[sandbox.baseline().in_place.containers.unchanged(),',
            ' [p for p in linecache.cache if not p.startswith("/")]]',
          ].join('\n'),
        )
        .toJs();
    // A run that raises, so that its traceback reads the lesson's lines from linecache.
    const plain = run(script('items = [1, 2]\nitems.append(3)\nraise ValueError(items)\n'));
    expect(plain.meta.error?.type).toBe('ValueError');
    expect(state()).toEqual([true, []]);
    // A file that does not compile ends the run before it starts: the files compiled
    // before it are not left in linecache for the next run to read either.
    const broken = run(
      script('def oops(:\n', [
        { path: 'helper.py', code: 'SECRET = 1\n', role: 'source', module: 'helper' },
      ]),
    );
    expect(broken.meta.error?.type).toBe('SyntaxError');
    expect(state()[1]).toEqual([]);
  });

  it("puts back the watchdog's handler when a run replaced it, so the watchdog still stops the next run", async () => {
    const meddler = run(
      script('import signal\nsignal.signal(signal.SIGUSR1, signal.SIG_IGN)\nprint("ignored")\n'),
    );
    expect(meddler.meta.outcome).toBe('completed');
    expect(rec.pyodide.runPython('import signal; int(signal.SIGUSR1)')).toBe(WATCHDOG_SIGNAL);
    // A loop in Python, under a clock budget the interrupt comes well before: were the
    // interrupt ignored, the clock would stop the run (and this test fail, not hang).
    const trace = await withInterrupt(300, () =>
      run(script('n = 0\nwhile True:\n    n += 1\n'), { maxEvents: 50_000_000, maxSeconds: 4 }),
    );
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ reason: 'interrupted' });
  });

  it('does not let one run change the interpreter for the next', () => {
    const meddler = run(
      script(
        'import sys, builtins\nsys.setrecursionlimit(50)\nsys.set_int_max_str_digits(640)\nbuiltins.print = None\nbuiltins.extra = 1\nsys.meta_path.clear()\nsys.path.clear()\n',
      ),
    );
    expect(meddler.meta.outcome).toBe('completed');
    const next = run(
      script(
        'import sys, json, builtins\nprint(sys.getrecursionlimit(), hasattr(builtins, "extra"), len(str(10**1000)))\n',
      ),
    );
    expect(next.meta.error).toBeNull();
    expect(next.meta.output).toBe('1000 False 1001\n');
  });

  it('leaves the interpreter usable for the next run', () => {
    const trace = run(script('print(sum(range(10)))\n'));
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output).toBe('45\n');
  });
});

describe('errors carry their place (issue 5.2)', () => {
  it.each([
    ['a lesson source', 'source'],
    ['the setup', 'setup'],
    ['a scenario script', 'scenario'],
    ['the entry', 'entry'],
  ] as const)('a syntax error in %s names the file, line and column', (_what, role) => {
    const files = s04Files(
      'audit_event',
      'before',
      role,
      (code) => `${code}\nok = 1\nbroken = (1,\n`,
    );
    const path = files.find((f) => f.role === role)?.path;
    const trace = run(files);
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error?.type).toBe('SyntaxError');
    expect(trace.meta.error?.file).toBe(path);
    const code = files.find((f) => f.role === role)?.code as string;
    const brokenLine = code.split('\n').findIndex((l) => l.startsWith('broken = (1,')) + 1;
    expect(trace.meta.error?.line).toBe(brokenLine);
    expect(trace.meta.error?.column).toBe(10);
    expect(trace.length).toBe(0);
  });

  it('an indentation error too', () => {
    const trace = run(script('def f():\nreturn 1\n'));
    expect(trace.meta.error).toMatchObject({ type: 'IndentationError', file: 'main.py', line: 2 });
    expect(trace.meta.error?.column).toBeGreaterThan(0);
  });

  it('a program that reads its input finds none, as CPython does when nothing is given: input() raises EOFError at its line', () => {
    // Pyodide's own default would wait on this process's stdin here and raise an OSError
    // in a browser worker; every host is given the same empty input (worker-core.ts).
    const trace = run(
      script(
        [
          'import sys',
          'print(repr(sys.stdin.read()), repr(sys.stdin.readline()))',
          'name = input("Your name? ")',
          'print("never")',
        ].join('\n'),
      ),
    );
    expect(trace.meta.output).toBe("'' ''\nYour name? ");
    expect(trace.meta.error).toMatchObject({
      type: 'EOFError',
      message: 'EOF when reading a line',
      file: 'main.py',
      line: 3,
    });
  });

  it('an import error names the importing file, line and column', () => {
    const missing = run(
      s04Files(
        'run_hooks',
        'pass',
        'setup',
        (code) => `import json\nimport no_such_module\n${code}`,
      ),
    );
    expect(missing.meta.error).toMatchObject({
      type: 'ModuleNotFoundError',
      file: 'setup.py',
      line: 2,
      column: 1,
    });
    expect(missing.meta.error?.message).toContain('no_such_module');
    const wrongName = run(
      s04Files('run_hooks', 'pass', 'entry', (code) =>
        code.replace('from runtime import run_hooks', 'from runtime import run_hook'),
      ),
    );
    // The line of the import, found in the entry's own text (not written here).
    const entry = s04Files('run_hooks', 'pass', 'entry', (code) => code).find(
      (f) => f.path === 'entries/run_hooks.py',
    );
    const importLine =
      (entry?.code.split('\n').findIndex((l) => l.includes('from runtime import')) ?? -2) + 1;
    expect(importLine).toBeGreaterThan(0);
    expect(wrongName.meta.error).toMatchObject({
      type: 'ImportError',
      file: 'entries/run_hooks.py',
      line: importLine,
    });
    expect(wrongName.meta.error?.column).toBeGreaterThan(0);
  });

  it('an uncaught exception has a traceback of lesson frames, and the trace replays up to the raise', () => {
    const trace = run(
      s04Files(
        'run_hooks',
        'pass',
        'entry',
        (code) =>
          `${code}\ndef deeper(n):\n    if n == 0:\n        raise LookupError("no such hook")\n    return deeper(n - 1)\ndeeper(3)\n`,
      ),
    );
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({
      type: 'LookupError',
      message: 'no such hook',
      file: 'entries/run_hooks.py',
    });
    expect(trace.meta.error?.traceback).toContain('deeper(n - 1)');
    expect(trace.meta.error?.traceback).toContain('LookupError: no such hook');
    // the normal output of the run came before the error and is kept
    expect(trace.meta.output).toContain('hooks reached: before: first -> before: second');
    // the trace ends with the exception unwinding the frames
    const kinds = Array.from(trace.kind.slice(-3));
    expect(kinds.every((k) => k === EventKind.Exception || k === EventKind.Unwind)).toBe(true);
    const raiseEvent = Array.from(trace.kind).indexOf(EventKind.Exception);
    expect(trace.line[raiseEvent]).toBe(trace.meta.error?.line);
    expect(positionView(trace, raiseEvent, 0)?.stack.length).toBe(5); // module + deeper x4
    expectReplayable(trace);
  });

  it('RecursionError at the default limit is an ordinary error with a short traceback', () => {
    const trace = run(script('def r(n):\n    return r(n + 1)\nr(0)\n'));
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({ type: 'RecursionError', file: 'main.py', line: 2 });
    expect(trace.meta.error?.traceback).toContain('more times');
    expect(trace.meta.error?.traceback?.length).toBeLessThan(5000);
    expectReplayable(trace);
  });

  it.each([
    ['[0] * 10**9', 'MemoryError'],
    ['bytearray(2**31 - 1)', 'MemoryError'],
    // more than the 32-bit address space: refused before any allocation is tried
    ['bytearray(10**12)', 'OverflowError'],
  ])('a huge allocation (%s) is an ordinary %s at its line', (expr, type) => {
    const trace = run(script(`ok = 1\nhuge = ${expr}\n`));
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({ type, file: 'main.py', line: 2 });
    expect(run(script('print("alive")\n')).meta.output).toBe('alive\n');
  });

  it('a 10 MB print is cut at the output cap with a notice', () => {
    const trace = run(script('print("x" * 10_000_000)\nprint("after")\n'));
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output.length).toBe(1_000_000);
    expect(trace.meta.notices).toContainEqual({ kind: 'output', limit: 1_000_000 });
    expectReplayable(trace);
  });

  it('10 MB printed in many lines is cut the same way, and the run goes on', () => {
    const trace = run(script('for i in range(10_000):\n    print("y" * 1023)\ndone = True\n'), {
      maxSeconds: 10,
    });
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output.length).toBe(1_000_000);
    expect(trace.meta.notices.map((n) => n.kind)).toContain('output');
    for (let e = 0; e < trace.length; e++) expect(trace.out[e]).toBeLessThanOrEqual(1_000_000);
  });

  it('too many distinct values fill the value table with a notice, not an error', () => {
    const trace = run(script('for i in range(250_000):\n    pass\n'), { maxSeconds: 20 });
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.notices).toContainEqual({ kind: 'values', limit: 200_000 });
    expect(trace.values.length).toBeLessThanOrEqual(200_001);
    expectReplayable(trace);
  });

  it('a list that grows past the full table reads "table full" from then on, never stale', () => {
    // Each pass adds one int and one state of the list: the table fills halfway through.
    const trace = run(script('seen = []\nfor i in range(150_000):\n    seen.append(i)\n'), {
      maxSeconds: 30,
    });
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.notices).toContainEqual({ kind: 'values', limit: 200_000 });
    let exact = 0;
    let full = 0;
    for (let e = 1; e < trace.length; e += 7) {
      if (trace.line[e] !== 3) continue; // about to append: `seen` holds i items
      const vars = Object.fromEntries(trace.variablesAt(0, e).map((v) => [v.name, v.value]));
      const seen = resolveAt(trace, vars.seen, e);
      if (seen.type === 'list') {
        expect(full, `a list shown after the table filled, step ${e}`).toBe(0);
        const i = resolveAt(trace, vars.i, e); // itself the full table's node, at the edge
        if (i.type === 'int') expect(seen.size).toBe(Number(i.text));
        exact++;
      } else {
        expect([seen.type, seen.text]).toEqual(['…', 'value table full']);
        full++;
      }
    }
    expect(exact).toBeGreaterThan(1000);
    expect(full).toBeGreaterThan(1000);
  });

  it('a function\'s int local past the full table reads "table full", never another int', () => {
    // The LINE callback records a function frame's next line itself (events.py): its new
    // ints fill the table as the module's do. At the n-th `pass`, `i` is n.
    const trace = run(
      script('def count():\n    for i in range(220_000):\n        pass\ncount()\n'),
      {
        maxSeconds: 30,
      },
    );
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.notices).toContainEqual({ kind: 'values', limit: 200_000 });
    let n = -1;
    let exact = 0;
    let full = 0;
    for (let e = 0; e < trace.length; e++) {
      if (trace.kind[e] !== EventKind.Line || trace.line[e] !== 3) continue;
      n++;
      if (n % 7 !== 0) continue;
      const frame = trace.stackAt(e).find((f) => trace.frames.functionOf(f) === 'count') as number;
      const vars = Object.fromEntries(trace.variablesAt(frame, e).map((v) => [v.name, v.value]));
      const i = resolveAt(trace, vars.i, e);
      if (i.type === 'int') {
        expect(full, `an int shown after the table filled, step ${e}`).toBe(0);
        expect(i.text).toBe(String(n));
        exact++;
      } else {
        expect([i.type, i.text]).toEqual(['…', 'value table full']);
        full++;
      }
    }
    expect(n).toBe(219_999);
    expect(exact).toBeGreaterThan(1000);
    expect(full).toBeGreaterThan(1000);
  });
});

describe('huge, self-referential and hostile values are shown capped, never break the run', () => {
  /** The module's variables at the end, as `[type, text, id, children, size]`. */
  function lastVars(
    trace: Trace,
  ): Record<string, [string, string, number, [string, number][], number]> {
    const end = trace.length - 1;
    return Object.fromEntries(
      trace.variablesAt(0, end).map((v) => {
        const r = resolveAt(trace, v.value, end);
        return [v.name, [r.type, r.text, r.id, r.children, r.size]];
      }),
    );
  }

  it('cycles through lists, dicts and objects', () => {
    const trace = run(
      script(
        'a = []\nb = [a]\na.append(b)\nd = {}\nd["me"] = d\nclass Node:\n    pass\nn = Node()\nn.next = n\nend = 1\n',
      ),
    );
    expect(trace.meta.outcome).toBe('completed');
    const v = lastVars(trace);
    expect(v.a[1]).toContain('[...]');
    expect(v.d[1]).toBe("{'me': {...}}");
    // the object's child points back at the object itself: a reference, not a copy
    expect(v.n[3][0]).toEqual(['next', -v.n[2] - 1]);
    expect(v.n[1]).toBe('Node(next=(...))');
  });

  it('huge strings, containers and integers are truncated, with their real size', () => {
    const trace = run(
      script(
        's = "z" * 5_000_000\nbig = dict.fromkeys(range(10**6))\ndeep = []\nfor _ in range(3000):\n    deep = [deep]\ngoogol = 10**100_000\nend = 1\n',
      ),
      { maxSeconds: 10 },
    );
    expect(trace.meta.outcome).toBe('completed');
    const v = lastVars(trace);
    expect(v.s[1].length).toBeLessThan(100);
    expect(v.big[4]).toBe(10 ** 6);
    expect(v.big[3].length).toBeLessThanOrEqual(30);
    expect(v.deep[1]).toContain('…');
    // str(int) refuses more than 4300 digits: the recorder must not turn that into an error
    expect(v.googol[1]).toBe('<int of about 100,001 digits>');
  });

  it('subclasses whose methods loop, raise or print are rendered without calling them', () => {
    const trace = run(
      script(
        [
          'class Endless(list):',
          '    def __iter__(self):',
          '        while True:',
          '            yield 1',
          'class Moody(dict):',
          '    def items(self):',
          '        raise RuntimeError("do not look")',
          '    def __len__(self):',
          '        print("len was called")',
          '        return 0',
          'class BadRepr:',
          '    __slots__ = ()',
          '    def __repr__(self):',
          '        raise ValueError("no repr")',
          'class NotAString:',
          '    __slots__ = ()',
          '    def __repr__(self):',
          '        return 42',
          'class Attrs:',
          '    def __init__(self):',
          '        self.a = 1',
          '    def __repr__(self):',
          '        print("repr was called")',
          '        return "A"',
          'at = Attrs()',
          'e = Endless([1, 2])',
          'm = Moody(a=1)',
          'r = BadRepr()',
          'x = NotAString()',
          'print("ok")',
        ].join('\n'),
      ),
    );
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output).toBe('ok\n');
    const v = lastVars(trace);
    expect(v.e[1]).toBe('Endless([1, 2])');
    expect(v.m[1]).toBe("Moody({'a': 1})");
    expect(v.m[4]).toBe(1);
    // objects with __slots__ are shown by their slots (none here), never by __repr__
    expect(v.r[1]).toBe('BadRepr()');
    expect(v.x[1]).toBe('NotAString()');
    // an instance with attributes is shown by them: its __repr__ is never called
    expect(v.at[1]).toBe('Attrs(a=1)');
  });
});

describe('nothing leaves the browser: network modules are refused (issue 5.4)', () => {
  it.each([
    'import js\njs.fetch("https://example.com")',
    'from js import fetch',
    'import pyodide.http',
    'from pyodide.http import pyfetch',
    'import pyodide_js',
    'import urllib.request\nurllib.request.urlopen("https://example.com")',
    'from urllib.request import urlopen',
    'import http.client',
    'import socket',
    'import ssl',
    'import micropip',
    '__import__("js")',
    'import importlib\nimportlib.import_module("js")',
  ])('%s', (code) => {
    const trace = run(script(`${code}\n`));
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error?.type).toMatch(/ImportError|ModuleNotFoundError/);
    expect(trace.meta.error?.message).toContain('cannot reach the network');
    expect(trace.meta.error?.line).toBeGreaterThan(0);
  });

  it('the blocked modules are not reachable through sys.modules either', () => {
    const trace = run(
      script(
        'import sys\nprint(sorted(n for n in ("js", "pyodide", "pyodide.http", "_pyodide", "pyodide_js") if n in sys.modules))\n',
      ),
    );
    expect(trace.meta.output).toBe('[]\n');
  });

  it('and come back for the worker itself after the run', () => {
    expect(
      rec.pyodide.runPython('import sys; "js" in sys.modules or "pyodide" in sys.modules'),
    ).toBe(true);
    expect(run(script('import json\nprint(json.dumps({"ok": 1}))\n')).meta.output).toBe(
      '{"ok": 1}\n',
    );
  });
});

describe('a Pyodide fatal error', () => {
  it('surfaces as an exception from the recorder call (the worker reports it as a crash)', async () => {
    // Its own interpreter: a fatal error leaves Pyodide unusable for good.
    const doomed = await createNodeRecorder();
    // Unrecorded code (compiled by exec) may recurse past any depth check; unwinding an
    // exception through 20,000 frames overflows the JavaScript stack inside Pyodide.
    const code =
      'import sys\nsys.setrecursionlimit(10**6)\nns = {}\nexec("def r(n):\\n    if n == 0:\\n        raise ValueError(\'bottom\')\\n    return r(n - 1)\\ntry:\\n    r(20000)\\nexcept ValueError:\\n    pass\\n", ns)\n';
    const silence = console.error;
    console.error = () => {};
    try {
      expect(() => doomed.record({ scenario: '', files: script(code) })).toThrow();
      expect(() => doomed.record({ scenario: '', files: script('x = 1\n') })).toThrow(
        /fatally failed/,
      );
    } finally {
      console.error = silence;
    }
  });
});
