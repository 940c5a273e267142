import { beforeAll, describe, expect, it } from 'vitest';
import { traceFromRecording } from '../../src/runtime/decode';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { lineHits } from '../../src/runtime/summary';
import { graphAt } from '../../src/trace/graph';
import { EventKind } from '../../src/trace/meta';
import { resolveAt, textAt } from '../../src/trace/values';
import { lineSteps, script, varsAt } from './helpers';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

describe('the recorder', () => {
  it('records call, line, return and exception events of lesson code only', () => {
    const trace = rec.record({
      scenario: 'x',
      files: script(
        'import copy\ndef f(d):\n    c = copy.deepcopy(d)\n    return c\nf({"a": 1})\ntry:\n    int("x")\nexcept ValueError:\n    pass\n',
      ),
    });
    expect(trace.meta.outcome).toBe('completed');
    const kinds = Array.from(trace.kind);
    expect(kinds).toContain(EventKind.Call);
    expect(kinds).toContain(EventKind.Return);
    expect(kinds).toContain(EventKind.Exception);
    // copy.deepcopy's own frames are never recorded
    expect(trace.frames.toArray().map((f) => f[0])).toEqual(['<module>', 'f']);
    expect(new Set(trace.meta.files)).toEqual(new Set(['main.py']));
  });

  it("records a generator's yields as yields, each with its value, and its end as a return", () => {
    const trace = rec.record({
      scenario: '',
      files: script(
        'def gen(n):\n    for i in range(n):\n        yield [i]\n    return "done"\ng = gen(2)\na = list(g)\n',
      ),
    });
    expect(trace.meta.outcome).toBe('completed');
    const ofGen = [...Array(trace.length).keys()].filter((e) => trace.functionOf(e) === 'gen');
    const handed = ofGen
      .filter((e) => trace.kind[e] === EventKind.Yield || trace.kind[e] === EventKind.Return)
      .map((e) => [trace.kind[e], trace.line[e], textAt(trace, trace.aux[e], e)]);
    expect(handed).toEqual([
      [EventKind.Yield, 3, '[0]'],
      [EventKind.Yield, 3, '[1]'],
      [EventKind.Return, 4, "'done'"],
    ]);
  });

  it('writes each column padded to 4 bytes, so a trace of either parity is read in place', () => {
    const parities = new Set<number>();
    // One more statement at the top makes one more event: the two runs differ in parity.
    for (const [top, body] of [
      ['', 2],
      ['y = 0\n', 3],
    ] as const) {
      const { meta, buffer } = rec.recordRaw({
        scenario: '',
        files: script(`${top}for i in range(3):\n    x = i\n`),
      });
      const trace = traceFromRecording(meta, buffer);
      parities.add(trace.length % 2);
      // Each column's bytes, then zeros up to a multiple of 4: computed here from the
      // lengths alone, not by the reader.
      const padded = trace.meta.columns.reduce(
        (sum, [, size, length]) => sum + Math.ceil((size * length) / 4) * 4,
        0,
      );
      expect(buffer.byteLength).toBe(padded);
      for (const col of [trace.kind, trace.file, trace.line, trace.depth, trace.deltaValue])
        expect(col.buffer).toBe(buffer);
      expect(Array.from(trace.line).filter((l) => l === body)).toHaveLength(3);
    }
    expect(parities).toEqual(new Set([0, 1]));
  });

  it('marks the body of a class statement, and only it, as a class body', () => {
    const trace = rec.record({
      scenario: '',
      files: script(
        'class Store(list):\n    def append(self, x):\n        super().append(x)\ns = Store()\ns.append(1)\nn = sum(i for i in s)\nf = lambda: [j for j in s]\nf()\n',
      ),
    });
    expect(trace.meta.outcome).toBe('completed');
    const frames = trace.frames
      .toArray()
      .map((_, f) => [trace.frames.functionOf(f), trace.frames.isClassBody(f)]);
    expect(frames).toEqual([
      ['<module>', false],
      ['Store', true],
      ['append', false],
      ['<genexpr>', false],
      ['<lambda>', false],
    ]);
  });

  it("names a frame's parameters in its signature's order, *args before keyword-only ones", () => {
    const trace = rec.record({
      scenario: '',
      files: script(
        'def inner(a, /, b, *rest, k, m=2, **kw):\n    total = a + k\n    return total\ninner(1, 2, 3, 4, k=5, z=6)\ndef plain(x, *ys, **kw):\n    return x\nplain(1, 2)\n',
      ),
    });
    expect(trace.meta.outcome).toBe('completed');
    const at = (name: string) => {
      const f = trace.frames.toArray().findIndex((row) => row[0] === name);
      const first = trace.frames.firstEventOf(f);
      const shown = graphAt(trace, first).frames.find((g) => g.frameId === f);
      return {
        names: trace.frameNames(f).map((n) => trace.meta.names[n]),
        args: shown?.args.map((a) => `${a.name}=${a.value.kind === 'atom' ? a.value.text : 'ref'}`),
      };
    };
    // CPython's own order is a, b, k, m, rest, kw
    expect(at('inner')).toEqual({
      names: ['a', 'b', 'rest', 'k', 'm', 'kw', 'total'],
      args: ['a=1', 'b=2', 'rest=ref', 'k=5', 'm=2', 'kw=ref'],
    });
    expect(at('plain').names).toEqual(['x', 'ys', 'kw']);
  });

  it('stores variable changes and reconstructs the locals at every event', () => {
    const trace = rec.record({
      scenario: '',
      files: script('def g():\n    x = 1\n    x = x + 1\n    y = [x]\n    return y\ng()\n'),
    });
    const gFrame = trace.frames.toArray().findIndex((f) => f[0] === 'g');
    const lineEvents = [...Array(trace.length).keys()].filter(
      (e) => trace.frame[e] === gFrame && trace.kind[e] === EventKind.Line,
    );
    const at = (e: number) =>
      Object.fromEntries(
        trace.variablesAt(gFrame, e).map((v) => [v.name, textAt(trace, v.value, e)]),
      );
    expect(at(lineEvents[0])).toEqual({});
    expect(at(lineEvents[1])).toEqual({ x: '1' });
    expect(at(lineEvents[2])).toEqual({ x: '2' });
    expect(at(lineEvents[3])).toEqual({ x: '2', y: '[2]' });
    const ret = [...Array(trace.length).keys()].find(
      (e) => trace.kind[e] === EventKind.Return && trace.frame[e] === gFrame,
    ) as number;
    expect(textAt(trace, trace.aux[ret], ret)).toBe('[2]');
  });

  it('gives one object the same id under two names and a deep copy a different id', () => {
    const trace = rec.record({
      scenario: '',
      files: script('import copy\na = {"k": [1]}\nb = a\nc = copy.deepcopy(a)\npass\n'),
    });
    const last = trace.length - 1;
    const vars = Object.fromEntries(
      trace.variablesAt(0, last).map((v) => [v.name, resolveAt(trace, v.value, last)]),
    );
    expect(vars.a.id).toBeGreaterThan(0);
    expect(vars.b.id).toBe(vars.a.id);
    expect(vars.c.id).not.toBe(vars.a.id);
    expect(vars.c.text).toBe(vars.a.text);
    // the deep copy's inner list is another object too
    const inner = (v: { children: [string, number][] }) => resolveAt(trace, v.children[0][1], last);
    expect(inner(vars.c).id).not.toBe(inner(vars.a).id);
  });

  it('shows every int exactly as Python writes it, whether the table holds it as a number or as a node', () => {
    // Inside ±(2**53 - 1) an int is written as a JSON number (format 3), past it as text;
    // a list shows its items from the same table entries (six: a longer text is cut).
    const ints = [
      '0',
      '-7',
      '2 ** 53 - 1',
      '-(2 ** 53 - 1)',
      '2 ** 53',
      '2 ** 53 + 1',
      '-(2 ** 53) - 1',
      '2 ** 64 - 1',
      '2 ** 64',
      '10 ** 30',
    ];
    const trace = rec.record({
      scenario: '',
      files: script(
        `xs = [${ints.join(', ')}]\n${ints.map((x, i) => `v${i} = ${x}\n`).join('')}few = xs[:6]\nprint(*map(repr, xs), repr(few), sep="\\n")\n`,
      ),
    });
    expect(trace.meta.outcome).toBe('completed');
    const printed = trace.meta.output.trim().split('\n');
    const last = trace.length - 1;
    const shown = Object.fromEntries(
      trace.variablesAt(0, last).map((v) => [v.name, textAt(trace, v.value, last)]),
    );
    expect(ints.map((_, i) => shown[`v${i}`])).toEqual(printed.slice(0, ints.length));
    expect(shown.few).toBe(printed[ints.length]);
    expect(printed[3]).toBe('-9007199254740991');
    expect(printed[5]).toBe('9007199254740993'); // a double would read ...992
  });

  it("shows every int a function's local takes exactly, each line recorded by the LINE callback", () => {
    // A function frame's ordinary next line is recorded in place (events.py), its new ints
    // through Values.new_int: the same texts as the module's, at every step of the loop.
    const ints = [
      '0',
      '2 ** 53 - 1',
      '-(2 ** 53 - 1)',
      '2 ** 53',
      '-(2 ** 53) - 1',
      '2 ** 64 - 1',
      '2 ** 64',
      '-(10 ** 30)',
      '0',
    ];
    const code = `xs = [${ints.join(', ')}]\ndef walk(xs):\n    for x in xs:\n        pass\nwalk(xs)\nprint(*map(repr, xs), sep="\\n")\n`;
    const trace = rec.record({ scenario: '', files: script(code) });
    expect(trace.meta.outcome).toBe('completed');
    const printed = trace.meta.output.trim().split('\n');
    const seen = lineSteps(trace, code, '        pass').map((e) => varsAt(trace, e, 'walk').x);
    expect(seen).toEqual(printed);
  });

  it('keeps output once, with each event pointing at how much existed', () => {
    const trace = rec.record({
      scenario: '',
      files: script('print("a", end="")\nprint("b")\nprint("中文")\nx = 1\n'),
    });
    expect(trace.meta.output).toBe('ab\n中文\n');
    expect(trace.outputAt(0)).toBe('');
    expect(trace.outputAt(trace.length - 1)).toBe('ab\n中文\n');
    const line3 = [...Array(trace.length).keys()].find(
      (e) => trace.kind[e] === EventKind.Line && trace.line[e] === 3,
    ) as number;
    expect(trace.outputAt(line3)).toBe('ab\n');
  });

  it('reports a syntax error with the file, line and column', () => {
    const trace = rec.record({
      scenario: '',
      files: [
        { path: 'setup.py', role: 'setup', code: 'x = 1\ny = (2\n' },
        { path: 'main.py', role: 'entry', code: 'print(x)\n' },
      ],
    });
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({ type: 'SyntaxError', file: 'setup.py', line: 2 });
    expect(trace.meta.error?.column).toBeGreaterThan(0);
    expect(trace.length).toBe(0);
  });

  it('reports an uncaught exception with a traceback of lesson frames and keeps the trace up to the raise', () => {
    const trace = rec.record({
      scenario: '',
      files: script('def boom():\n    raise KeyError("k")\nx = 1\nboom()\n'),
    });
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error).toMatchObject({ type: 'KeyError', file: 'main.py', line: 2 });
    expect(trace.meta.error?.traceback).toContain('raise KeyError("k")');
    expect(trace.meta.error?.traceback).not.toContain('wpt_recorder');
    expect(lineHits(trace, 'main.py', 2)).toBe(1);
  });

  it('stops an endless loop at the time budget and keeps the partial trace', () => {
    const trace = rec.record({
      scenario: '',
      budget: { maxSeconds: 0.3 },
      files: script('n = 0\nwhile True:\n    n += 1\n'),
    });
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error?.reason).toBe('seconds');
    expect(trace.length).toBeGreaterThan(100);
    expect(trace.meta.elapsedMs).toBeLessThan(2000);
  });

  it('stops at the event budget even if the code catches BaseException', () => {
    const trace = rec.record({
      scenario: '',
      budget: { maxEvents: 500 },
      files: script(
        'while True:\n    try:\n        pass\n    except BaseException:\n        pass\n',
      ),
    });
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error?.reason).toBe('events');
    expect(trace.length).toBe(500);
  });

  it('refuses every module that can reach the network', () => {
    for (const mod of ['js', 'pyodide.http', 'pyodide.code', 'urllib.request', 'socket']) {
      const trace = rec.record({ scenario: '', files: script(`import ${mod}\n`) });
      expect(trace.meta.outcome, mod).toBe('error');
      expect(trace.meta.error?.message, mod).toContain('cannot reach the network');
    }
    // and the interpreter still works afterwards
    const ok = rec.record({ scenario: '', files: script('import json\nprint(json.dumps([1]))\n') });
    expect(ok.meta.output).toBe('[1]\n');
  });

  it('caps huge output and huge or self-referential values with notices', () => {
    const trace = rec.record({
      scenario: '',
      budget: { maxSeconds: 10 },
      files: script('print("x" * 3_000_000)\na = []\na.append(a)\nbig = list(range(10**5))\n'),
    });
    expect(trace.meta.outcome).toBe('completed');
    expect(trace.meta.output.length).toBeLessThanOrEqual(1_000_000);
    expect(trace.meta.notices.map((n) => n.kind)).toContain('output');
    const end = trace.length - 1;
    const vars = Object.fromEntries(
      trace.variablesAt(0, end).map((v) => [v.name, resolveAt(trace, v.value, end)]),
    );
    expect(vars.a.text).toContain('[...]');
    expect(vars.big.text.length).toBeLessThan(200);
    expect(vars.big.size).toBe(100000);
  });

  it('turns RecursionError into an ordinary error result', () => {
    const trace = rec.record({
      scenario: '',
      budget: { maxEvents: 2_000_000, maxSeconds: 10 },
      files: script('def r(n):\n    return r(n + 1)\nr(0)\n'),
    });
    expect(trace.meta.outcome).toBe('error');
    expect(trace.meta.error?.type).toBe('RecursionError');
  });

  it('evaluates breakpoint conditions and logpoints in the recorded frame', () => {
    const trace = rec.record({
      scenario: '',
      files: script('total = 0\nfor i in range(4):\n    total += i\n'),
      probes: [
        { id: 'c', path: 'main.py', line: 3, condition: 'i == 2' },
        { id: 'l', path: 'main.py', line: 3, log: 'i={i} total={total}' },
        { id: 'e', path: 'main.py', line: 3, condition: 'nope' },
      ],
    });
    const results = trace.meta.probes;
    expect(results.filter((p) => p[1] === 'c').map((p) => p[3])).toEqual(['', '', '1', '']);
    expect(results.filter((p) => p[1] === 'l').map((p) => p[3])).toEqual([
      'i=0 total=0',
      'i=1 total=0',
      'i=2 total=1',
      'i=3 total=3',
    ]);
    expect(
      results
        .filter((p) => p[1] === 'e')
        .every((p) => p[2] === 'error' && p[3].startsWith('NameError')),
    ).toBe(true);
  });

  it('runs a log message only where it is shown: its condition held, at its hit count', () => {
    // The messages change the list: evaluated anywhere else, they would record a run the
    // program does not make (the list growing on hits the reader asked to skip).
    const trace = rec.record({
      scenario: '',
      files: script('acc = []\nfor v in [1, 2, 3, 4]:\n    acc.append(v)\nprint(acc)\n'),
      probes: [
        { id: 'never', path: 'main.py', line: 3, condition: 'False', log: '{acc.append(99)}' },
        { id: 'odd', path: 'main.py', line: 3, condition: 'v % 2', log: '{acc.append(-v)}' },
        { id: 'third', path: 'main.py', line: 3, hitCount: 3, log: '{acc.append(30)}' },
      ],
    });
    expect(trace.meta.output).toBe('[-1, 1, 2, -3, 30, 3, 4]\n');
    const logged = (id: string) => trace.meta.probes.filter((p) => p[1] === id && p[2] === 'log');
    expect(logged('never')).toEqual([]);
    expect(logged('odd').map((p) => p[0])).toHaveLength(2);
    expect(logged('third')).toHaveLength(1);
  });

  it("writes a log message as an f-string's body: conversions, format specs, {x=} and {{ }}", () => {
    const trace = rec.record({
      scenario: '',
      files: script('answer = "yes"\nn = 3.14159\nd = {"k": [1, 2]}\nprint("end")\n'),
      probes: [
        { id: 'a', path: 'main.py', line: 4, log: 'a={answer} r={answer!r} {answer=}' },
        { id: 'b', path: 'main.py', line: 4, log: '{n:.2f} {d["k"][1:]} {{x}} {len(d):>3}' },
        { id: 'c', path: 'main.py', line: 4, log: 'bad {n' },
      ],
    });
    const text = (id: string) => trace.meta.probes.find((p) => p[1] === id)?.slice(2);
    expect(text('a')).toEqual(['log', "a=yes r='yes' answer='yes'"]);
    expect(text('b')).toEqual(['log', '3.14 [2] {x}   1']);
    expect(text('c')).toEqual(['error', "SyntaxError: f-string: expecting '}'"]);
  });

  it('gives the same trace for the same run (deterministic reprs, no addresses)', () => {
    const files = script('class A:\n    pass\ndef f():\n    return A()\nx = f\ny = f()\n');
    const a = rec.record({ scenario: '', files });
    const b = rec.record({ scenario: '', files });
    expect(JSON.stringify(a.values.toArray())).toBe(JSON.stringify(b.values.toArray()));
    expect(JSON.stringify(a.values.toArray())).not.toMatch(/0x[0-9a-f]{4,}/);
  });
});
