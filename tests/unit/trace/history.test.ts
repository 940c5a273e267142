import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divergence, panelDivergence } from '../../../src/trace/divergence.ts';
import { historyOf, lastChange, lineThatRan, objectHistory } from '../../../src/trace/history.ts';
import { EventKind } from '../../../src/trace/meta.ts';
import { slotOf, textAt } from '../../../src/trace/values.ts';
import { traceSpecArb } from '../replay/arbitraries.ts';
import {
  ALIASED_LIST,
  buildTrace,
  type FixtureEvent,
  type FixtureObject,
  type FixtureSpec,
  type FixtureValue,
} from '../replay/fixtures.ts';

describe('historyOf', () => {
  const t = buildTrace(ALIASED_LIST);

  it('lists the assignment and the change of the object through another name, with lines', () => {
    expect(historyOf(t, 7, 0, 'x').map((h) => [h.step, h.kind, h.line, h.text])).toEqual([
      [2, 'assigned', 5, '[]'],
      [6, 'changed', 2, '[1]'],
    ]);
  });

  it('stops at the step asked for, and ends with a rebinding', () => {
    expect(historyOf(t, 5, 0, 'x').map((h) => h.step)).toEqual([2]);
    expect(historyOf(t, 8, 0, 'x').map((h) => [h.step, h.kind, h.text])).toEqual([
      [2, 'assigned', '[]'],
      [6, 'changed', '[1]'],
      [8, 'assigned', "'done'"],
    ]);
  });

  it('is empty for a name the frame never binds', () => {
    expect(historyOf(t, 8, 0, 'nope')).toEqual([]);
  });

  it('keeps the most recent entries when limited', () => {
    expect(historyOf(t, 8, 0, 'x', 2).map((h) => h.step)).toEqual([6, 8]);
  });
});

/**
 * In f, `hooks = {'before': chain}` where chain = ['first'] (line 5); g appends 'late' to
 * the chain (line 2) through another name; then f replaces the chain (line 8), and g
 * changes the old chain again, which `hooks` no longer shows (line 2 again).
 */
const NESTED: FixtureSpec = {
  frames: [
    { fn: 'f', file: 'main.py' },
    { fn: 'g', file: 'other.py', parent: 0, params: 1 },
    { fn: 'g', file: 'other.py', parent: 0, params: 1 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 4 },
    { kind: 'line', frame: 0, line: 5 },
    {
      kind: 'line',
      frame: 0,
      line: 6,
      vars: { hooks: { ref: 1 } },
      objects: {
        1: { kind: 'dict', entries: [["'before'", { ref: 2 }]] },
        2: { kind: 'list', entries: [['0', "'first'"]] },
      },
    },
    { kind: 'call', frame: 1, line: 1, vars: { chain: { ref: 2 } } },
    { kind: 'line', frame: 1, line: 2 },
    {
      kind: 'return',
      frame: 1,
      line: 2,
      objects: {
        2: {
          kind: 'list',
          entries: [
            ['0', "'first'"],
            ['1', "'late'"],
          ],
        },
      },
    },
    { kind: 'line', frame: 0, line: 7 },
    {
      kind: 'line',
      frame: 0,
      line: 8,
      objects: {
        1: { kind: 'dict', entries: [["'before'", { ref: 3 }]] },
        3: { kind: 'list', entries: [] },
      },
    },
    { kind: 'call', frame: 2, line: 1, vars: { chain: { ref: 2 } } },
    { kind: 'line', frame: 2, line: 2 },
    { kind: 'return', frame: 2, line: 2, objects: { 2: { kind: 'list', entries: [] } } },
    { kind: 'line', frame: 0, line: 9 },
  ],
};

describe('the history of a name holding objects inside objects', () => {
  const t = buildTrace(NESTED);
  it('lists a change of an object inside, made through another name in another file', () => {
    const rows = historyOf(t, 11, 0, 'hooks').map((h) => [h.step, h.kind, h.file, h.line, h.text]);
    expect(rows).toEqual([
      [2, 'assigned', 'main.py', 5, "{'before': ['first']}"],
      [5, 'changed', 'other.py', 2, "{'before': ['first', 'late']}"],
      [7, 'changed', 'main.py', 7, "{'before': []}"],
    ]);
  });
  it('leaves out changes of an object that is no longer inside', () => {
    expect(historyOf(t, 11, 0, 'hooks').map((h) => h.step)).not.toContain(10);
    expect(lastChange(t, 11, 0, 'hooks')).toBe(7);
    expect(lastChange(t, 6, 0, 'hooks')).toBe(5);
    expect(lastChange(t, 4, 0, 'hooks')).toBe(2);
  });
  it('changes its text only at a step it lists', () => {
    const steps = new Set(historyOf(t, 11, 0, 'hooks').map((h) => h.step));
    const text = (e: number) => {
      const v = t.variablesAt(0, e).find((x) => x.name === 'hooks');
      return v ? textAt(t, v.value, e) : '';
    };
    for (let e = 3; e < t.length; e++) if (text(e) !== text(e - 1)) expect(steps).toContain(e);
  });
});

describe('the history of a long linked list', () => {
  it('follows the nodes as deep as they go (a change 15 nodes down is found)', () => {
    // head = Node(0, Node(1, … Node(19))); then the 16th node's value is set to 'X'.
    const N = 20;
    const nodes: Record<number, FixtureObject> = {};
    for (let i = 0; i < N; i++) {
      const entries: [string, Exclude<FixtureValue, null>][] = [['v', String(i)]];
      if (i + 1 < N) entries.push(['next', { ref: i + 2 }]);
      nodes[i + 1] = { kind: 'instance', type: 'Node', entries };
    }
    const t = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        { kind: 'line', frame: 0, line: 1 },
        { kind: 'line', frame: 0, line: 2, vars: { head: { ref: 1 } }, objects: nodes },
        { kind: 'line', frame: 0, line: 3 },
        {
          kind: 'line',
          frame: 0,
          line: 4,
          objects: {
            16: {
              kind: 'instance',
              type: 'Node',
              entries: [
                ['v', "'X'"],
                ['next', { ref: 17 }],
              ],
            },
          },
        },
        { kind: 'line', frame: 0, line: 5 },
      ],
    });
    expect(lastChange(t, 4, 0, 'head')).toBe(3);
    expect(historyOf(t, 4, 0, 'head').map((h) => [h.step, h.kind])).toEqual([
      [1, 'assigned'],
      [3, 'changed'],
    ]);
  });
});

describe('lastChange', () => {
  const t = buildTrace(ALIASED_LIST);
  it('is the assignment or the later change of the object held', () => {
    expect(lastChange(t, 5, 0, 'x')).toBe(2);
    expect(lastChange(t, 7, 0, 'y')).toBe(6);
    expect(lastChange(t, 8, 0, 'x')).toBe(8);
    expect(lastChange(t, 1, 0, 'x')).toBeNull();
  });
});

describe('objectHistory and lineThatRan', () => {
  const t = buildTrace(ALIASED_LIST);
  it("lists an object's states whatever name changed it", () => {
    expect(objectHistory(t, 1, 8).map((h) => [h.step, h.kind, h.text])).toEqual([
      [2, 'assigned', '[]'],
      [6, 'changed', '[1]'],
    ]);
  });
  it("names the caller's line for a call and the frame's previous line otherwise", () => {
    expect(lineThatRan(t, 4)).toEqual({ file: 'main.py', line: 7 });
    expect(lineThatRan(t, 6)).toEqual({ file: 'main.py', line: 2 });
    expect(lineThatRan(t, 0)).toBeNull();
  });
});

describe('histories agree with the state (random traces)', () => {
  it('the last entry of every name at every event holds what the name holds there', () => {
    fc.assert(
      fc.property(traceSpecArb, (s) => {
        const tr = buildTrace(s);
        for (let e = 0; e < tr.length; e++) {
          for (const f of tr.stackAt(e)) {
            for (const v of tr.variablesAt(f, e)) {
              const h = historyOf(tr, e, f, v.name);
              expect(h.at(-1)?.value).toEqual(slotOf(tr, v.value));
              expect(lastChange(tr, e, f, v.name)).toBe(h.at(-1)?.step);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

function branchy(flag: string, taken: number): FixtureSpec {
  const events: FixtureEvent[] = [
    { kind: 'call', frame: 0, line: 1 },
    { kind: 'line', frame: 0, line: 2, vars: { flag } },
    { kind: 'line', frame: 0, line: 3 },
    { kind: 'line', frame: 0, line: taken },
    { kind: 'return', frame: 0, line: taken, value: 'None' },
  ];
  return { frames: [{ fn: 'run', file: 'hooks.py' }], events };
}

describe('divergence', () => {
  /** A side of a divergence at a line event (not a class body). */
  const lineSide = (step: number, line: number, file = 'hooks.py', fn = 'run') => ({
    step,
    file,
    line,
    function: fn,
    kind: EventKind.Line,
    classBody: false,
  });

  it('finds the first step whose line differs, the branch before it and the values that differed', () => {
    const d = divergence(buildTrace(branchy('True', 4)), buildTrace(branchy('False', 6)));
    expect(d).toEqual({
      a: lineSide(3, 4),
      b: lineSide(3, 6),
      from: { file: 'hooks.py', line: 3, function: 'run' },
      values: [{ function: 'run', name: 'flag', a: 'True', b: 'False' }],
    });
  });

  it('lists a name bound on one side only, whichever side it is', () => {
    const only = (name: string, flag: string, taken: number): FixtureSpec => {
      const spec = branchy(flag, taken);
      spec.events[1] = { ...spec.events[1], vars: { flag, [name]: '1' } };
      return spec;
    };
    const a = buildTrace(only('in_a', 'True', 4));
    const b = buildTrace(only('in_b', 'False', 6));
    const byName = (d: ReturnType<typeof divergence>) =>
      Object.fromEntries((d?.values ?? []).map((v) => [v.name, [v.a, v.b]]));
    expect(byName(divergence(a, b))).toEqual({
      flag: ['True', 'False'],
      in_a: ['1', null],
      in_b: [null, '1'],
    });
    expect(byName(divergence(b, a))).toEqual({
      flag: ['False', 'True'],
      in_a: [null, '1'],
      in_b: ['1', null],
    });
  });

  it('is null for two runs of the same path', () => {
    expect(divergence(buildTrace(branchy('True', 4)), buildTrace(branchy('False', 4)))).toBeNull();
  });

  /** A run of `script` (its own file, `lines` line events), then the shared `run()`. */
  const withScript = (script: string, lines: number, flag: string, taken: number): FixtureSpec => {
    const run = branchy(flag, taken);
    const events: FixtureEvent[] = [
      { kind: 'call', frame: 1, line: 1 },
      ...Array.from(
        { length: lines },
        (_, k): FixtureEvent => ({ kind: 'line', frame: 1, line: k + 1 }),
      ),
      ...run.events.map((e) => ({ ...e, depth: 1 })),
    ];
    return {
      frames: [
        { fn: 'run', file: 'hooks.py', parent: 1 },
        { fn: '<module>', file: script },
      ],
      events,
    };
  };

  it("passes over the scenarios' own scripts, comparing each run at its own step", () => {
    const a = buildTrace(withScript('scenarios/a.py', 1, 'True', 4));
    const b = buildTrace(withScript('scenarios/b.py', 3, 'False', 6));
    // Without skipping, the runs part at once, at the scripts' first line.
    expect(divergence(a, b)?.a).toMatchObject({ step: 0, file: 'scenarios/a.py', line: 1 });
    const d = divergence(a, b, new Set(['scenarios/a.py', 'scenarios/b.py']));
    expect(d).toEqual({
      a: lineSide(2 + 3, 4),
      b: lineSide(4 + 3, 6),
      from: { file: 'hooks.py', line: 3, function: 'run' },
      values: [{ function: 'run', name: 'flag', a: 'True', b: 'False' }],
    });
    // The same path after different scripts is the same path.
    const same = buildTrace(withScript('scenarios/b.py', 2, 'False', 4));
    expect(divergence(a, same, new Set(['scenarios/a.py', 'scenarios/b.py']))).toBeNull();
  });

  /** run() in hooks.py calls a hook in setup.py that takes line `hookLine`, then run() goes to `taken`. */
  const viaHook = (hookLine: number, taken: number): FixtureSpec => ({
    frames: [
      { fn: 'run', file: 'hooks.py' },
      { fn: 'hook', file: 'setup.py', parent: 0 },
    ],
    events: [
      { kind: 'call', frame: 0, line: 1 },
      { kind: 'line', frame: 0, line: 2 },
      { kind: 'call', frame: 1, line: 1 },
      { kind: 'line', frame: 1, line: hookLine },
      { kind: 'return', frame: 1, line: hookLine, value: String(hookLine) },
      { kind: 'line', frame: 0, line: 3, vars: { answer: String(hookLine) } },
      { kind: 'line', frame: 0, line: taken },
      { kind: 'return', frame: 0, line: taken, value: 'None' },
    ],
  });

  it('for a panel, compares the runs through its own file first, then anywhere but the scripts', () => {
    const a = buildTrace(viaHook(2, 4));
    const b = buildTrace(viaHook(3, 6));
    // Anywhere, they part inside the hook, in setup.py.
    expect(divergence(a, b)?.a).toMatchObject({ file: 'setup.py', line: 2 });
    // Through hooks.py they part after line 3, where run() holds the hook's answer.
    expect(panelDivergence(a, b, 'hooks.py', [])).toEqual({
      a: lineSide(6, 4),
      b: lineSide(6, 6),
      from: { file: 'hooks.py', line: 3, function: 'run' },
      values: [{ function: 'run', name: 'answer', a: '2', b: '3' }],
      // ...and it says that they already parted inside the hook, before that
      earlier: {
        a: lineSide(3, 2, 'setup.py', 'hook'),
        b: lineSide(3, 3, 'setup.py', 'hook'),
      },
    });
    // The same path through hooks.py: where they differ elsewhere is what is shown.
    const c = buildTrace(viaHook(3, 4));
    expect(panelDivergence(a, c, 'hooks.py', [])).toMatchObject({
      a: { file: 'setup.py', line: 2 },
      samePathIn: 'hooks.py',
    });
    expect(panelDivergence(a, a, 'hooks.py', [])).toBeNull();
  });

  it('reports the end of the shorter run when one stops earlier', () => {
    const long = branchy('True', 4);
    const short = { ...long, events: long.events.slice(0, 3) };
    const d = divergence(buildTrace(long), buildTrace(short));
    expect(d?.a.step).toBe(3);
    expect(d?.b).toEqual({
      step: 3,
      file: '',
      line: 0,
      function: '',
      kind: null,
      classBody: false,
    });
  });
});
