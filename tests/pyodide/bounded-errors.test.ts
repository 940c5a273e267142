/**
 * Bounded errors and honest output (issue 11.4, 11.5), in real Pyodide under Node:
 * tracebacks fold repeated cycles of frames (not only a repeated line), stay bounded
 * when nothing repeats, exception messages are capped, and Python's warnings (the
 * compiler's SyntaxWarning too) are printed with their place in the run's output,
 * in every run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import type { Trace } from '../../src/trace/trace';
import { script } from './helpers';

let rec: NodeRecorder;

beforeAll(async () => {
  rec = await createNodeRecorder();
});

function run(code: string): Trace {
  return rec.record({ scenario: 'x', files: script(code) });
}

const DECORATED = [
  'import functools',
  '',
  'def traced(fn):',
  '    @functools.wraps(fn)',
  '    def wrapper(*args):',
  '        return fn(*args)',
  '    return wrapper',
  '',
  '@traced',
  'def ackermann(m, n):',
  '    if m == 0:',
  '        return n + 1',
  '    return ackermann(m, n + 1)',
  '',
  'ackermann(1, 1)',
  '',
].join('\n');

describe('tracebacks', () => {
  it('fold a cycle of frames through a decorator into one block and a count', () => {
    const trace = run(DECORATED);
    const err = trace.meta.error;
    // The limit is reached in one of the cycle's two calls; which one depends on how many
    // frames the interpreter itself had on the stack, so either line is right.
    const lineOf = (text: string) => DECORATED.split('\n').findIndex((l) => l.includes(text)) + 1;
    const cycle = [lineOf('return fn(*args)'), lineOf('return ackermann(m, n + 1)')];
    expect(err).toMatchObject({ type: 'RecursionError', file: 'main.py' });
    expect(cycle).toContain(err?.line);
    const tb = err?.traceback ?? '';
    const folded = /\[… ([\d,]+) more times: wrapper → ackermann\]/.exec(tb);
    expect(folded, tb).not.toBeNull();
    // Shown once, then counted: the count plus the one shown block is every frame pair.
    const shownWrappers = tb.split('in wrapper').length - 1;
    const repeats = Number((folded?.[1] ?? '0').replaceAll(',', ''));
    expect(repeats).toBeGreaterThan(100);
    expect(shownWrappers).toBeLessThanOrEqual(2);
    expect(tb.length).toBeLessThan(2000);
    expect(tb.trimEnd().split('\n').at(-1)).toBe(
      'RecursionError: maximum recursion depth exceeded',
    );
  });

  it('still fold a single repeated frame', () => {
    const err = run('def down(n):\n    return down(n + 1)\n\ndown(0)\n').meta.error;
    expect(err?.traceback).toMatch(/\[… [\d,]+ more times: down\]/);
  });

  it('stay bounded when nothing repeats: the first and last frames, and how many were left out', () => {
    // 300 different functions calling each other: no cycle to fold.
    const defs = Array.from(
      { length: 300 },
      (_, i) => `def f${i}():\n    ${i === 299 ? 'raise ValueError("deep")' : `f${i + 1}()`}\n`,
    );
    const err = run(`${defs.join('')}\nf0()\n`).meta.error;
    const tb = err?.traceback ?? '';
    expect(err?.type).toBe('ValueError');
    expect(tb).toMatch(/\[… [\d,]+ more frames …\]/);
    expect(tb).toContain('in f0');
    expect(tb).toContain('in f299');
    expect(tb.split('\n').length).toBeLessThan(250);
  });

  it('cap a huge exception message, saying how long it was', () => {
    const err = run('raise ValueError("x" * 1_000_000)\n').meta.error;
    expect(err?.message.length).toBeLessThan(2100);
    expect(err?.message).toMatch(/… \(1,000,000 characters\)$/);
    expect(err?.traceback?.length).toBeLessThan(3000);
  });
});

describe("Python's warnings", () => {
  const CODE = [
    'def f():',
    '    try:',
    '        return 1',
    '    finally:',
    '        return 2',
    '',
    'import warnings',
    'warnings.warn("careful")',
    'print(f())',
    '',
  ].join('\n');

  it('are printed in the output with their file and line, the compiler’s too', () => {
    const out = run(CODE).meta.output;
    expect(out).toContain("main.py:5: SyntaxWarning: 'return' in a 'finally' block");
    expect(out).toContain('main.py:8: UserWarning: careful');
    expect(out.trimEnd().split('\n').at(-1)).toBe('2');
  });

  it('are printed again in the next run (no "once" carried over from an earlier run)', () => {
    const first = run(CODE).meta.output;
    const second = run(CODE).meta.output;
    expect(second).toBe(first);
  });
});
