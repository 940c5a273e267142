/**
 * An oracle that shares no code with the recorder (oracle.py): the same program run again
 * with a `sys.monitoring` tool of its own, asking for the events the recorder asks for so
 * that CPython reports the same lines, which at every event a trace has (a call, a line
 * about to run, a return, a yield, a raise, an unwind) writes down what every frame of the
 * program holds, read from the frames themselves (`f_locals`, a module's globals) and
 * from the objects (`repr` of atoms, `len` and items of containers, an instance's
 * `__dict__`), and the value the event hands over (returned, yielded or raised). The trace
 * must show the same at its events: the same events in the same order, and the same names
 * holding the same values, shared the same way, so no step the debugger can show (a
 * function's return, an exception leaving a frame) escapes the comparison. The
 * brute-force recorder (objects.test.ts) shares the recorder's snapshots and rendering, so
 * a value both get wrong passes there; it cannot pass here.
 *
 * What the two compare: names in every frame of the stack (module, class bodies,
 * functions), atoms by their text (its first 60 characters), lists, tuples and dicts by
 * their items (up to 30: past that the trace shows a part, so only the size), instances of
 * the program's own classes by their attributes (not exceptions, nothing with
 * `__slots__`), anything else by its type, and which names and slots hold one object. Out of its reach: a comprehension's variable (the trace keeps
 * Python's model, a scope of its own, where `f_locals` shows the slot the comprehension
 * runs in, PEP 709), so a function's name that a comprehension hides is tested in
 * objects.test.ts; and a function's name (`functools.update_wrapper`), compared by type.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/lessons/lesson';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import type { RecordRequest } from '../../src/runtime/protocol';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { objectState } from '../../src/trace/values';
import { lessonRuns, script } from './helpers';
import { CORPUS } from './perf-corpus';
import { LOGS_ITS_END, programArb, untracedProgramArb } from './programs';

/** Items of a container compared one by one; the trace shows no more than 30. */
const ITEMS = 30;
/** Characters of an atom's text compared: the trace cuts a long one short. */
const ATOM = 60;
/** Nesting compared; deeper objects are compared by identity only. */
const DEPTH = 8;

const ORACLE = readFileSync(new URL('./oracle.py', import.meta.url), 'utf8');

/** Programs where a trace once showed what the program did not hold. */
const NAMED: Record<string, string> = {
  'an except-as block left from a line before its last (its clean-up has no line)': [
    'for r in range(3):',
    '    try:',
    '        raise TypeError(r)',
    '    except TypeError as t:',
    '        seen = t.args',
    '        if r == 1:',
    '            kept = seen',
    '    after = r',
    'class Body:',
    '    try:',
    '        raise KeyError("k")',
    '    except KeyError as ke:',
    '        if ke.args[0] == "x":',
    '            pass',
    '    inside = 1',
    'def setter():',
    '    global g',
    '    try:',
    '        raise ValueError("g")',
    '    except ValueError as g:',
    '        if len(g.args) > 5:',
    '            pass',
    '    return 1',
    'g = 0',
    'setter()',
    'done = "g" in globals()',
  ].join('\n'),
  'a callee mutates what its caller holds under two names': [
    'def g(a):',
    '    a.append(1)',
    '    return None',
    'def f():',
    '    x = []',
    '    y = x',
    '    g(x)',
    '    return y',
    'f()',
  ].join('\n'),
  'exec and eval reached through no name the line loads': [
    'import builtins',
    'lst = []',
    'def g():',
    '    getattr(builtins, "ex" + "ec")("lst.append(1)")',
    '    return 0',
    'g()',
    'vars(builtins)["ev" + "al"]("lst.append(2)")',
    'run = exec',
    'run("lst.append(3)")',
    'n = 0',
  ].join('\n'),
  'a closure cell written from another function': [
    'def set_cell(fn):',
    '    fn.__closure__[0].cell_contents = [2]',
    '    return 0',
    'def f():',
    '    x = [1]',
    '    def inner():',
    '        return x',
    '    set_cell(inner)',
    '    return inner()',
    'f()',
  ].join('\n'),
  "a caller's local written through its frame": [
    'import sys',
    'def callee():',
    '    sys._getframe(1).f_locals["x"] = [5]',
    '    return 0',
    'def caller():',
    '    x = [1]',
    '    callee()',
    '    return x',
    'caller()',
  ].join('\n'),
  'a generator thrown into through yield from': [
    'def inner():',
    '    try:',
    '        yield 1',
    '    except KeyError:',
    '        yield 2',
    '    return 3',
    'def outer():',
    '    got = yield from inner()',
    '    yield got',
    'g = outer()',
    'first = next(g)',
    'second = g.throw(KeyError)',
    'third = next(g)',
  ].join('\n'),
};

/** Changes made by code the recorder does not trace (C methods, library code calling the
 *  program back, getters, context managers) or through names the line does not load. */
const UNTRACED: Record<string, string> = {
  'slice assignment on a list two names hold':
    'a = [1, 2]\nb = a\na[:] = [3]\ndef f(x):\n    x[1:] = [9, 9]\n    return 0\nf(a)\nc = 0',
  '`t[0] += [2]` that raises after changing the list':
    't = ([1],)\nl = t[0]\ntry:\n    t[0] += [2]\nexcept TypeError as e:\n    err = 1\nz = 0',
  'a sort key that records what it is called with':
    'seen = []\ndef key(v):\n    seen.append(v)\n    return -v\nxs = [3, 1, 2]\nxs.sort(key=key)\nys = sorted(xs, key=lambda v: seen.append(v) or v)\nz = 0',
  'a lazy map that appends when it is consumed':
    'log = []\ndef f():\n    m = map(log.append, [1, 2])\n    first = next(m)\n    rest = list(m)\n    return log\nf()\nz = 0',
  'dict.setdefault handing back the list it holds':
    'd = {}\nl = d.setdefault("k", [])\nd.setdefault("k", []).append(1)\nz = 0',
  'functools.reduce calling a lambda that appends':
    'import functools\nacc = []\ntotal = functools.reduce(lambda s, v: acc.append(v) or s + v, [1, 2, 3], 0)\nz = 0',
  'a property whose getter changes its object':
    'class P:\n    def __init__(self):\n        self.log = []\n    @property\n    def v(self):\n        self.log.append(1)\n        return 1\np = P()\nl = p.log\nq = p.v\nz = 0',
  'a context manager that changes a list on the way in and out':
    'import contextlib\nlog = []\n@contextlib.contextmanager\ndef cm(l):\n    l.append("in")\n    yield\n    l.append("out")\nalias = log\nwith cm(log):\n    z = 1\nw = 0',
  'a decorator that registers into a global list':
    'REG = []\ndef reg(fn):\n    REG.append(fn.__name__)\n    return fn\n@reg\ndef a():\n    return 1\nr = REG\nz = 0',
  'a mutable default argument':
    'def f(a=[]):\n    a.append(1)\n    return a\nx = f()\ny = f()\nz = 0',
  'a class attribute changed through two instances':
    'class C:\n    items = []\nc = C()\nd = C()\nc.items.append(1)\nalias = C.items\nd.items.append(2)\nz = 0',
  'nonlocal two functions down':
    'def a():\n    n = [0]\n    k = 0\n    def b():\n        def c():\n            nonlocal k\n            k += 1\n            n.append(k)\n            return 0\n        c()\n        return 0\n    b()\n    return n\na()\nz = 0',
  'a dict view while the dict changes':
    'd = {"a": 1}\nks = d.keys()\nitems = list(d.items())\nd["b"] = 2\ndel d["a"]\nz = 0',
  'a set changed in place under two names': 's = {1}\nt = s\ns |= {2}\nu = frozenset(s)\nz = 0',
  'what pop() returned, changed at once':
    'stack = [[1], [2]]\ntop = stack[-1]\nstack.pop().append(9)\nz = 0',
  'a deep copy and a shallow copy, each changed':
    'import copy\na = {"k": [1]}\nb = copy.deepcopy(a)\nb["k"].append(2)\nc = copy.copy(a)\nc["k"].append(3)\nz = 0',
  'an assignment expression in a condition':
    'def f():\n    data = [1, 2, 3]\n    if (n := len(data)) > 2:\n        data.append(n)\n    return data\nf()\nz = 0',
  "an exception's argument changed in the handler":
    'class E(Exception):\n    pass\ndef f(l):\n    try:\n        raise E(l)\n    except E as e:\n        e.args[0].append(1)\n        return 0\nl = []\nf(l)\nz = 0',
  'a list passed down a recursion':
    'def f(n, acc):\n    if n == 0:\n        return acc\n    acc.append(n)\n    return f(n - 1, acc)\nr = f(3, [])\nz = 0',
  'a generator that empties the list it was given':
    'def g(l):\n    while l:\n        yield l.pop()\nl = [1, 2, 3]\nit = g(l)\na = next(it)\nb = list(it)\nz = 0',
};

/** Control that suspends, unwinds, defers or caches: the trace must follow it. */
const FLOW: Record<string, string> = {
  'a coroutine awaiting another, driven by send': [
    'async def inner(l):',
    '    l.append(1)',
    '    return 5',
    'async def outer(l):',
    '    v = await inner(l)',
    '    l.append(v)',
    '    return l',
    'lst = []',
    'c = outer(lst)',
    'try:',
    '    c.send(None)',
    'except StopIteration as e:',
    '    res = e.value',
    'z = 0',
  ].join('\n'),
  'a generator sent values, then closed (its finally runs)': [
    'def g(l):',
    '    try:',
    '        while True:',
    '            x = yield len(l)',
    '            l.append(x)',
    '    finally:',
    '        l.append("closed")',
    'lst = []',
    'it = g(lst)',
    'next(it)',
    'it.send(1)',
    'it.send([2])',
    'it.close()',
    'z = 0',
  ].join('\n'),
  'a finally that changes what the function returns': [
    'def f(l):',
    '    try:',
    '        l.append(1)',
    '        return l',
    '    finally:',
    '        l.append(2)',
    'r = f([])',
    'z = 0',
  ].join('\n'),
  'a comprehension in a class body, not inlined': [
    'class K:',
    '    base = [1, 2]',
    '    sq = [v * v for v in base]',
    '    base.append(3)',
    'z = K.sq',
  ].join('\n'),
  'lambdas with defaults calling a closure': [
    'def outer():',
    '    acc = []',
    '    def add(v):',
    '        acc.append(v)',
    '        return acc',
    '    fs = [lambda v=v: add(v) for v in range(3)]',
    '    for f in fs:',
    '        f()',
    '    return acc',
    'r = outer()',
    'z = 0',
  ].join('\n'),
  '*args and **kwargs changed by the callee': [
    'def f(*args, **kw):',
    '    args[0].append(len(kw))',
    '    kw["k"].append(1)',
    '    return args',
    'l = []',
    'd = {"k": []}',
    'r = f(l, **d)',
    'z = 0',
  ].join('\n'),
  'dict and set comprehensions with side effects': [
    'log = []',
    'd = {k: log.append(k) or k for k in "ab"}',
    's = {log.append(1) or 1 for _ in range(2)}',
    'z = 0',
  ].join('\n'),
  'a lazy itertools.chain over a list changed halfway': [
    'import itertools',
    'l = [[1], [2]]',
    'c = itertools.chain.from_iterable(l)',
    'first = next(c)',
    'l[1].append(3)',
    'rest = list(c)',
    'z = 0',
  ].join('\n'),
  'a recursion that appends on the way down and up': [
    'def rec(n, acc):',
    '    if n:',
    '        acc.append(n)',
    '        rec(n - 1, acc)',
    '        acc.append(-n)',
    '    return acc',
    'r = rec(3, [])',
    'z = 0',
  ].join('\n'),
  'a global rebound by a nested function': [
    'def f():',
    '    global G',
    '    G = [1]',
    '    def g():',
    '        global G',
    '        G.append(2)',
    '        G = G + [3]',
    '    g()',
    '    return G',
    'G = None',
    'r = f()',
    'z = 0',
  ].join('\n'),
  'an lru_cache handing back the same list': [
    'import functools',
    '@functools.lru_cache',
    'def f(n):',
    '    return [n]',
    'a = f(1)',
    'f(1).append(2)',
    'b = f(1)',
    'z = 0',
  ].join('\n'),
  'defaultdict, Counter and a bounded deque': [
    'import collections',
    'd = collections.defaultdict(list)',
    'd["a"].append(1)',
    'c = collections.Counter("aab")',
    'c["a"] += 5',
    'dq = collections.deque([1], maxlen=2)',
    'dq.extend([2, 3])',
    'z = 0',
  ].join('\n'),
  'exceptions as dict keys whose args change, named or not': [
    'e = ValueError("one")',
    'd = {e: 1, (e, 2): 3}',
    'e.args = ("two",)',
    'u = {KeyError("x"): 1}',
    'next(iter(u)).args = ("y",)',
    'def f(m):',
    '    next(iter(m)).args = ("in f",)',
    '    return len(m)',
    'n = f(d)',
    'z = 0',
  ].join('\n'),
};

/** Coroutines run by asyncio's loop (recorder/asyncloop.py): tasks take turns, so a frame
 *  resumes after another task changed what it holds; and iterators that really raise
 *  StopIteration, which the trace keeps while it drops the interpreter's own. */
const ASYNC: Record<string, string> = {
  "the loop's own callbacks change a global list, a dict and a function while main waits": [
    'import asyncio',
    'log = []',
    'cfg = {"k": 0}',
    'def bump():',
    '    pass',
    'async def main():',
    '    loop = asyncio.get_running_loop()',
    '    loop.call_later(0.001, log.append, "late")',
    '    loop.call_soon(cfg.update, {"k": 5})',
    '    loop.call_soon(setattr, bump, "hits", 1)',
    '    fut = loop.create_future()',
    '    loop.call_later(0.002, fut.set_result, [1, 2])',
    '    got = await fut',
    '    a = 1',
    '    await asyncio.sleep(0.005)',
    '    b = 2',
    'asyncio.run(main())',
    'done = 1',
  ].join('\n'),
  'a task changes an instance and a dict the waiting coroutine holds': [
    'import asyncio',
    'log = []',
    'class Box:',
    '    def __init__(self):',
    '        self.items = []',
    'box = Box()',
    'async def filler(b, shared):',
    '    b.items.append(1)',
    '    shared["n"] = 1',
    '    await asyncio.sleep(0)',
    '    b.items.append(2)',
    'async def main():',
    '    shared = {}',
    '    loop = asyncio.get_running_loop()',
    '    loop.call_soon(log.append, "cb")',
    '    t = asyncio.create_task(filler(box, shared))',
    '    await asyncio.sleep(0)',
    '    a = 1',
    '    await asyncio.sleep(0)',
    '    b = 2',
    '    await t',
    '    c = 3',
    'asyncio.run(main())',
    'done = 1',
  ].join('\n'),
  'two tasks take turns appending to one list': [
    'import asyncio',
    'log = []',
    'async def worker(name, shared, n):',
    '    for i in range(n):',
    '        shared.append((name, i))',
    '        await asyncio.sleep(0)',
    '    return len(shared)',
    'async def main():',
    '    mine = log',
    '    results = await asyncio.gather(worker("a", mine, 2), worker("b", mine, 2))',
    '    total = sum(results)',
    '    return total',
    'out = asyncio.run(main())',
  ].join('\n'),
  'a producer and a consumer through a queue of one': [
    'import asyncio',
    'async def producer(q, items):',
    '    for it in items:',
    '        await q.put(it)',
    '    await q.put(None)',
    'async def consumer(q, seen):',
    '    while True:',
    '        it = await q.get()',
    '        if it is None:',
    '            break',
    '        seen.append(it * 2)',
    'async def main():',
    '    q = asyncio.Queue(maxsize=1)',
    '    seen = []',
    '    p = asyncio.create_task(producer(q, [1, 2, 3]))',
    '    await consumer(q, seen)',
    '    await p',
    '    return seen',
    'r = asyncio.run(main())',
  ].join('\n'),
  "a task's exception caught where it is awaited, an async generator, a timeout": [
    'import asyncio',
    'async def bad(box):',
    '    box.append("bad")',
    '    raise ValueError(len(box))',
    'async def ticks(n):',
    '    for i in range(n):',
    '        yield i',
    '        await asyncio.sleep(0)',
    'async def main():',
    '    box = []',
    '    try:',
    '        await asyncio.gather(bad(box))',
    '    except ValueError as e:',
    '        box.append(e.args[0])',
    '    got = [x async for x in ticks(2)]',
    '    try:',
    '        async with asyncio.timeout(0.01):',
    '            await asyncio.sleep(5)',
    '    except TimeoutError:',
    '        box.append("late")',
    '    return box, got',
    'res = asyncio.run(main())',
  ].join('\n'),
  'tasks and futures settle while the coroutine holding them waits': [
    'import asyncio',
    'async def work(n):',
    '    await asyncio.sleep(0)',
    '    return [n * 2]',
    'async def fail():',
    '    raise KeyError("gone")',
    'async def main():',
    '    t = asyncio.create_task(work(3))',
    '    bad = asyncio.create_task(fail())',
    '    slow = asyncio.create_task(asyncio.sleep(5))',
    '    f = asyncio.get_running_loop().create_future()',
    '    await asyncio.sleep(0)',
    '    marker = 1',
    '    await asyncio.sleep(0)',
    '    slow.cancel()',
    '    f.set_result([1, 2])',
    '    await asyncio.sleep(0)',
    '    r = await t',
    '    try:',
    '        await bad',
    '    except KeyError as e:',
    '        marker = e.args',
    '    return r, f.result(), slow.cancelled()',
    'res = asyncio.run(main())',
  ].join('\n'),
  'yield from an iterator whose __next__ raises StopIteration': [
    'class Countdown:',
    '    def __init__(self, n):',
    '        self.n = n',
    '    def __iter__(self):',
    '        return self',
    '    def __next__(self):',
    '        if self.n == 0:',
    '            raise StopIteration',
    '        self.n -= 1',
    '        return self.n',
    'def relay():',
    '    got = yield from Countdown(2)',
    '    return got',
    'out = list(relay())',
  ].join('\n'),
};

/** What a student writing hooks reaches for: decorators that register into a
 *  `defaultdict`, a dataclass matched by `match`, a callable instance, a partial, a
 *  default list that remembers, an exception chained `from` another, `except*`, a
 *  `finally` that runs after a `return`, an Enum (its class body is a metaclass's dict), a
 *  class with `__slots__` and a property. */
const HOOKS_LIKE: Record<string, string> = {
  'hooks registered by decorators, run in priority order over a dataclass': [
    'import functools',
    'from collections import defaultdict',
    'from dataclasses import dataclass, field',
    'HOOKS = defaultdict(list)',
    'def on(event, priority=0):',
    '    def deco(fn):',
    '        HOOKS[event].append((priority, fn))',
    '        HOOKS[event].sort(key=lambda p: -p[0])',
    '        return fn',
    '    return deco',
    '@dataclass',
    'class Call:',
    '    name: str',
    '    args: dict = field(default_factory=dict)',
    '    blocked: bool = False',
    '@on("pre", 5)',
    'def deny(call):',
    '    match call:',
    '        case Call(name="bash", args={"cmd": cmd}) if "rm" in cmd:',
    '            call.blocked = True',
    '            return f"no: {cmd}"',
    '        case _:',
    '            return None',
    '@on("pre")',
    'def log(call, seen=[]):',
    '    seen.append(call.name)',
    '    return None',
    'class Counter:',
    '    def __init__(self):',
    '        self.n = 0',
    '    def __call__(self, call):',
    '        self.n += 1',
    'counter = Counter()',
    'HOOKS["pre"].append((0, counter))',
    'HOOKS["pre"].append((0, functools.partial(lambda tag, call: tag, "p")))',
    'def run(call):',
    '    out = []',
    '    for _, h in HOOKS["pre"]:',
    '        r = h(call)',
    '        if r:',
    '            out.append(r)',
    '        if call.blocked:',
    '            break',
    '    return out',
    'a = run(Call("bash", {"cmd": "rm -rf /"}))',
    'b = run(Call("read", {"path": "x"}))',
  ].join('\n'),
  'hook errors chained from a KeyError, an exception group, a finally after a return': [
    'class HookError(Exception):',
    '    def __init__(self, hook, why):',
    '        super().__init__(f"{hook}: {why}")',
    '        self.hook = hook',
    'def bad(payload):',
    '    try:',
    '        payload["x"]',
    '    except KeyError as k:',
    '        raise HookError("bad", "missing x") from k',
    'def run_all(hooks, payload):',
    '    problems = []',
    '    for h in hooks:',
    '        try:',
    '            h(payload)',
    '        except HookError as err:',
    '            problems.append((err.hook, str(err), type(err.__cause__).__name__))',
    '        finally:',
    '            payload.setdefault("ran", 0)',
    '            payload["ran"] += 1',
    '    return problems',
    'def override():',
    '    try:',
    '        return "try"',
    '    finally:',
    '        note = "finally"',
    'p = {}',
    'res = run_all([bad, bad], p)',
    'o = override()',
    'try:',
    '    raise ExceptionGroup("many", [ValueError(1), TypeError(2)])',
    'except* ValueError as g:',
    '    vs = [e.args for e in g.exceptions]',
    'except* TypeError as g:',
    '    ts = len(g.exceptions)',
  ].join('\n'),
  'an Enum and a slotted class with a property that counts its reads': [
    'from enum import Enum, auto',
    'class Decision(Enum):',
    '    ALLOW = auto()',
    '    DENY = auto()',
    'class Gate:',
    '    __slots__ = ("_d", "hits")',
    '    def __init__(self):',
    '        self._d = Decision.ALLOW',
    '        self.hits = 0',
    '    @property',
    '    def decision(self):',
    '        self.hits += 1',
    '        return self._d',
    '    @decision.setter',
    '    def decision(self, v):',
    '        self._d = v',
    'g = Gate()',
    'd1 = g.decision',
    'g.decision = Decision.DENY',
    'd2 = g.decision',
    'names = [m.name for m in Decision]',
    'import json',
    's = json.dumps({"d": d2.name, "hits": g.hits}, sort_keys=True)',
    'back = json.loads(s)',
  ].join('\n'),
};

/** Objects the program lets go of as a function ends: each is finalized then, as in a plain
 *  run, and what its finalizer does is traced (lifetimes.py). */
const LIFETIMES: Record<string, string> = {
  'caught exceptions kept, dropped and let go of, new ones made where they were': [
    'def fail(k):',
    '    raise KeyError(k)',
    'kept = []',
    'last = None',
    'for k in range(6):',
    '    try:',
    '        fail(k)',
    '    except KeyError as err:',
    '        if k % 2 == 0:',
    '            kept.append(err)',
    '        last = err',
    '    probe = ValueError(k)',
    '    probe = None',
    'first = kept[0]',
    'kept.pop()',
    'tb = first.__traceback__',
    'again = [ValueError(i) for i in range(4)]',
  ].join('\n'),
  'lists, dicts and tuples let go of, kept and made anew where they were': [
    'def pair(k):',
    '    return (k, [k])',
    'keep = []',
    'for k in range(8):',
    '    p = pair(k)',
    '    q = [k, k]',
    '    if k % 3 == 0:',
    '        keep.append(p)',
    '    d = {"k": q, "p": p}',
    '    d = None',
    '    q = None',
    'first = keep[0]',
    'keep.clear()',
    'rows = [[i] for i in range(5)]',
    'rows.pop()',
    'rows = rows[:2]',
    'same = first',
  ].join('\n'),
  'a started generator dropped by its function runs its finally then': [
    'LOG = []',
    'def gen():',
    '    try:',
    '        yield 1',
    '        yield 2',
    '    finally:',
    '        LOG.append("closed")',
    'def f():',
    '    g = gen()',
    '    next(g)',
    '    return 0',
    'f()',
    'n = len(LOG)',
  ].join('\n'),
  'a __del__ runs as the function holding its object returns': [
    ...LOGS_ITS_END,
    'def f():',
    '    r = R("f")',
    '    return len(LOG)',
    'before = f()',
    'after = len(LOG)',
  ].join('\n'),
  'a generator closed as a program’s own exception leaves the function holding it': [
    'LOG = []',
    'class Stop(Exception):',
    '    pass',
    'def gen(l):',
    '    try:',
    '        yield l',
    '    finally:',
    '        l.append("closed")',
    'def f():',
    '    g = gen(LOG)',
    '    next(g)',
    '    raise Stop(len(LOG))',
    'try:',
    '    f()',
    'except Stop:',
    '    seen = len(LOG)',
    'n = len(LOG)',
  ].join('\n'),
  'a weak reference’s callback as its object’s function returns': [
    'import weakref',
    'SEEN = []',
    'class O:',
    '    pass',
    'def f():',
    '    global W',
    '    o = O()',
    '    W = weakref.ref(o, lambda r: SEEN.append(r is W))',
    '    return W() is o',
    'alive = f()',
    'dead = W() is None',
    'n = len(SEEN)',
  ].join('\n'),
};

/** Instances of the program's classes changed every way Python allows. */
const INSTANCES: Record<string, string> = {
  'a dataclass changed through a method and from outside': [
    'from dataclasses import dataclass, field',
    '@dataclass',
    'class Cart:',
    '    items: list = field(default_factory=list)',
    '    total: int = 0',
    '    def add(self, price):',
    '        self.items.append(price)',
    '        self.total += price',
    'c = Cart()',
    'c.add(3)',
    'c.items.append(4)',
    'd = c',
    'd.total = 9',
    'end = 0',
  ].join('\n'),
  'a property setter, inheritance and super()': [
    'class Base:',
    '    def __init__(self):',
    '        self.log = []',
    'class Temp(Base):',
    '    def __init__(self, c):',
    '        super().__init__()',
    '        self._c = c',
    '    @property',
    '    def c(self):',
    '        return self._c',
    '    @c.setter',
    '    def c(self, v):',
    '        self.log.append(v)',
    '        self._c = v',
    't = Temp(1)',
    't.c = 5',
    'seen = t.log',
    't.c = 6',
    'end = 0',
  ].join('\n'),
  'attributes set through vars, __dict__, setattr and deleted': [
    'class A:',
    '    kind = "class"',
    'a = A()',
    'vars(a)["x"] = [1]',
    'a.__dict__.update(y=2)',
    'name = "z"',
    'setattr(a, name, a.x)',
    'a.x.append(2)',
    'del a.y',
    'a.kind = "mine"',
    'b = A()',
    'end = 0',
  ].join('\n'),
  'a __setattr__ of its own, and a copy': [
    'import copy',
    'class Logged:',
    '    def __setattr__(self, k, v):',
    '        object.__setattr__(self, k, v)',
    '        object.__setattr__(self, "last", k)',
    'o = Logged()',
    'o.a = [1]',
    'p = copy.copy(o)',
    'p.a.append(2)',
    'q = copy.deepcopy(o)',
    'q.a.append(3)',
    'end = 0',
  ].join('\n'),
  'a linked list built and reversed in place': [
    'class Node:',
    '    def __init__(self, v, nxt=None):',
    '        self.v = v',
    '        self.nxt = nxt',
    'def reverse(head):',
    '    prev = None',
    '    while head:',
    '        head.nxt, prev, head = prev, head, head.nxt',
    '    return prev',
    'head = Node(1, Node(2, Node(3)))',
    'first = head',
    'head = reverse(head)',
    'end = 0',
  ].join('\n'),
};

/** Objects whose own methods would change the program if showing them called those. */
const SHOWN: Record<string, string> = {
  'a __repr__ that appends to a global list': [
    'LOG = []',
    'class R:',
    '    def __repr__(self):',
    '        LOG.append(1)',
    '        return "R"',
    'x = [R()]',
    'n = len(LOG)',
    'end = n',
  ].join('\n'),
  'a __getattr__ that records every name asked for': [
    'LOG = []',
    'class G:',
    '    def __getattr__(self, name):',
    '        LOG.append(name)',
    '        raise AttributeError(name)',
    'x = [G()]',
    'n = len(LOG)',
    'end = n',
  ].join('\n'),
  'a list subclass whose __len__ and __iter__ append': [
    'LOG = []',
    'class L(list):',
    '    def __len__(self):',
    '        LOG.append(1)',
    '        return 1',
    '    def __iter__(self):',
    '        LOG.append(2)',
    '        return iter([])',
    'items = L([1, 2])',
    'n = len(LOG)',
    'end = n',
  ].join('\n'),
  // Python 3.14 passes an argument the caller loads from its own name as a borrowed
  // reference, which `y = b` copies: counted as the returning frame's own, `b` was let
  // go of as `f0` returned (returning.py) while `f2` held it, and drawn anew after.
  'an argument lent by the caller, copied to a local, then lent again': [
    'def f0(a, b):',
    '    y = b',
    '    return 0',
    'def f2(a, b):',
    '    x = []',
    '    [f0(v, b) for v in (x, a)]',
    '    return x',
    'f2([], {})',
  ].join('\n'),
  'a dict subclass whose items and keys append': [
    'LOG = []',
    'class D(dict):',
    '    def items(self):',
    '        LOG.append(1)',
    '        return []',
    '    def keys(self):',
    '        LOG.append(2)',
    '        return []',
    'd = D(a=[1])',
    'n = len(LOG)',
    'end = n',
  ].join('\n'),
  'a __dict__ property that appends': [
    'LOG = []',
    'class P:',
    '    @property',
    '    def __dict__(self):',
    '        LOG.append(1)',
    '        return {}',
    'p = P()',
    'n = len(LOG)',
    'end = n',
  ].join('\n'),
};

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
  rec.pyodide.runPython(ORACLE);
});

/** One event as the oracle writes it: kind, function, line, every frame's names, and the
 *  value the event hands over (null for a call or a line). */
type State = [string, string, number, unknown, unknown];

/** The oracle's name of each event kind (oracle.py). */
const KIND_NAMES: Record<EventKind, string> = {
  [EventKind.Call]: 'call',
  [EventKind.Line]: 'line',
  [EventKind.Return]: 'return',
  [EventKind.Exception]: 'exception',
  [EventKind.Unwind]: 'unwind',
  [EventKind.Yield]: 'yield',
};

/** What the trace shows at each of its events, in the oracle's form; `instances`:
 *  the classes the oracle compared by their attributes. */
function traceStates(trace: Trace, instances: ReadonlySet<string>): State[] {
  const out: State[] = [];
  for (let e = 0; e < trace.length; e++) {
    const ids = new Map<number, number>();
    const canon = (ref: number, depth: number): unknown => {
      if (ref >= 0) return trace.value(ref)?.[1]?.slice(0, ATOM);
      const id = -ref - 1;
      const seen = ids.get(id);
      if (seen !== undefined) return `#${seen}`;
      const n = ids.size + 1;
      ids.set(id, n);
      if (depth > DEPTH) return `#${n}`;
      const st = objectState(trace, id, e);
      if (!st) return [n, 'not recorded'];
      const items = (labelled: boolean) =>
        st.size > ITEMS
          ? null
          : st.children.map(([label, r]) =>
              labelled ? [label, canon(r, depth + 1)] : canon(r, depth + 1),
            );
      if (st.type === 'list' || st.type === 'tuple') return [n, st.type, st.size, items(false)];
      if (st.type === 'dict') return [n, 'dict', st.size, items(true)];
      if (st.kind === 'instance' && instances.has(st.type))
        return [n, st.type, st.size, items(true)];
      return [n, 'other', st.type];
    };
    const frames = trace.stackAt(e).map((f) => [
      trace.frames.functionOf(f),
      trace
        .variablesAt(f, e)
        .map((v) => v.name)
        .sort()
        .map((name) => {
          const v = trace.variablesAt(f, e).find((x) => x.name === name);
          return [name, canon(v?.value ?? -1, 0)];
        }),
    ]);
    const kind = KIND_NAMES[trace.kind[e] as EventKind];
    const value = trace.aux[e] === -1 ? 'None' : canon(trace.aux[e], 0);
    out.push([kind, trace.functionOf(e), trace.line[e], frames, value]);
  }
  return out;
}

/** What the oracle saw at each event of a run of `files`, and the classes it
 *  compared by their attributes. */
function oracleStates(
  files: RunFile[],
  scenario: string,
): { states: State[]; instances: string[] } {
  rec.pyodide.globals.set('oracle_files', JSON.stringify(files));
  rec.pyodide.globals.set('oracle_scenario', scenario);
  try {
    return JSON.parse(
      rec.pyodide.runPython(
        `oracle_states(oracle_files, oracle_scenario, dict(items=${ITEMS}, depth=${DEPTH}, atom=${ATOM}))`,
      ) as string,
    );
  } finally {
    rec.pyodide.globals.delete('oracle_files');
    rec.pyodide.globals.delete('oracle_scenario');
  }
}

/** The first events (at most 3) where the trace of a run and the oracle's run of
 *  `truth` (the same files, but for the test that the comparison sees a difference)
 *  differ; none for a run the recorder stopped (a budget: the two would end apart). */
function runDifferences(request: RecordRequest, truth = request.files): string[] {
  const trace = rec.record(request);
  if (trace.meta.outcome === 'stopped') return [];
  const { states: held, instances } = oracleStates(truth, request.scenario);
  const shown = traceStates(trace, new Set(instances));
  const out: string[] = [];
  for (let i = 0; i < Math.max(shown.length, held.length) && out.length < 3; i++) {
    const a = JSON.stringify(shown[i]);
    const b = JSON.stringify(held[i]);
    if (a !== b) out.push(`event ${i}:\n  trace:  ${a}\n  oracle: ${b}`);
  }
  return out;
}

/** {@link runDifferences} for one file of code, `traced`, against the oracle's `truth`. */
function differences(traced: string, truth = traced): string[] {
  const budget = { maxEvents: 20_000, maxSeconds: 10 };
  return runDifferences({ scenario: '', files: script(traced), budget }, script(truth));
}

describe('the trace against an oracle that reads the running program itself', () => {
  it('sees a value the trace shows and the program does not hold', () => {
    const shown = 'x = [1]\nx.append(2)\ny = {"k": x}\nz = 0\n';
    expect(differences(shown)).toEqual([]);
    const at = (found: string[]) => found.map((d) => d.slice(0, d.indexOf(':')));
    // Events 0-2: the module's call, lines 1 and 2; then line 3 (x), line 4 (y shows the
    // same list) and the module's return.
    expect(at(differences(shown, shown.replace('append(2)', 'append(3)')))).toEqual([
      'event 3',
      'event 4',
      'event 5',
    ]);
    // What an event hands over is compared too: only f's return (event 5) differs.
    const returned = 'def f(a):\n    return [a]\nx = len(f(1))\n';
    expect(at(differences(returned, returned.replace('[a]', '[a + 1]')))).toEqual(['event 5']);
    // Two names on one list, against two equal lists: sharing is compared too (at line 3
    // and the module's return).
    const shared = differences('a = [1]\nb = a\nc = 0\n', 'a = [1]\nb = [1]\nc = 0\n');
    expect(at(shared)).toEqual(['event 3', 'event 4']);
  });

  for (const [name, code] of Object.entries({
    ...NAMED,
    ...UNTRACED,
    ...FLOW,
    ...LIFETIMES,
    ...ASYNC,
    ...HOOKS_LIKE,
    ...INSTANCES,
    ...SHOWN,
  })) {
    it(`agrees at every event: ${name}`, () => {
      expect(differences(code)).toEqual([]);
    });
  }

  for (const [name, request] of Object.entries(CORPUS)) {
    it(`agrees at every event: ${name}`, () => {
      expect(runDifferences(request)).toEqual([]);
    });
  }

  it('agrees at every event of every lesson scenario', async () => {
    const out: string[] = [];
    for (const { where, request } of await lessonRuns())
      for (const d of runDifferences(request)) out.push(`${where} ${d}`);
    expect(out).toEqual([]);
  }, 300_000);

  for (const [family, programs] of [
    ['', programArb],
    [' that change objects through untraced code', untracedProgramArb],
  ] as const) {
    it(`agrees at every event of random programs${family}`, () => {
      fc.assert(
        fc.property(programs, (code) => {
          expect(differences(code), code).toEqual([]);
        }),
        { numRuns: 100 },
      );
    }, 300_000);
  }
});
