/**
 * A recorded program behaves as it does in plain Python, and the debugger shows what it
 * holds, for programs a second hunt for false values found wrong: an Enum's class body, a
 * `@contextmanager` whose `with` block raises, an object changed through what a function
 * returned, `sys.stdout`'s text-stream API, `__main__`, and a caught RecursionError.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { step } from '../../src/replay/engine';
import { indexHits } from '../../src/replay/hits';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { framesAt } from '../../src/trace/graph';
import { historyOf } from '../../src/trace/history';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { lineSteps, recordCompleted, script, varsAt } from './helpers';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

const run = (code: string): Trace => recordCompleted(rec, code);

const stepsAt = lineSteps;
const vars = varsAt;

/** The function names of the call stack at `step`, innermost first. */
function stack(trace: Trace, step: number): string[] {
  return trace.stackAt(step).map((f) => trace.frames.functionOf(f));
}

describe('class bodies with a namespace of their own', () => {
  it('records an Enum (its class body is a dict subclass) and shows its members', () => {
    const code = [
      'from enum import Enum, IntEnum, auto',
      'class Color(Enum):',
      '    RED = 1',
      '    GREEN = 2',
      'class Size(IntEnum):',
      '    S = auto()',
      '    M = auto()',
      'print(Color.GREEN.value, Size.M + 1)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('2 3\n');
    const inBody = stepsAt(trace, code, 'GREEN = 2')[0] as number;
    expect(vars(trace, inBody, 'Color').RED).toBe('1');
  });
});

describe('a generator that an exception is thrown into', () => {
  it('stays on the call stack, with its variables, while it handles the exception', () => {
    const code = [
      'from contextlib import contextmanager',
      'log = []',
      'def note(m):',
      '    log.append(m)',
      '    return len(log)',
      '@contextmanager',
      'def guard(name):',
      '    depth = 1',
      '    try:',
      '        yield name',
      '    except ValueError as e:',
      '        depth = note("caught")',
      '    finally:',
      '        note("close")',
      'with guard("g1") as nm:',
      '    raise ValueError("x")',
      'print(log)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe("['caught', 'close']\n");
    const inNote = stepsAt(trace, code, 'log.append(m)');
    expect(inNote).toHaveLength(2);
    for (const step of inNote) expect(stack(trace, step)).toEqual(['note', 'guard', '<module>']);
    const caught = vars(trace, inNote[0] as number, 'guard');
    expect(caught.name).toBe("'g1'");
    expect(caught.e).toBe("ValueError('x')");
  });
});

describe('a generator resumed under another caller than the one that started it', () => {
  /** Depth of every event, as the stack the trace shows there (one owner of the truth). */
  const depthsAgree = (trace: Trace) =>
    [...Array(trace.length).keys()].every((e) => trace.depth[e] === trace.stackAt(e).length - 1);

  it('is on that caller’s stack, at its depth: Step Over and Out stay in the caller', () => {
    const code = [
      'def gen():',
      '    while True:',
      '        got = yield 1',
      '        print("got", got)',
      's = gen()',
      'next(s)',
      'def c(g):',
      '    v = g.send("from c")',
      '    return v',
      'c(s)',
      'print("end")',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('got from c\nend\n');
    const [inGen] = stepsAt(trace, code, 'print("got", got)');
    expect(stack(trace, inGen as number)).toEqual(['gen', 'c', '<module>']);
    expect(trace.depth[inGen as number]).toBe(2);
    // its variables go on: `got` as sent, in the frame that started at module level
    expect(vars(trace, inGen as number, 'gen').got).toBe("'from c'");
    const [send] = stepsAt(trace, code, 'v = g.send');
    const [ret] = stepsAt(trace, code, 'return v');
    expect(step(trace, send as number, 'stepOver', indexHits(trace, []))).toBe(ret);
    expect(trace.frame[step(trace, inGen as number, 'stepOut', indexHits(trace, []))]).toBe(
      trace.frame[ret as number],
    );
    expect(depthsAgree(trace)).toBe(true);
  });

  it('blames a change made as it resumes on the line that resumed it', () => {
    const code = [
      'def gen():',
      '    while True:',
      '        yield 1',
      'lst = []',
      's = gen()',
      'next(s)',
      'def c(g):',
      '    return g.send(lst.append(1))',
      'c(s)',
      'print(lst)',
    ].join('\n');
    const trace = run(code);
    const [end] = stepsAt(trace, code, 'print(lst)');
    const moduleFrame = trace.stackAt(end as number)[0] as number;
    const changes = historyOf(trace, end as number, moduleFrame, 'lst').map((h) => [
      h.kind,
      h.line,
      h.text,
    ]);
    expect(changes).toEqual([
      ['assigned', 4, '[]'],
      ['changed', 8, '[1]'],
    ]);
  });

  it('shows where a delegating generator is when the resume passes through it (yield from)', () => {
    const code = [
      'def inner():',
      '    while True:',
      '        v = yield',
      '        print(v)',
      'def outer():',
      '    yield from inner()',
      'def drive(g, v):',
      '    g.send(v)',
      'g = outer()',
      'next(g)',
      'drive(g, 1)',
    ].join('\n');
    const trace = run(code);
    const [inInner] = stepsAt(trace, code, 'print(v)');
    const frames = framesAt(trace, inInner as number);
    expect(frames.map((f) => `${f.function}@${f.line}`)).toEqual([
      'inner@4',
      'outer@6',
      'drive@8',
      '<module>@11',
    ]);
  });

  it('shows the caller it runs under now, never one that has returned', () => {
    const code = [
      'def gen(n):',
      '    for i in range(n):',
      '        yield i',
      'def a(g):',
      '    return next(g)',
      'def b(g):',
      '    v = next(g)',
      '    return v',
      'g = gen(3)',
      'a(g)',
      'b(g)',
      'print(list(g))',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('[2]\n');
    const stacks = stepsAt(trace, code, 'yield i').map((e) => stack(trace, e).join(' < '));
    expect(stacks).toEqual(['gen < a < <module>', 'gen < b < <module>', 'gen < <module>']);
    // the parameter as it was passed, in every record of the frame
    for (const e of stepsAt(trace, code, 'yield i'))
      expect(framesAt(trace, e)[0]?.args.map((x) => [x.name, x.value])).toEqual([
        ['n', { kind: 'atom', text: '3', type: 'int' }],
      ]);
    expect(depthsAgree(trace)).toBe(true);
  });
});

describe('an object changed through what a call returned', () => {
  it('shows the change at the next step, in every name and container that holds it', () => {
    const code = [
      'accounts = {"ann": [100]}',
      'def find(n):',
      '    return accounts[n]',
      'find("ann").append(50)',
      'words = ["banana", "blueberry"]',
      'groups = {"b": words}',
      'def bucket(k):',
      '    return groups[k]',
      'bucket("b").sort(reverse=True)',
      'n = 1',
    ].join('\n');
    const trace = run(code);
    const after = stepsAt(trace, code, 'words = [')[0] as number;
    expect(vars(trace, after).accounts).toBe("{'ann': [100, 50]}");
    const end = stepsAt(trace, code, 'n = 1')[0] as number;
    expect(vars(trace, end).groups).toBe("{'b': ['blueberry', 'banana']}");
    expect(vars(trace, end).words).toBe("['blueberry', 'banana']");
  });
});

describe('an object changed through what an iterator returned', () => {
  it('shows the change at the next step in the list the iterator walks', () => {
    const code = [
      'rows = [[1], [2]]',
      'it = iter(rows)',
      'first = next(it)',
      'next(it).append(9)',
      'n = 1',
    ].join('\n');
    const trace = run(code);
    const end = stepsAt(trace, code, 'n = 1')[0] as number;
    expect(vars(trace, end).rows).toBe('[[1], [2, 9]]');
  });
});

describe('sys.stdout and sys.stderr', () => {
  it('are text streams: encoding, writelines, writable, buffer', () => {
    const code = [
      'import sys',
      'print(sys.stdout.encoding, sys.stdout.writable(), sys.stdout.closed)',
      'sys.stdout.writelines(["a\\n", "b\\n"])',
      'sys.stdout.buffer.write("é\\n".encode())',
      'print("err", file=sys.stderr)',
    ].join('\n');
    expect(run(code).meta.output).toBe('utf-8 True False\na\nb\né\nerr\n');
  });
});

describe('__main__', () => {
  it("is the run's own module: the lesson's names are found there, and a run cannot leave anything in it for the next", () => {
    const code = [
      'import __main__, pickle, sys',
      'x = 1',
      '__main__.x = 5',
      'class P:',
      '    pass',
      'print(x, sys.modules[__name__] is __main__, hasattr(__main__, "leak"))',
      'print(type(pickle.loads(pickle.dumps(P()))).__name__)',
      '__main__.leak = True',
    ].join('\n');
    const expected = '5 True False\nP\n';
    expect(run(code).meta.output).toBe(expected);
    expect(run(code).meta.output).toBe(expected);
  });
});

describe("the run's own modules", () => {
  it('are modules as plain Python sees them: printed, checked, given a class of their own', () => {
    const code = [
      'import sys, types',
      'main = sys.modules[__name__]',
      'print(type(main).__name__, type(main), isinstance(main, types.ModuleType))',
      'class Lazy(types.ModuleType):',
      '    @property',
      '    def answer(self):',
      '        return 42',
      'main.__class__ = Lazy',
      'print(main.answer, type(main).__name__)',
    ].join('\n');
    expect(run(code).meta.output).toBe("module <class 'module'> True\n42 Lazy\n");
  });
});

describe('a RecursionError', () => {
  const depth = [
    'import sys',
    'def depth():',
    '    f = sys._getframe()',
    '    n = 0',
    '    while f is not None:',
    '        n += 1',
    '        f = f.f_back',
    '    return n',
    'deepest = 0',
    'def down(n):',
    '    global deepest',
    '    deepest = max(deepest, depth())',
    '    try:',
    '        return down(n + 1)',
    '    except RecursionError:',
    '        return n',
  ];

  it('comes at the depth the program’s own recursion limit allows, as in plain Python', () => {
    const code = [
      ...depth,
      'sys.setrecursionlimit(150)',
      'down(0)',
      'print(deepest, sys.getrecursionlimit())',
    ].join('\n');
    // The deepest `depth()` call that did not raise is the 150th frame on the stack.
    expect(run(code).meta.output).toBe('150 150\n');
  });

  it('caught, leaves no frame of the recursion on later call stacks', () => {
    const code = [
      ...depth,
      'sys.setrecursionlimit(120)',
      'down(0)',
      'def f(k):',
      '    v = k * 2',
      '    return v',
      'r = f(3)',
      'print(r)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('6\n');
    const inF = stepsAt(trace, code, 'v = k * 2');
    expect(inF).toHaveLength(1);
    expect(stack(trace, inF[0] as number)).toEqual(['f', '<module>']);
    expect(vars(trace, inF[0] as number, 'f')).toEqual({ k: '3' });
  });
});

describe('objects whose state is not in their __dict__', () => {
  it('shows an Enum member by name and value, and an io buffer by its type, not as empty', () => {
    const code = [
      'import enum, io',
      'class Color(enum.Enum):',
      '    RED = 1',
      'c = Color.RED',
      'buf = io.StringIO()',
      'buf.write("hello")',
      'done = True',
    ].join('\n');
    const trace = run(code);
    const shown = vars(trace, trace.length - 1);
    expect(shown.c).toBe('<Color.RED: 1>');
    expect(shown.buf).toBe('<_io.StringIO object>');
  });
});

describe('an uncaught exception raised from or while handling another', () => {
  it('shows the whole chain in its traceback, and the last exception as the error', () => {
    const code = [
      'def parse(s):',
      '    try:',
      '        return int(s)',
      '    except ValueError as e:',
      '        raise KeyError(s) from e',
      'try:',
      '    parse("x")',
      'except KeyError:',
      '    [][1]',
    ].join('\n');
    const trace = rec.record({ scenario: '', files: script(code) });
    const error = trace.meta.error;
    expect(error?.type).toBe('IndexError');
    expect(error?.line).toBe(9);
    const text = error?.traceback ?? '';
    const order = [
      'ValueError: invalid literal',
      'The above exception was the direct cause of the following exception:',
      "KeyError: 'x'",
      'During handling of the above exception, another exception occurred:',
      'IndexError: list index out of range',
    ].map((part) => text.indexOf(part));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('a comprehension inside a function (inlined into its frame since Python 3.12)', () => {
  it("never shows its loop variable as the function's own, nor changes the function's variable of the same name", () => {
    const code = [
      'def f(n):',
      '    return n * 10',
      'def outer():',
      '    x = 5',
      '    ys = [',
      '        f(x)',
      '        for x in range(3)',
      '    ]',
      '    zs = {k: k for k in ys if k}',
      '    return x',
      'r = outer()',
      'print(r)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('5\n');
    const steps = [...Array(trace.length).keys()].filter((e) =>
      trace.stackAt(e).some((fr) => trace.frames.functionOf(fr) === 'outer'),
    );
    const xs = new Set<string>();
    for (const step of steps) {
      const shown = vars(trace, step, 'outer');
      if ('x' in shown) xs.add(shown.x as string);
      expect(shown).not.toHaveProperty('k');
    }
    expect([...xs]).toEqual(['5']);
    // inside f, called from inside the comprehension, the caller's x is still 5
    const inF = stepsAt(trace, code, 'return n * 10');
    expect(inF).toHaveLength(3);
    for (const step of inF) expect(vars(trace, step, 'outer').x).toBe('5');
  });
});

describe('the lines a breakpoint can stop at', () => {
  it('lists every line with code, and no blank line, comment, docstring or lone else:', () => {
    const code = [
      'def f(x):', //                    1
      '    """What f does."""', //         2
      '    # a comment', //                3
      '    if x:', //                      4
      '        y = 1', //                  5
      '    else:', //                      6
      '        y = 2', //                  7
      '', //                               8
      '    return y', //                   9
      'f(0)', //                           10
      'f(1)', //                           11
    ].join('\n');
    const trace = run(code);
    const lines = trace.meta.codeLines?.[trace.meta.files.indexOf('main.py')];
    expect(lines).toEqual([1, 4, 5, 7, 9, 10, 11]);
    // and each of them can really stop a run: the ones that ran are line events
    const ran = new Set(
      [...Array(trace.length).keys()]
        .filter((e) => trace.kind[e] === EventKind.Line)
        .map((e) => trace.line[e]),
    );
    for (const line of ran) expect(lines).toContain(line);
  });
});

describe('names that are not ASCII', () => {
  it('records a program whose names are Chinese, run after run (compiling them imports unicodedata)', () => {
    // The compiler imports unicodedata to normalise such a name. Imported while the run
    // compiled, it once joined the baseline mid-run: the seal saw the run change it, and
    // every run of the program was refused (SealBroken) and Python restarted.
    const code = [
      '名字 = "小明"',
      'def 打招呼(人):',
      '    return f"你好，{人}"',
      '问候 = 打招呼(名字)',
      'print(问候)',
    ].join('\n');
    for (let again = 0; again < 2; again++) {
      const trace = run(code);
      expect(trace.meta.output).toBe('你好，小明\n');
      expect(vars(trace, trace.length - 1)).toMatchObject({
        名字: "'小明'",
        问候: "'你好，小明'",
      });
      const inside = stepsAt(trace, code, 'return f"')[0];
      expect(stack(trace, inside)).toEqual(['打招呼', '<module>']);
      expect(vars(trace, inside, '打招呼')).toEqual({ 人: "'小明'" });
    }
  });
});

describe('sys.exit()', () => {
  it('prints a message it is given, as Python does as the program ends, and nothing for a number', () => {
    const end = (arg: string) => {
      const code = `import sys\nprint("a")\nsys.exit(${arg})\n`;
      const trace = rec.record({ scenario: '', files: script(code) });
      expect(trace.meta.error).toMatchObject({ type: 'SystemExit', line: 3 });
      return trace.meta.output;
    };
    expect(end('"bye"')).toBe('a\nbye\n');
    expect(end('"再见"')).toBe('a\n再见\n');
    expect(end('(1, 2)')).toBe('a\n(1, 2)\n');
    for (const quiet of ['', '0', '3', 'None', 'True']) expect(end(quiet)).toBe('a\n');
  });
});
