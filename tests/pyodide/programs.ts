/**
 * Random Python programs for the object-centric recorder's property tests: functions that
 * alias, copy, nest and mutate lists, dicts and instances through parameters, locals,
 * globals (`global`), closures (`nonlocal`), calls whose arguments mutate, calls whose
 * result is changed at once (`f([], {}).append(...)`), comprehensions that call
 * functions, dicts that are an instance's `__dict__` or the module's globals, changed
 * through another name (`y = box.__dict__`, `y = globals()`, then `y['k'] = a`), and what a
 * call returned, changed at once (`b.pop('k', []).append(1)`, after `b['k'] = a`), and a
 * generator resumed by whichever function or the module calls `next(GEN)`. Every function's `a` is a list and `b` a dict, and
 * functions only call earlier ones, so programs end (errors are caught at module level).
 */
import fc from 'fast-check';

/** The start of a program whose objects say when they end: `R(name)` appends its name to
 *  `LOG` as it is finalized (the lifetimes and oracle tests). */
export const LOGS_ITS_END = [
  'LOG = []',
  'class R:',
  '    def __init__(self, name):',
  '        self.name = name',
  '    def __del__(self):',
  '        LOG.append(self.name)',
];

const BODY = [
  'x.append(len(a))',
  'a.append(x)',
  'a.append([len(a)])',
  "b['k'] = a",
  "b['n'] = len(b)",
  'y = b',
  'y = dict(b)',
  'x = a',
  'x = list(a)',
  'x = [a, b]',
  'G.append(len(G))',
  "D['g'] = x",
  'if a:\n        a.pop()',
  "b.pop('k', None)",
  "y['self'] = y",
  'x.insert(0, 7)',
  'box.items.append(x)',
  'box.v = a',
  'box = Box(y)',
  'N = N + 1',
  'z = len(x)\n    del z',
  'x.extend(a[:2])',
  'y.update(b)',
  'y = box.__dict__',
  'y = globals()',
  "b.pop('k', []).append(1)",
  // resumes a generator started elsewhere (the module, another function)
  'x.append(next(GEN, None))',
];

/** Calls of an earlier function `f{j}` from a function (or the module, with its names). */
function calls(j: number): string[] {
  return [
    `f${j}(x, y)`,
    `f${j}(a, b)`,
    `f${j}(x.append(0) or x, b)`,
    `[f${j}(v, b) for v in (x, a)]`,
    `x = f${j}(list(a), y)`,
    // changes what the callee returned, through no name of this line's
    `f${j}([], {}).append(len(G))`,
  ];
}

const statement = (k: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...BODY) },
    {
      weight: k > 0 ? 1 : 0,
      arbitrary:
        k > 0
          ? fc.integer({ min: 0, max: k - 1 }).chain((j) => fc.constantFrom(...calls(j)))
          : fc.constant('pass'),
    },
  );

const fn = (k: number) =>
  fc
    .array(statement(k), { minLength: 1, maxLength: 7 })
    .map((body) =>
      [
        `def f${k}(a, b):`,
        '    global N',
        '    x = []',
        '    y = {}',
        '    box = Box(x)',
        ...body.map((s) => `    ${s}`),
        '    return x',
        '',
      ].join('\n'),
    );

const moduleCall = fc.constantFrom(
  'r = f2(G, D)',
  'r = f1(L, D)',
  'r = f0([G], {})',
  'r = f2(L, D); r.append(r)',
  "cnt = make()\nD['cnt'] = cnt",
  'it = gen(L)\nfirst = next(it)\nrest = list(it)',
  'f2([], {}).append(len(L))',
  'next(GEN, None)',
);

/** One random program (Python source). */
export const programArb = fc
  .tuple(fn(0), fn(1), fn(2), fc.array(moduleCall, { minLength: 1, maxLength: 4 }))
  .map(([f0, f1, f2, main]) =>
    [
      'class Box:',
      '    def __init__(self, v):',
      '        self.v = v',
      '        self.items = []',
      '',
      'G = []',
      'D = {}',
      'N = 0',
      'L = [1]',
      '',
      'def make():',
      '    cnt = [0]',
      '    n = 0',
      '    def inc():',
      '        nonlocal n',
      '        n += 1',
      '        cnt.append(n)',
      '    inc()',
      '    inc()',
      '    return cnt',
      '',
      'def gen(xs):',
      '    for v in list(xs):',
      '        xs.append(v)',
      '        yield xs',
      '',
      'GEN = gen(L)',
      '',
      f0,
      f1,
      f2,
      ...main.map(
        (line) => `try:\n    ${line.replace(/\n/g, '\n    ')}\nexcept Exception as e:\n    err = e`,
      ),
      '',
    ].join('\n'),
  );

/**
 * Statements of {@link untracedProgramArb}: changes made through C methods and library code
 * that calls the program back (a sort key, `map`, a context manager), slices, unpacking,
 * `nonlocal`, class attributes, what `setdefault` and `pop` hand back, a tuple holding a
 * list, exceptions carrying objects, and a lazy generator expression over a list changed
 * before it is read.
 */
const UNTRACED_BODY = [
  'a.append(len(a))',
  'b[len(b)] = list(a)',
  'a += [1]',
  'a[:] = a[1:]',
  'x, *rest = a or [0]',
  'c.v = a',
  'c.w = [c.v]',
  'del c.w',
  'q = c',
  'q.v = b',
  'b.setdefault("s", []).append(1)',
  'd = b.get("s", [])',
  'd.append(2)',
  'a.sort(key=lambda v: (S.append(0), -v if isinstance(v, int) else 0)[1])',
  'S.extend(a[:1])',
  'S.clear()',
  'e = (a, b)',
  'e[0].append(3)',
  'k = b.keys()',
  'b.pop(0, None)',
  // Closed before it is let go: a started generator the program drops is closed then, but
  // when the recorder still held it (a name's previous value, a frame a ValueError left)
  // it is closed untraced inside the recorder's callback or at the run's end
  // (recorder/lifetimes.py), and the oracle would see events the trace does not have.
  'g2 = (v for v in a)\n    a.append(len(a))\n    nx = next(g2, None)\n    g2.close()',
  'a = a + [7]',
  'b = {**b, "z": a}',
  'a = b.setdefault("z", a)',
  'del a[0:1]',
  'T = tuple(a)',
  'nonl()',
  'C.shared.append(len(C.shared))',
  'r = [c, c]',
  'r[0].v = 5',
  'try:\n        raise KeyError(a)\n    except KeyError as err:\n        err.args[0].append(9)',
  'with Ctx(a):\n        a.append(0)',
  'a.extend(map(lambda v: S.append(v) or v, [1, 2]))',
  'fs = [lambda: a.append(4)]\n    fs[0]()',
  'b["self"] = b',
  'a.insert(0, a[:])',
  'x = y = [0]\n    x.append(y)',
];

const untracedFn = (k: number) =>
  fc
    .array(
      fc.constantFrom(
        ...UNTRACED_BODY,
        ...(k > 0 ? [`a = h${k - 1}(a, b)`, `h${k - 1}(b.get("z", []), {})`] : []),
      ),
      { minLength: 2, maxLength: 8 },
    )
    .map((body) =>
      [
        `def h${k}(a, b):`,
        '    c = Obj()',
        '    q = None',
        '    def nonl():',
        '        nonlocal q',
        '        q = [len(a)]',
        '        S.append(q)',
        '        return 0',
        ...body.map((s) => `    ${s}`),
        '    return a',
        '',
      ].join('\n'),
    );

/** One random program of {@link UNTRACED_BODY}'s statements: three functions, each
 *  calling the one before, run twice from a module-level loop (errors caught there). */
export const untracedProgramArb = fc
  .tuple(untracedFn(0), untracedFn(1), untracedFn(2))
  .map(([f0, f1, f2]) =>
    [
      'S = []',
      'class Obj:',
      '    pass',
      'class C:',
      '    shared = []',
      'class Ctx:',
      '    def __init__(self, l):',
      '        self.l = l',
      '    def __enter__(self):',
      '        self.l.append("in")',
      '        return self',
      '    def __exit__(self, *e):',
      '        self.l.append("out")',
      '        return False',
      f0,
      f1,
      f2,
      'L = [1, 2]',
      'M = {"k": L}',
      'for i in range(2):',
      '    try:',
      '        out = h2(L, M)',
      '    except Exception as ex:',
      '        last = ex',
      'end = 0',
      '',
    ].join('\n'),
  );
