/**
 * Which lines the code view shows and how tall its box is (src/store/codeLines.ts), and
 * what the editor holds for a view (src/ui/codeModel.ts).
 */
import { describe, expect, it } from 'vitest';
import { lineCount, tallestSoFar } from '../../../src/store/codeLines';
import { modelOf } from '../../../src/ui/codeModel';
import { buildTrace, NE, nestedCallSpec, nestedCallTrace } from '../replay/fixtures';

const LIB = Array.from({ length: 12 }, (_, i) => `lib ${i + 1}`).join('\n');
const MAIN = Array.from({ length: 6 }, (_, i) => `main ${i + 1}`).join('\n');
const F = { start: 5, end: 9 };

describe('tallestSoFar', () => {
  const files = { 'lib.py': LIB, 'main.py': MAIN };
  const at = (trace: ReturnType<typeof nestedCallTrace>, fs: Record<string, string>) =>
    Array.from({ length: trace.length }, (_, i) =>
      tallestSoFar(trace, { file: 'lib.py', fn: 'f', ...F }, fs, i),
    );

  it('grows from the first event of the focus, when execution first reaches a longer view, never shrinking', () => {
    const trace = nestedCallTrace();
    // The walk starts at f's call (the module's first lines before it do not count); lib.py
    // outside f (12 lines) from g's first call; main.py (6) afterwards is shorter.
    expect(at(trace, files)).toEqual(
      Array.from({ length: trace.length }, (_, i) => (i < NE.callG1 ? 5 : 12)),
    );
    // A longer entry file wins from the first time execution is back in it; a file the
    // panel cannot show counts as the focus (5 lines).
    const longMain = `${MAIN}\n${MAIN}\n${MAIN}`;
    expect(at(trace, { 'lib.py': LIB, 'main.py': longMain })).toEqual(
      Array.from({ length: trace.length }, (_, i) =>
        i < NE.callG1 ? 5 : i < NE.returnF + 1 ? 12 : 18,
      ),
    );
    expect(at(trace, { 'lib.py': LIB })).toEqual(
      Array.from({ length: trace.length }, (_, i) => (i < NE.callG1 ? 5 : 12)),
    );
  });

  it('is the focus when execution never leaves it', () => {
    const spec = nestedCallSpec();
    // Only f's own events, between its call and its first call of g.
    const trace = buildTrace({ ...spec, events: spec.events.slice(NE.callF, NE.fBody0 + 1) });
    expect(trace.length).toBeGreaterThan(1);
    expect(new Set(at(trace, files))).toEqual(new Set([5]));
  });

  it('answers per focus and per files for the same trace', () => {
    const trace = nestedCallTrace();
    const end = trace.length - 1;
    expect(tallestSoFar(trace, { file: 'lib.py', fn: 'f', ...F }, files, end)).toBe(12);
    // With all of lib.py as the focus, only main.py is elsewhere: still 12 (the focus).
    expect(tallestSoFar(trace, { file: 'lib.py', fn: 'f', start: 1, end: 12 }, files, end)).toBe(
      12,
    );
    // With no file the panel can show, everything elsewhere counts as the focus.
    expect(tallestSoFar(trace, { file: 'lib.py', fn: 'f', start: 1, end: 3 }, {}, end)).toBe(3);
    expect(tallestSoFar(trace, { file: 'lib.py', fn: 'f', ...F }, files, end)).toBe(12);
  });
});

describe('lineCount', () => {
  it('counts the empty line after a final newline, as the code view numbers it', () => {
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(3);
  });
});

describe('modelOf', () => {
  const file = 'l1\nl2\nl3\nl4\nl5';
  it('holds the whole file and hides the lines around the shown ones', () => {
    expect(modelOf('l2\nl3', 2, file)).toEqual({
      text: file,
      base: 1,
      hidden: [
        { startLineNumber: 1, endLineNumber: 1 },
        { startLineNumber: 4, endLineNumber: 5 },
      ],
    });
    expect(modelOf('l1\nl2', 1, file).hidden).toEqual([{ startLineNumber: 3, endLineNumber: 5 }]);
    expect(modelOf('l4\nl5', 4, file).hidden).toEqual([{ startLineNumber: 1, endLineNumber: 3 }]);
    expect(modelOf(file, 1, file).hidden).toEqual([]);
  });

  it('holds the shown text alone when there is no file (a draft), numbered from its first line', () => {
    expect(modelOf('x = 1\ny = 2', 1, null)).toEqual({ text: 'x = 1\ny = 2', base: 1, hidden: [] });
    expect(modelOf('x = 1', 7, undefined)).toEqual({ text: 'x = 1', base: 7, hidden: [] });
  });
});
