/**
 * The recorder is faithful: it never runs the program's own code to show a value (the
 * program prints exactly what plain CPython prints), and the values it shows at a step are
 * the ones the program holds then, including objects reached through a class attribute,
 * a `functools.partial` or a bound method.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import type { Trace } from '../../src/trace/trace';
import { objectState, refId } from '../../src/trace/values';
import { lineSteps, recordCompleted, script, varsAt } from './helpers';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

const run = (code: string): Trace => recordCompleted(rec, code);

/** The first line event about to run the line of `code` that contains `text`. */
function stepAt(trace: Trace, code: string, text: string): number {
  const step = lineSteps(trace, code, text)[0];
  if (step === undefined) throw new Error(`no line event at ${text}`);
  return step;
}

const vars = varsAt;

/**
 * The module's names at the last step of a program that prints its `log` last: the log
 * must be empty, as no code of the program ran to show a value.
 */
function shownAtEndUntouched(code: string): Record<string, string> {
  const trace = run(code);
  expect(trace.meta.output).toBe('0 []\n');
  return vars(trace, trace.length - 1);
}

describe('the recorder runs none of the program’s code to show a value', () => {
  it('never calls a __repr__, __getattribute__, __hash__ or __class__ of the program', () => {
    const code = [
      'log = []',
      'class Slotted:',
      '    __slots__ = ("x",)',
      '    def __init__(self, x):',
      '        self.x = x',
      '    def __repr__(self):',
      '        log.append("repr")',
      '        print("repr of Slotted")',
      '        return "Slotted(?)"',
      'class Key:',
      '    def __init__(self, n):',
      '        self.n = n',
      '    def __repr__(self):',
      '        log.append("key repr")',
      '        return "Key!"',
      'class Item:',
      '    def __init__(self, n):',
      '        self.n = n',
      '    def __repr__(self):',
      '        print("repr of Item")',
      '        return "Item!"',
      'class Loud:',
      '    def __init__(self):',
      '        self.x = 1',
      '    def __getattribute__(self, name):',
      '        log.append(name)',
      '        return object.__getattribute__(self, name)',
      'class Sneaky:',
      '    __slots__ = ()',
      '    @property',
      '    def __class__(self):',
      '        log.append("__class__")',
      '        return int',
      's = Slotted(1)',
      'd = {Key(0): "v"}',
      'try:',
      '    raise ValueError(Item(1))',
      'except ValueError as e:',
      '    err = e',
      'o = Loud()',
      'k = Sneaky()',
      'print(len(log), log)',
    ].join('\n');
    const shown = shownAtEndUntouched(code);
    expect(shown.s).toBe('Slotted(x=1)');
    expect(shown.d).toBe("{<__main__.Key object>: 'v'}");
    expect(shown.err).toBe('ValueError(<__main__.Item object>)');
    expect(shown.o).toBe('Loud(x=1)');
    expect(shown.k).toBe('Sneaky()');
  });

  it('never hashes or compares a class through a metaclass of the program', () => {
    // A class is hashed by its metaclass: `type(x) in some_set` would run `Loud.__hash__`,
    // and raise for a class of `Proud`, whose `__eq__` without `__hash__` makes its classes
    // unhashable; `type(x) in (list, tuple)` would run `__eq__` (the reflected one first).
    const code = [
      'log = []',
      'class Loud(type):',
      '    def __hash__(cls):',
      '        log.append("hash")',
      '        return 1',
      '    def __eq__(cls, other):',
      '        log.append("eq")',
      '        return cls is other',
      'class Proud(type):',
      '    def __eq__(cls, other):',
      '        log.append("eq")',
      '        return cls is other',
      'class Box(metaclass=Loud):',
      '    def __init__(self):',
      '        self.items = []',
      '    def add(self, x):',
      '        self.items.append(x)',
      'class Stack(list, metaclass=Proud):',
      '    pass',
      'class Pair(metaclass=Proud):',
      '    __slots__ = ("left", "right")',
      'class Oops(Exception, metaclass=Proud):',
      '    pass',
      'def grow(box, stack):',
      '    box.add(1)',
      '    stack.append(box)',
      '    return box',
      'box = Box()',
      'stack = Stack()',
      'pair = Pair()',
      'pair.left = stack',
      'got = grow(box, stack)',
      'add = box.add',
      'walk = iter(stack)',
      'add(2)',
      'try:',
      '    raise Oops(pair)',
      'except Oops as e:',
      '    err = e',
      'print(len(log), log)',
    ].join('\n');
    const shown = shownAtEndUntouched(code);
    expect(shown.box).toBe('Box(items=[1, 2])');
    expect(shown.got).toBe('Box(items=[1, 2])');
    expect(shown.stack).toBe('Stack([Box(items=[1, 2])])');
    // (`right` is never set: not shown; the text is cut at its depth, the boxes are not)
    expect(shown.pair).toBe('Pair(left=Stack([Box(items=[…])]))');
    expect(shown.err).toBe('Oops(<__main__.Pair object>)');
    expect(shown.add).toBe('<bound method Box.add of <__main__.Box object>>');
    expect(shown.walk).toBe('<list_iterator object>');
  });

  it('never reads a class’s name through a metaclass of the program', () => {
    // `type(exc).__name__` runs a metaclass's `__getattribute__`: the recorder reads the name
    // with type's own descriptor, as CPython's C code does, for an uncaught error's
    // traceback, the error of a write that is not a str, and a failing condition.
    const meta = [
      'class Loud(type):',
      '    def __getattribute__(cls, name):',
      '        print("read", name)',
      '        return super().__getattribute__(name)',
      'class Oops(Exception, metaclass=Loud):',
      '    pass',
    ];
    const uncaught = rec.record({
      scenario: '',
      files: script([...meta, 'raise Oops("no")'].join('\n')),
    });
    expect(uncaught.meta.output).toBe('');
    expect(uncaught.meta.error).toMatchObject({ type: 'Oops', message: 'no' });
    expect(uncaught.meta.error?.traceback).toMatch(/\nOops: no\n$/);

    const written = run(
      [
        ...meta,
        'import sys',
        'try:',
        '    sys.stdout.write(Oops())',
        'except TypeError as e:',
        '    said = str(e)',
        'print(said)',
      ].join('\n'),
    );
    expect(written.meta.output).toBe('write() argument must be str, not Oops\n');

    const code = [...meta, 'def boom():', '    raise Oops("cond")', 'x = 1', 'y = 2'].join('\n');
    const probes = [{ id: 'p', path: 'main.py', line: 10, condition: 'boom()' }];
    const probed = rec.record({ scenario: '', files: script(code), probes });
    expect(probed.meta.output).toBe('');
    expect(probed.meta.probes).toEqual([[expect.any(Number), 'p', 'error', 'Oops: cond']]);
  });

  it('never takes a class of the program for a library type, whatever module it puts under the library’s name', () => {
    const code = [
      'import sys, types, fractions',
      'log = []',
      'class Loud:',
      '    def __repr__(self):',
      '        log.append("repr")',
      '        return "loud"',
      '    def __format__(self, spec):',
      '        log.append("format")',
      '        return "loud"',
      'class Meta(type):',
      '    def __subclasscheck__(cls, sub):',
      '        log.append("subclasscheck")',
      '        return True',
      'class FakeEnum(metaclass=Meta):',
      '    pass',
      'class Member(FakeEnum):',
      '    def __init__(self):',
      '        self.items = []',
      'def grow(member):',
      '    member.items.append(1)',
      'real = fractions.Fraction(1, 3)',
      'odd = fractions.Fraction(2, 5)',
      'odd._numerator = Loud()  # slots a Fraction formats in its own repr',
      'for name, attr in [("fractions", "Fraction"), ("decimal", "Decimal"),',
      '                   ("datetime", "date"), ("datetime", "datetime"), ("enum", "Enum")]:',
      '    fake = types.ModuleType(name)',
      '    setattr(fake, attr, FakeEnum if name == "enum" else Loud)',
      '    sys.modules[name] = fake',
      'x = Loud()',
      'm = Member()',
      'grow(m)',
      'print(len(log), log)',
    ].join('\n');
    const shown = shownAtEndUntouched(code);
    expect(shown.real).toBe('Fraction(1, 3)');
    expect(shown.odd).toBe('<fractions.Fraction object>');
    expect(shown.x).toBe('Loud()');
    // Not taken for an enum member (never changed): the change made in `grow` shows.
    expect(shown.m).toBe('Member(items=[1])');
  });
});

describe('the recorder shows a mutation at the step it happens', () => {
  it('through a class attribute (self.tricks.append, C.registry[name] = self)', () => {
    const code = [
      'class Dog:',
      '    tricks = []',
      '    def add(self, t):',
      '        self.tricks.append(t)',
      'class C:',
      '    registry = {}',
      '    def __init__(self, name):',
      '        C.registry[name] = self',
      'shared = Dog.tricks',
      'reg = C.registry',
      'd = Dog()',
      'd.add("roll")',
      'C("a")',
      'print(shared, len(reg))',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe("['roll'] 1\n");
    expect(vars(trace, stepAt(trace, code, 'd.add("roll")')).shared).toBe('[]');
    expect(vars(trace, stepAt(trace, code, 'C("a")')).shared).toBe("['roll']");
    expect(vars(trace, stepAt(trace, code, 'C("a")')).reg).toBe('{}');
    expect(vars(trace, stepAt(trace, code, 'print(shared')).reg).toBe("{'a': C()}");
  });

  it('through the attributes of a library class or module, or of a class claiming to be one', () => {
    // A library's classes and modules are not followed into their attributes: a line that
    // changes an object read from them changes what another name may hold.
    const code = [
      'import configparser, copyreg',
      'class Registry:',
      '    __module__ = "json"  # says it is the library\'s',
      '    items = []',
      '    def add(self, v):',
      '        self.items.append(v)',
      'states = configparser.RawConfigParser.BOOLEAN_STATES',
      'table = copyreg.dispatch_table',
      'items = Registry.items',
      'def change():',
      '    configparser.RawConfigParser.BOOLEAN_STATES["maybe"] = None',
      '    copyreg.dispatch_table[range] = print',
      '    Registry.items.append(1)',
      '    Registry().add(2)',
      '    for K in [Registry]: K.items.append(3)',
      '    C = configparser.RawConfigParser',
      '    del C.BOOLEAN_STATES["maybe"]',
      '    return None',
      'change()',
      'print(len(states), range in table, items)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('8 True [1, 2, 3]\n');
    // The module's names and the sizes of what they hold, shown just before the line
    // with `text` runs.
    const shownBefore = (text: string) => vars(trace, stepAt(trace, code, text));
    const size = (name: string, text: string) => {
      const step = stepAt(trace, code, text);
      const frame = trace.stackAt(step).find((f) => trace.frames.functionOf(f) === '<module>');
      if (frame === undefined) throw new Error(`no module frame at ${text}`);
      const ref = trace.variablesAt(frame, step).find((v) => v.name === name)?.value ?? -1;
      return objectState(trace, refId(ref), step)?.size;
    };
    expect(shownBefore('change()').items).toBe('[]');
    expect(size('states', 'copyreg.dispatch_table[range]')).toBe(9);
    expect(size('table', 'Registry.items.append(1)')).toBe(
      (size('table', 'copyreg.dispatch_table[range]') ?? 0) + 1,
    );
    expect(shownBefore('Registry().add(2)').items).toBe('[1]');
    expect(shownBefore('for K in').items).toBe('[1, 2]');
    expect(shownBefore('C = configparser').items).toBe('[1, 2, 3]');
    expect(size('states', 'return None')).toBe(8);
  });

  it('through a functools.partial and a bound builtin method', () => {
    const code = [
      'from functools import partial',
      'def f():',
      '    a = []',
      '    p = partial(a.append)',
      '    p(1)',
      '    p(2)',
      '    b = []',
      '    add = b.append',
      '    add(3)',
      '    n = 0',
      '    return a, b',
      'print(f())',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('([1, 2], [3])\n');
    expect(vars(trace, stepAt(trace, code, 'p(2)'), 'f').a).toBe('[1]');
    expect(vars(trace, stepAt(trace, code, 'b = []'), 'f').a).toBe('[1, 2]');
    expect(vars(trace, stepAt(trace, code, 'n = 0'), 'f').b).toBe('[3]');
  });

  it('through map, filter, enumerate and a memoryview, consumed or written from C', () => {
    const code = [
      'log = []',
      'consumed = list(map(log.append, [1, 2]))',
      'ba = bytearray(b"abc")',
      'mv = memoryview(ba)',
      'mv[0] = 65',
      'kept = list(filter(log.append, [3]))',
      'e = enumerate([log])',
      'next(e)[1].append(4)',
      'done = True',
    ].join('\n');
    const trace = run(code);
    const at = (text: string) => vars(trace, stepAt(trace, code, text));
    expect(at('ba = bytearray').log).toBe('[1, 2]');
    expect(at('kept = ').ba).toBe("bytearray(b'Abc')");
    expect(at('e = enumerate').log).toBe('[1, 2, 3]');
    expect(at('done = True').log).toBe('[1, 2, 3, 4]');
  });

  it('through a module object: a global rebound as an attribute, in any namespace', () => {
    const code = [
      'import sys',
      'import __main__',
      'flag = "original"',
      'sys.modules["__main__"].flag = "changed"',
      'call = {"id": "x"}',
      'def hook():',
      '    __main__.call = {"id": "hijacked"}',
      'hook()',
      'done = True',
    ].join('\n');
    const trace = run(code);
    expect(vars(trace, stepAt(trace, code, 'call = {')).flag).toBe("'changed'");
    expect(vars(trace, stepAt(trace, code, 'done = True')).call).toBe("{'id': 'hijacked'}");
  });
});

describe('the recorder shows the value a builtin subclass holds', () => {
  it("shows MyInt(5) and S('hi'), not MyInt() and S()", () => {
    const code = [
      'class MyInt(int):',
      '    def __repr__(self):',
      '        print("repr of MyInt")',
      '        return "?"',
      'class S(str):',
      '    pass',
      'x = MyInt(5)',
      's = S("hi")',
      'print(x + 1, s)',
    ].join('\n');
    const trace = run(code);
    expect(trace.meta.output).toBe('6 hi\n');
    const shown = vars(trace, trace.length - 1);
    expect(shown.x).toBe('MyInt(5)');
    expect(shown.s).toBe("S('hi')");
  });
});

describe('the recorder shows what an array.array holds', () => {
  it('as its repr writes it, cut after 8 items, and changed at the step it changes', () => {
    const code = [
      'from array import array',
      'nums = array("i", [1, 2])',
      'empty = array("d")',
      'text = array("u", "hello world")',
      'big = array("q", range(100))',
      'alias = nums',
      'def grow(a):',
      '    a.append(3)',
      'grow(nums)',
      'view = memoryview(nums)',
      'view[0] = 9',
      'done = True',
    ].join('\n');
    const trace = run(code);
    const at = (text: string) => vars(trace, stepAt(trace, code, text));
    expect(at('grow(nums)').alias).toBe("array('i', [1, 2])");
    expect(at('view[0] = 9').alias).toBe("array('i', [1, 2, 3])");
    const end = at('done = True');
    expect(end.nums).toBe("array('i', [9, 2, 3])");
    expect(end.alias).toBe("array('i', [9, 2, 3])");
    expect(end.empty).toBe("array('d')");
    expect(end.text).toBe("array('u', 'hello wo'…)");
    expect(end.big).toBe("array('q', [0, 1, 2, 3, 4, 5, 6, 7, …])");
  });
});
