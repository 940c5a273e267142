/**
 * The recorder holds what it numbered (an id must never pass to another object), but it must
 * not keep alive what the program let go of: a plain run finalizes an object then (a
 * suspended generator's `finally`, a `__del__`, a weak reference's callback), and a program
 * can see it did. Here the recorded run must end as a plain run of the same code does, and
 * each step must show what the finalizer changed once it ran. Where the program lets go as a
 * function ends, the oracle (oracle.test.ts, the LIFETIMES programs) also holds every event
 * to the running program; the cases below let go of the object while the recorder still
 * held it in what it last saw (a name's previous value, a list's previous items), so the
 * finalizer runs untraced inside the recorder's callback and only the values can be
 * compared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { EventKind } from '../../src/trace/meta';
import { objectState } from '../../src/trace/values';
import { lineSteps, recordCompleted, varsAt } from './helpers';
import { LOGS_ITS_END } from './programs';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

/**
 * What a plain run of `code` prints, on stdout and stderr (the same Pyodide, a namespace of
 * its own, the file named `main.py` with its lines in `linecache`, as a recorded run's).
 */
function plainOutput(code: string): string {
  rec.pyodide.globals.set('plain_code', code);
  try {
    return rec.pyodide.runPython(
      [
        'import contextlib, io, linecache',
        'plain_out = io.StringIO()',
        'linecache.cache["main.py"] = (len(plain_code), None, plain_code.splitlines(True), "main.py")',
        'with contextlib.redirect_stdout(plain_out), contextlib.redirect_stderr(plain_out):',
        '    exec(compile(plain_code, "main.py", "exec"), {"__name__": "__main__"})',
        'linecache.cache.pop("main.py")',
        'plain_out.getvalue()',
      ].join('\n'),
    ) as string;
  } finally {
    rec.pyodide.globals.delete('plain_code');
  }
}

const LET_GO = [
  ...LOGS_ITS_END,
  'r = R("module")',
  'r = None',
  'n = len(LOG)',
  'def f():',
  '    q = R("local")',
  '    q = 5',
  '    k = len(LOG)',
  '    return k',
  'm = f()',
  'items = [R("item")]',
  'items.clear()',
  'p = len(LOG)',
  'import weakref',
  'class O:',
  '    pass',
  'o = O()',
  'wvd = weakref.WeakValueDictionary()',
  'wvd["k"] = o',
  'o = None',
  'size = len(wvd)',
  'def gen():',
  '    try:',
  '        yield 1',
  '    finally:',
  '        LOG.append("closed")',
  'g = gen()',
  'next(g)',
  'g = None',
  'last = LOG[-1]',
  'print(n, m, p, size, last, LOG)',
].join('\n');

describe('objects the program lets go of are finalized when it does', () => {
  it('ends as a plain run of the same code', () => {
    const plain = plainOutput(LET_GO);
    expect(plain).toBe("1 2 3 0 closed ['module', 'local', 'item', 'closed']\n");
    expect(recordCompleted(rec, LET_GO).meta.output).toBe(plain);
  });

  it('shows what a finalizer changed at the step after the line that let go', () => {
    const trace = recordCompleted(rec, LET_GO);
    const at = (text: string) => varsAt(trace, lineSteps(trace, LET_GO, text)[0]);
    expect(at('n = len(LOG)').LOG).toBe("['module']");
    expect(at('k = len(LOG)').LOG).toBe("['module', 'local']");
    expect(at('p = len(LOG)').LOG).toBe("['module', 'local', 'item']");
    expect(at('size = len(wvd)').wvd).not.toMatch(/'k'/);
    expect(at('last = LOG[-1]').LOG).toBe("['module', 'local', 'item', 'closed']");
  });

  it('names the line that dropped a coroutine never awaited, as a plain run does, never the recorder’s', () => {
    // The coroutine dies when the recorder lets go of the name's previous value, inside
    // its callback: Python's warning would name the recorder's file and line there.
    const code = [
      'async def f():',
      '    return 1',
      'def main():',
      '    c = f()',
      '    c = None',
      '    print("after")',
      'main()',
      'for i in range(3):',
      '    c = f()',
      'c = None',
      'f()',
      'print("end")',
    ].join('\n');
    const plain = plainOutput(code);
    const warned = (line: number) =>
      `main.py:${line}: RuntimeWarning: coroutine 'f' was never awaited`;
    // Once per line (the default filter), the loop's line once: at 5, 9, 10 and 11.
    expect(plain.split('\n').filter((l) => l.includes('was never awaited'))).toEqual(
      [5, 9, 10, 11].map(warned),
    );
    expect(plain).toMatch(/after\n.*main\.py:9:.*\n {2}c = f\(\)\n/s);
    expect(recordCompleted(rec, code).meta.output).toBe(plain);
  });

  it('lets go of a caught exception when the program does, and of what its traceback held', () => {
    // A built-in exception cannot be weakly referenced, so the recorder holds it; held to
    // the run's end, its traceback kept the frames it passed through alive, and what
    // their names held: `r` below, the generators an islice drops, a coroutine never
    // awaited (whose warning then named the recorder's own file). letgo.py lets go of it
    // at the first event after the program did.
    const code = [
      ...LOGS_ITS_END,
      'def work(name):',
      '    r = R(name)',
      '    raise ValueError(name)',
      'for name in ("a", "b"):',
      '    try:',
      '        work(name)',
      '    except ValueError as e:',
      '        seen = len(LOG)',
      '    after = len(LOG)',
      'def numbers():',
      '    try:',
      '        yield 1',
      '        yield 2',
      '    finally:',
      '        LOG.append("numbers closed")',
      'def firsts(src):',
      '    for n in src:',
      '        yield n',
      'import itertools',
      'one = list(itertools.islice(firsts(numbers()), 1))',
      'closed = LOG[-1]',
      'async def hook(payload):',
      '    return None',
      'def check(answer):',
      '    if answer is not None:',
      '        raise ValueError("not None")',
      'try:',
      '    check(hook({}))',
      'except ValueError as exc:',
      '    problem = str(exc)',
      'kept = []',
      'for k in range(3):',
      '    try:',
      '        raise KeyError(k)',
      '    except KeyError as err:',
      '        kept.append(err)',
      'print(LOG, problem, [e.args for e in kept])',
    ].join('\n');
    const plain = plainOutput(code);
    expect(plain).toMatch(/^main\.py:\d+: RuntimeWarning: coroutine 'hook' was never awaited\n/);
    expect(plain).toMatch(/\['a', 'b', 'numbers closed'\] not None \[\(0,\), \(1,\), \(2,\)\]\n$/);
    const trace = recordCompleted(rec, code);
    expect(trace.meta.output).toBe(plain);
    const at = (text: string) => lineSteps(trace, code, text).map((e) => varsAt(trace, e).LOG);
    expect(at('after = len(LOG)')).toEqual(["['a']", "['a', 'b']"]);
    expect(at('closed = LOG[-1]')).toEqual(["['a', 'b', 'numbers closed']"]);
  });

  it('lets go of a caught exception at once when a name or a frame lets go of it, however late', () => {
    // Looked at every event at first, then ever more rarely: a name letting go of it (a
    // long `except` block's end, `x = None`), its frame ending and the exception that held
    // it as a cause being let go of each bring the next look forward (letgo.py).
    const code = [
      ...LOGS_ITS_END,
      'def inner():',
      '    r = R("inner")',
      '    raise KeyError("k")',
      'def outer():',
      '    try:',
      '        inner()',
      '    except KeyError as k:',
      '        for i in range(50):',
      '            pass',
      '        raise ValueError("v") from k',
      'try:',
      '    outer()',
      'except ValueError as v:',
      '    for i in range(50):',
      '        pass',
      'LOG.append("after")',
      'def catch(name):',
      '    try:',
      '        inner_named(name)',
      '    except KeyError as k:',
      '        return k',
      'def inner_named(name):',
      '    r = R(name)',
      '    raise KeyError(name)',
      'x = catch("x")',
      'for i in range(50):',
      '    pass',
      'x = None',
      'LOG.append("after x")',
      'def user():',
      '    y = catch("y")',
      '    for i in range(50):',
      '        pass',
      '    y = 0',
      '    LOG.append("after y")',
      'user()',
      'def hold(exc):',
      '    for i in range(50):',
      '        pass',
      '    return 1',
      'hold(catch("w"))',
      'LOG.append("end")',
      'print(LOG)',
    ].join('\n');
    const plain = plainOutput(code);
    expect(plain).toBe("['inner', 'after', 'x', 'after x', 'y', 'after y', 'w', 'end']\n");
    const trace = recordCompleted(rec, code);
    expect(trace.meta.output).toBe(plain);
    const at = (text: string) => lineSteps(trace, code, text).map((e) => varsAt(trace, e).LOG);
    expect(at('LOG.append("after")')).toEqual(["['inner']"]);
    expect(at('LOG.append("end")')).toEqual([
      "['inner', 'after', 'x', 'after x', 'y', 'after y', 'w']",
    ]);
  });

  it('lets go of a list, dict, tuple or slotted object when the program does, with what it holds, in a plain run’s order', () => {
    // None of these can be weakly referenced, so the recorder holds them (lifetimes.py);
    // held to the run's end, what they held was finalized after every line below, and a
    // weak registry kept its entry. letgo.py lets go of each at the first look after the
    // program did, and of what only it held, in the order the interpreter lets go of a
    // container's items (a list's last item first).
    const code = [
      ...LOGS_ITS_END,
      'def make():',
      '    items = [R("a"), R("b")]',
      '    return len(items)',
      'made = make()',
      'after_make = list(LOG)',
      'pairs = [(R("x"), 1), (R("y"), 2)]',
      'pairs = None',
      'after_pairs = list(LOG)',
      'd = {"k": [R("z")], "keep": 1}',
      'for i in range(60):',
      '    pass',
      'del d["k"]',
      'after_del = list(LOG)',
      'def mk():',
      '    return [R("r")]',
      'n = len(mk())',
      'after_temp = list(LOG)',
      'class S:',
      '    __slots__ = ("name",)',
      '    def __init__(self, name):',
      '        self.name = name',
      '    def __del__(self):',
      '        LOG.append(self.name)',
      's = S("slotted")',
      's = None',
      'after_slotted = list(LOG)',
      'import weakref',
      'class H:',
      '    pass',
      'reg = weakref.WeakValueDictionary()',
      'box = [H()]',
      'reg["h"] = box[0]',
      'box = None',
      'names = list(reg)',
      'def gen():',
      '    try:',
      '        yield 1',
      '    finally:',
      '        LOG.append("gen closed")',
      'gens = [gen()]',
      'next(gens[0])',
      'gens = []',
      'LOG.append("end")',
      'print(LOG, names)',
    ].join('\n');
    const plain = plainOutput(code);
    expect(plain).toBe("['b', 'a', 'y', 'x', 'z', 'r', 'slotted', 'gen closed', 'end'] []\n");
    const trace = recordCompleted(rec, code);
    expect(trace.meta.output).toBe(plain);
    const last = varsAt(trace, trace.length - 1);
    expect(last.after_make).toBe("['b', 'a']");
    expect(last.after_pairs).toBe("['b', 'a', 'y', 'x']");
    expect(last.after_del).toBe("['b', 'a', 'y', 'x', 'z']");
    expect(last.after_temp).toBe("['b', 'a', 'y', 'x', 'z', 'r']");
    expect(last.after_slotted).toBe("['b', 'a', 'y', 'x', 'z', 'r', 'slotted']");
    // and each step after a line that let go shows the finalizer's change already
    const at = (text: string) => lineSteps(trace, code, text).map((e) => varsAt(trace, e).LOG);
    expect(at('after_del = list(LOG)')).toEqual(["['b', 'a', 'y', 'x', 'z']"]);
  });

  it('keeps the id of a list the program still holds, however it holds it, however long', () => {
    // Let go of while held, the list would be drawn as a new object when seen again.
    const code = [
      'outer = {"inner": [1, 2]}',
      'alias = (outer["inner"],)',
      'def churn(n):',
      '    for k in range(n):',
      '        temp = [k, (k,)]',
      '    return n',
      'churn(1500)',
      'seen = outer["inner"]',
      'alias = None',
      'churn(1500)',
      'again = outer["inner"]',
      'big = [0] * 40',
      'hidden = [3]',
      'big.append(hidden)',
      'hidden = None',
      'churn(1500)',
      'back = big[40]',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const ref = (step: number, name: string) =>
      trace.variablesAt(trace.stackAt(step)[0] as number, step).find((v) => v.name === name)?.value;
    const end = trace.length - 1;
    expect(ref(end, 'seen')).toBeLessThan(-1); // an object
    expect(ref(end, 'again')).toBe(ref(end, 'seen'));
    // held by one reference the recorder does not see (an item past the 30 a list shows)
    const named = lineSteps(trace, code, 'big.append(hidden)')[0] as number;
    expect(ref(end, 'back')).toBe(ref(named, 'hidden'));
    const first = lineSteps(trace, code, 'churn(1500)')[0] as number;
    const outer = objectState(trace, -(ref(first, 'outer') as number) - 1, first);
    expect(outer?.children[0]).toEqual(["'inner'", ref(end, 'seen')]);
  });

  it('keeps the id of a caught exception the program still holds, however long', () => {
    // Let go of too early, `kept[0]` would be drawn as a new object when seen again.
    const code = [
      'kept = []',
      'for k in range(40):',
      '    try:',
      '        raise KeyError(k)',
      '    except KeyError as err:',
      '        if k == 0:',
      '            kept.append(err)',
      '    churn = [ValueError(k), [k]]',
      'first = kept[0]',
      'done = first.args',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const ref = (step: number, name: string) =>
      trace.variablesAt(trace.stackAt(step)[0] as number, step).find((v) => v.name === name)?.value;
    const caught = lineSteps(trace, code, 'kept.append(err)')[0] as number;
    const end = lineSteps(trace, code, 'done = first.args')[0] as number;
    expect(ref(caught, 'err')).toBeLessThan(-1); // an object
    expect(ref(end, 'first')).toBe(ref(caught, 'err'));
    expect(varsAt(trace, trace.length - 1).done).toBe('(0,)');
  });

  it('gives back a program’s own weak reference as it is, never what it refers to', () => {
    const same = rec.pyodide.runPython(
      [
        'import weakref',
        'from wpt_recorder.lifetimes import strong, weakly',
        'class O:',
        '    pass',
        'o = O()',
        'r = weakref.ref(o)',
        '(strong(weakly(r)) is r, strong(weakly(o)) is o)',
      ].join('\n'),
    );
    expect(same.toJs()).toEqual([true, true]);
    same.destroy();
  });

  it('gives an object that takes a dead one’s place an id of its own', () => {
    // Each R dies before the next is made, and CPython puts a later one at a freed
    // address (which, depends on what else the heap did: 40 give it many chances).
    const code = [
      'class R:',
      '    pass',
      'ids = []',
      'for i in range(40):',
      '    r = R()',
      '    ids.append(id(r))',
      '    r = None',
      'print(len(set(ids)))',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    expect(Number(trace.meta.output)).toBeLessThan(40); // an address was used again
    const shown = lineSteps(trace, code, 'r = None').map(
      (e) => trace.variablesAt(trace.stackAt(e)[0], e).find((v) => v.name === 'r')?.value,
    );
    expect(shown).toHaveLength(40);
    expect(new Set(shown).size).toBe(40);
  });
});

describe('objects held only through what the program dropped', () => {
  // Each R below dies, in a plain run, on the line that drops what held it, before "b" is
  // printed; the recorder held it longer: through a class body's record (`del K.r`),
  // through what the record of a dropped object reached (a partial's arguments, a zip's
  // iterators), or through the frame of a generator that Python let go of with no event
  // (suspended at a `yield` that no `try` holds, closing it has nothing to run), named by
  // the program or not (the one a `yield from` delegates to), through the frames of a
  // `GeneratorExit` the recorder kept (a generator expression closed), or through a
  // dropped function's cell or default (a list a function's name showed: nothing looked at
  // it again when the function died).
  const R = ['class R:', '    def __init__(self, name):', '        self.name = name'];
  const DEL = ['    def __del__(self):', '        print("del", self.name)'];
  // A generator suspended at a `yield` no `try` holds, under the name `it`.
  const SUSPENDED = [
    'def g():',
    '    r = R("generator")',
    '    yield 1',
    'it = g()',
    'next(it)',
    'print("a")',
  ];
  const CASES: Record<string, string[]> = {
    'a class attribute deleted': ['class K:', '    r = R("K.r")', 'print("a")', 'del K.r'],
    'a partial dropped': [
      'import functools',
      'p = functools.partial(print, R("partial"))',
      'print("a")',
      'p = None',
    ],
    'a zip dropped': ['z = zip([R("zip")], [1])', 'print("a")', 'z = None'],
    'a map deleted': ['m = map(str, [R("map")])', 'print("a")', 'del m'],
    'a suspended generator dropped': [...SUSPENDED, 'it = None'],
    'a generator expression dropped': [
      'it = (r.name for r in [R("genexpr"), 1])',
      'print("a", next(it))',
      'it = None',
    ],
    'the generators a dropped one delegates to with yield from, innermost first': [
      'def a():',
      '    r = R("a")',
      '    yield 1',
      'def b():',
      '    r = R("b")',
      '    yield from a()',
      'def c():',
      '    r = R("c")',
      '    yield from b()',
      'it = c()',
      'next(it)',
      'print("a")',
      'it = None',
    ],
    'a generator a dropped one delegates to, closed with its finally': [
      'def inner():',
      '    r = R("inner")',
      '    try:',
      '        yield 1',
      '    finally:',
      '        print("finally")',
      'def outer():',
      '    r = R("outer")',
      '    yield from inner()',
      'it = outer()',
      'next(it)',
      'print("a")',
      'it = None',
    ],
    'a generator a dropped generator held in a name, before that one’s names': [
      'def inner():',
      '    r = R("inner")',
      '    yield 1',
      'def outer():',
      '    r = R("outer")',
      '    it = inner()',
      '    yield next(it)',
      'g = outer()',
      'next(g)',
      'print("a")',
      'g = None',
    ],
    'a list a generator expression left suspended by next() walked': [
      'items = [R("x"), R("y")]',
      'first = next(r.name for r in items)',
      'print("a", first)',
      'items = None',
    ],
    'the same in a function': [
      'def main():',
      '    items = [R("x"), R("y")]',
      '    first = next(r.name for r in items)',
      '    print("a", first)',
      '    items = None',
      '    return first',
      'main()',
    ],
    'a suspended generator unbound with del': [...SUSPENDED, 'del it'],
    'a list a returning function held, its frame cleared while a finalizer ran': [
      'def f():',
      '    xs = [R("x1"), R("x2")]',
      '    r = R("f")',
      '    return 5',
      'print("a")',
      'f()',
    ],
    'the suspended generators in such a list': [
      'def g(n):',
      '    r = R(n)',
      '    yield 1',
      'def f():',
      '    gs = [g("g1"), g("g2")]',
      '    for x in gs:',
      '        next(x)',
      '    x = None',
      '    r = R("f")',
      'print("a")',
      'f()',
    ],
    'a list of suspended generators dropped': [
      'def g(n):',
      '    r = R(n)',
      '    yield 1',
      'gs = [g("first"), g("second")]',
      'for x in gs:',
      '    next(x)',
      'x = None',
      'print("a")',
      'gs = None',
    ],
    'a coroutine dropped while it waits': [
      'import asyncio',
      'async def c():',
      '    r = R("coroutine")',
      '    await asyncio.sleep(0)',
      'co = c()',
      'co.send(None)',
      'print("a")',
      'co = None',
    ],
    'an async generator dropped': [
      'async def ag():',
      '    r = R("async generator")',
      '    yield 1',
      'a = ag()',
      'try:',
      '    a.asend(None).send(None)',
      'except StopIteration:',
      '    pass',
      'print("a")',
      'a = None',
    ],
    'a list only a dropped closure’s cell held': [
      'def mk():',
      '    items = [R("cell list")]',
      '    return lambda: items',
      'u = mk()',
      'print("a")',
      'u = None',
    ],
    'dicts in the cells of hooks taken out of a registry': [
      'hooks = []',
      'def make(n):',
      '    seen = {"n": R(n)}',
      '    def hook(e):',
      '        return seen',
      '    return hook',
      'hooks.append(make("h0"))',
      'hooks.append(make("h1"))',
      'print("a")',
      'hooks.pop(0)',
      'hooks.clear()',
    ],
    'a list a closure put in its cell with nonlocal': [
      'def mk():',
      '    items = []',
      '    def put():',
      '        nonlocal items',
      '        items = [R("nonlocal")]',
      '    return put',
      'p = mk()',
      'p()',
      'print("a")',
      'p = None',
    ],
    'a default list a call showed, the function deleted': [
      'def f(to=[R("default")]):',
      '    return len(to)',
      'f()',
      'print("a")',
      'del f',
    ],
    'a keyword-only default dict a call showed, the function rebound': [
      'def f(*, to={"k": R("keyword default")}):',
      '    return len(to)',
      'f()',
      'print("a")',
      'f = None',
    ],
    'closures a loop rebinds, each dropping the last': [
      'def mk(n):',
      '    items = [R(n)]',
      '    return lambda: items',
      'print("a")',
      'for n in ("c0", "c1"):',
      '    h = mk(n)',
      'h = None',
    ],
  };
  // Other ways of holding one, which the same probe found finalized on time: kept so.
  const W = ['import weakref', 'class W:', '    pass'];
  const HELD: Record<string, string[]> = {
    'a closure cell': [
      'def mk():',
      '    r = R("cell")',
      '    return lambda: r',
      'u = mk()',
      'print("a")',
      'u = None',
    ],
    'a recursive inner function, which its own cell holds, collected': [
      'import gc, weakref',
      'gc.disable()', // (collected where the program says, in both runs)
      'def outer():',
      '    def walk(n):',
      '        return 0 if n == 0 else walk(n - 1)',
      '    weakref.finalize(walk, print, "walk collected")',
      '    return walk(2)',
      'outer()',
      'print("a")',
      'gc.collect()',
      'gc.enable()',
    ],
    'an iterator': ['it = iter([R("it")])', 'print("a")', 'it = None'],
    'a bound method': ['m = R("bound").__init__', 'print("a")', 'm = None'],
    'a default argument': ['def f(d=R("default")):', '    return d', 'print("a")', 'f = None'],
    'a set dropped': ['s = {R("set")}', 'print("a")', 's = None'],
    'a frozenset dropped': ['s = frozenset([R("frozenset")])', 'print("a")', 's = None'],
    'a set a function filled': [
      's = set()',
      'def add(s):',
      '    s.add(R("set"))',
      'add(s)',
      'print("a")',
      's.clear()',
    ],
    'a deque': [
      'from collections import deque',
      'q = deque([R("deque")])',
      'print("a")',
      'q.popleft()',
    ],
    'a dict view': ['d = {"k": R("view")}', 'v = d.values()', 'd = None', 'print("a")', 'v = None'],
    'an attribute': ['class B:', '    pass', 'b = B()', 'b.r = R("attr")', 'print("a")', 'del b.r'],
    'a tuple in a list': ['l = [(R("tuple"), 1)]', 'print("a")', 'l.clear()'],
    'a kept traceback': [
      'def f():',
      '    r = R("traceback")',
      '    raise ValueError',
      'try:',
      '    f()',
      'except ValueError as e:',
      '    err = e',
      'print("a")',
      'err = None',
    ],
    'a with target': [
      'class C:',
      '    def __enter__(self):',
      '        return R("with")',
      '    def __exit__(self, *a):',
      '        return False',
      'with C() as c:',
      '    print("a")',
      'c = None',
    ],
    'an enumerate started': [
      'e = enumerate([R("enumerate")])',
      'next(e)',
      'print("a")',
      'e = None',
    ],
    'a weakref.finalize': [
      ...W,
      'w = W()',
      'weakref.finalize(w, print, "finalized")',
      'print("a")',
      'w = None',
    ],
    'a WeakSet entry in a list': [
      ...W,
      's = weakref.WeakSet()',
      'lst = [W()]',
      's.add(lst[0])',
      'print("a")',
      'lst = None',
      'print(len(s))',
    ],
    'a weak reference callback': [
      ...W,
      'w = W()',
      'r = weakref.ref(w, lambda _: print("callback"))',
      'print("a")',
      'w = None',
    ],
  };
  for (const [what, body] of Object.entries({ ...CASES, ...HELD }))
    it(`finalizes it as a plain run does: ${what}`, () => {
      const code = [...R, ...DEL, ...body, 'print("b")'].join('\n');
      const plain = plainOutput(code);
      // (the case still runs a finalizer before "b" in a plain run)
      expect(plain).toMatch(/^a.*\n(\w.*\n)+b\n$/);
      expect(recordCompleted(rec, code).meta.output).toBe(plain);
    });

  it('finalizes what a call returned and its line dropped before the line’s next call', () => {
    // The recorder keeps what a callee returns for its caller's next look (the line may
    // change it with no name); held strongly, `make(...)` died after `print` printed.
    const code = [...R, ...DEL, 'def make(n):', '    return R(n)', 'print(make("temp").name)'];
    const plain = plainOutput([...code, 'print("b")'].join('\n'));
    expect(plain).toBe('del temp\ntemp\nb\n');
    expect(recordCompleted(rec, [...code, 'print("b")'].join('\n')).meta.output).toBe(plain);
  });

  it('finalizes what only a returning function’s lists, dicts, tuples and sets held as it returns, before the rest of its line', () => {
    // Pinned (lifetimes.py), a local container outlived its frame until the caller's next
    // event, after the line's later calls: `print(f(), "after")` printed "after" first.
    // returning.py lets go of it as the function returns, and of what only it held.
    const cases: Record<string, [string[], string, string]> = {
      'a list': [['def f():', '    l = [R("3"), R("4")]', '    return 0'], 'f()', '4 3'],
      'a set and a frozenset': [
        ['def f():', '    s = {R("1")}', '    t = frozenset([R("2")])', '    return 0'],
        'f()',
        '2 1',
      ],
      'a dict of a list and a tuple': [
        ['def f():', '    d = {"a": [R("1"), (R("2"), [R("3")])]}', '    return 0'],
        'f()',
        '3 2 1',
      ],
      'one list under two names and in a tuple': [
        ['def f():', '    l = [R("1")]', '    m = [l, l]', '    t = (m, l)', '    return 0'],
        'f()',
        '1',
      ],
      'a list around the argument': [
        ['def f(x):', '    y = [x]', '    return 0'],
        'f(R("1"))',
        '1',
      ],
      'lists down a recursion': [
        ['def f(n):', '    l = [R(str(n))]', '    if n:', '        f(n - 1)', '    return 0'],
        'f(2)',
        '0 1 2',
      ],
      'a method’s list': [
        ['class C:', '    def m(self):', '        l = [R("1")]', '        return 0'],
        'C().m()',
        '1',
      ],
      'lists a comprehension made': [
        ['def f():', '    l = [[R(str(i))] for i in range(2)]', '    return 0'],
        'f()',
        '1 0',
      ],
      'a list, while another went to a global': [
        [
          'K = []',
          'def f():',
          '    l = [1]',
          '    K.append(l)',
          '    m = [R("1")]',
          '    return 0',
        ],
        'f()',
        '1',
      ],
    };
    for (const [what, [body, call, dels]] of Object.entries(cases)) {
      const code = [...R, ...DEL, ...body, `print(${call}, "after")`].join('\n');
      const plain = plainOutput(code);
      const died = dels.split(' ').map((n) => `del ${n}\n`);
      expect(plain, what).toBe(`${died.join('')}0 after\n`);
      expect(recordCompleted(rec, code).meta.output, what).toBe(plain);
    }
  });

  it('keeps the id of a returning function’s list that its kept frame, traceback or closure still holds', () => {
    // The frame outlives the return, and its names with it: let go of as the function
    // returned, the list would be drawn as a new object when the program reaches it again.
    const code = [
      'import sys',
      'KEPT = []',
      'def f():',
      '    l = [1]',
      '    KEPT.append(sys._getframe())',
      '    return 0',
      'f()',
      'back = KEPT[0].f_locals["l"]',
      'def g():',
      '    m = [2]',
      '    try:',
      '        raise ValueError',
      '    except ValueError as e:',
      '        KEPT.append(e)',
      '    return 0',
      'g()',
      'again = KEPT[1].__traceback__.tb_frame.f_locals["m"]',
      'def h():',
      '    n = [3]',
      '    def inner():',
      '        return n',
      '    return inner',
      'closure = h()()',
      'end = 0',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const ref = (step: number, name: string) =>
      trace.variablesAt(trace.stackAt(step)[0] as number, step).find((v) => v.name === name)?.value;
    const returned = (fn: string) => {
      for (let e = 0; e < trace.length; e++)
        if (trace.kind[e] === EventKind.Return && trace.functionOf(e) === fn) return e;
      throw new Error(`no return of ${fn}`);
    };
    const end = trace.length - 1;
    expect(ref(returned('f'), 'l')).toBeLessThan(-1); // an object
    expect(ref(end, 'back')).toBe(ref(returned('f'), 'l'));
    expect(ref(returned('g'), 'm')).toBeLessThan(-1);
    expect(ref(end, 'again')).toBe(ref(returned('g'), 'm'));
    // and a cell a closure keeps (the name's value is the cell's, not the frame's)
    expect(ref(returned('h'), 'n')).toBeLessThan(-1);
    expect(ref(end, 'closure')).toBe(ref(returned('h'), 'n'));
  });

  it('keeps the id of an argument a library function lends, held by a list the lesson’s function made', () => {
    // `copy.deepcopy` (not traced) hands its `memo` dict down as a borrowed reference: the
    // returning frame's `keep` list looked like its only holder, so the dict was let go
    // of as the first `__deepcopy__` returned and drawn as a new object in the second.
    const code = [
      'import copy',
      'class C:',
      '    def __deepcopy__(self, memo):',
      '        keep = [memo]',
      '        return 1',
      'out = copy.deepcopy([C(), C()])',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const memos: unknown[] = [];
    for (let e = 0; e < trace.length; e++)
      if (trace.kind[e] === EventKind.Call && trace.functionOf(e) === '__deepcopy__')
        memos.push(
          trace.variablesAt(trace.stackAt(e)[0] as number, e).find((v) => v.name === 'memo')?.value,
        );
    expect(memos).toHaveLength(2);
    expect(memos[0]).toBeLessThan(-1); // an object
    expect(memos[1]).toBe(memos[0]);
  });

  it('shows what their finalizers changed at the step after the line that dropped them', () => {
    const code = [
      ...LOGS_ITS_END,
      'def g():',
      '    r = R("generator")',
      '    yield 1',
      'it = g()',
      'next(it)',
      'it = None',
      'after_generator = len(LOG)',
      'class K:',
      '    r = R("K.r")',
      'del K.r',
      'after_class = len(LOG)',
    ].join('\n');
    const trace = recordCompleted(rec, code);
    const at = (text: string) => varsAt(trace, lineSteps(trace, code, text)[0]).LOG;
    expect(at('after_generator = len(LOG)')).toBe("['generator']");
    expect(at('after_class = len(LOG)')).toBe("['generator', 'K.r']");
  });
});

describe('what only the collector frees, at the run’s end', () => {
  it('lets a finalizer warn (a coroutine never awaited, an event loop never closed) and the next run go on', () => {
    // Collected after the run, their warnings were attributed to the recorder's own
    // finalize.py, whose globals then held Python's __warningregistry__: the seal refused
    // the run and every later one in that interpreter (SealBroken, Python restarted).
    const cycle = (what: string) =>
      [
        'import asyncio, gc',
        'gc.disable()  # (so that only the collection after the run frees the cycle)',
        'async def hook():',
        '    return None',
        'class Holder:',
        '    pass',
        'h = Holder()',
        'h.me = h',
        `h.held = ${what}`,
        'del h',
        'print("done")',
      ].join('\n');
    for (const what of ['hook()', 'asyncio.new_event_loop()'])
      for (let again = 0; again < 2; again++)
        expect(recordCompleted(rec, cycle(what)).meta.output).toBe('done\n');
  });
});
