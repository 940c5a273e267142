/**
 * The programs the bench records. Pure data (no Node or DOM imports), shared by the
 * browser bench (`scripts/bench.ts`, sent to the lab page) and the Node recorder bench
 * (`scripts/bench/recorder-node.ts`).
 *
 * The million-event program itself is a real lesson folder, `bench/lesson/` (the lab page
 * bundles it and shows it in the real panel); these are the smaller throughput programs.
 */
import type { RunFile } from '../../src/lessons/lesson.ts';

/** `n` exceptions raised in a function and caught: each is let go of as its `except` ends
 *  (recorder/letgo.py). About 7 events each. */
export function caughtProgram(n: number): string {
  return [
    'def fail(k):',
    '    raise KeyError(k)',
    '',
    'caught = 0',
    `for k in range(${n}):`,
    '    try:',
    '        fail(k)',
    '    except KeyError as e:',
    '        caught += 1',
    'print(caught)',
    '',
  ].join('\n');
}

/** A loop of `n` that starts and drops three generators each time: one runs to its end
 *  (`sum` of a generator expression), two die suspended (`next` of one, and of a `yield
 *  from` one level down), whose frames the recorder ends as they die (recorder/lifetimes.py
 *  `watch_suspended`). */
export function generatorProgram(n: number): string {
  return [
    'def inner(k):',
    '    yield k',
    '    yield k + 1',
    '',
    'def outer(k):',
    '    yield from inner(k)',
    '',
    'total = 0',
    `for k in range(${n}):`,
    '    total += sum(x for x in (k, 1))',
    '    total += next(x for x in (k, 2) if x > 1)',
    '    total += next(outer(k))',
    'print(total)',
    '',
  ].join('\n');
}

/** `n` calls of a function whose own names hold a list, a dict and a tuple it lets go of as
 *  it returns: the recorder lets go of them there too (recorder/returning.py). */
export function localsProgram(n: number): string {
  return [
    'def work(k):',
    '    pair = [k, k + 1]',
    '    row = {"k": k, "pair": pair}',
    '    key = (k, pair)',
    '    return len(row) + len(key)',
    '',
    'total = 0',
    `for k in range(${n}):`,
    '    total += work(k)',
    'print(total)',
    '',
  ].join('\n');
}

/** `n` closures made and dropped, each over a list its maker's names showed: the recorder
 *  looks at what a closure's cells held as the closure dies (recorder/cells.py). */
export function closuresProgram(n: number): string {
  return [
    'def make(k):',
    '    seen = [k]',
    '    def hook(e):',
    '        return len(seen) + e',
    '    return hook',
    '',
    'total = 0',
    `for k in range(${n}):`,
    '    h = make(k)',
    '    total += h(1)',
    'print(total)',
    '',
  ].join('\n');
}

/** {@link loopProgram} after a caught exception the program keeps: the recorder watches it
 *  for the whole run (recorder/letgo.py). */
export function keptProgram(n: number): string {
  return [
    'kept = []',
    'try:',
    '    raise KeyError(0)',
    'except KeyError as e:',
    '    kept.append(e)',
    loopProgram(n),
  ].join('\n');
}

/** `n` dicts each bound to a name as it is made, and kept in a list: the recorder numbers
 *  and watches every one (recorder/letgo.py), its worst case. About 3 events each. */
export function keptRowsProgram(n: number): string {
  return [
    'def collect(n):',
    '    rows = []',
    '    for i in range(n):',
    '        row = {"i": i, "sq": i * i}',
    '        rows.append(row)',
    '    return len(rows)',
    '',
    `print(collect(${n}))`,
    '',
  ].join('\n');
}

/**
 * Loop-heavy: one function, two int locals changing on every line. Two line events per
 * iteration, so `n` iterations ≈ `2n` events. The recorder's best case per event.
 */
export function loopProgram(n: number): string {
  return [
    'def work(n):',
    '    total = 0',
    '    for i in range(n):',
    '        total += i * i % 7',
    '    return total',
    '',
    `print(work(${n}))`,
    '',
  ].join('\n');
}

/**
 * Loop-heavy with containers: a list and a dict that change while the loop runs, the
 * shape of most teaching programs (and the recorder's expensive case: mutable values
 * must be re-checked at every event). About 4 events per iteration.
 */
export function containerProgram(n: number): string {
  return [
    'def tally(n):',
    '    seen = {}',
    '    recent = []',
    '    for i in range(n):',
    '        key = i % 5',
    '        seen[key] = seen.get(key, 0) + 1',
    '        recent.append(i)',
    '        if len(recent) > 6:',
    '            recent.pop(0)',
    '    return seen',
    '',
    `print(tally(${n}))`,
    '',
  ].join('\n');
}

/** Run `code` untraced, inside the recorder's run (so everything else is equal): the
 *  code is compiled at run time, so the recorder never instruments it. Prints the seconds
 *  the body took, as the run's only output. */
export function untracedWrapper(code: string): string {
  return [
    'import time as _t',
    `_src = ${JSON.stringify(code)}`,
    '_code = compile(_src, "<untraced>", "exec")',
    'import sys as _s, io as _io',
    '_out, _s.stdout = _s.stdout, _io.StringIO()',
    '_t0 = _t.perf_counter()',
    'exec(_code, {"__name__": "__bench__"})',
    '_t1 = _t.perf_counter()',
    '_s.stdout = _out',
    'print(repr(_t1 - _t0))',
    '',
  ].join('\n');
}

/** A one-file run. */
export function entry(code: string, path = 'main.py'): RunFile[] {
  return [{ path, code, role: 'entry' }];
}

/**
 * A loop that really grows a dict and a list (one new key and one new item per
 * iteration): about 3 events per iteration. Issue 12's "dict and list growth" row.
 */
export function growthProgram(n: number): string {
  return [
    'def grow(n):',
    '    squares = {}',
    '    seen = []',
    '    for i in range(n):',
    '        squares[i] = i * i',
    '        seen.append(i)',
    '    return len(squares) + len(seen)',
    '',
    `print(grow(${n}))`,
    '',
  ].join('\n');
}

/** A module of `lines` top-level statements (constants, small functions, a table). */
export function bigModule(lines: number): string {
  const out: string[] = ['TABLE = {}'];
  for (let i = 1; out.length < lines; i++) {
    if (i % 10 === 0) out.push(`def f${i}(x):`, `    return x + ${i}`);
    else if (i % 7 === 0) out.push(`TABLE[${i}] = len(TABLE) * 2`);
    else out.push(`C${i} = ${i}`);
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}

/** The sizes, in events, at which issue 12's recorder rows are measured. */
export const PER_EVENT_SIZES = [1_000, 10_000, 100_000, 1_000_000] as const;

/** Issue 12's two programs, sized to about `events` events: a loop on ints, or a loop
 *  growing a dict and a list. */
export function perEventProgram(program: 'ints' | 'growth', events: number): string {
  return program === 'ints' ? loopProgram(events / 2) : growthProgram(Math.round(events / 3));
}
