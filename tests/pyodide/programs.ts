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
