/**
 * Which lines the code view shows and how tall its box is (src/store/codeLines.ts), and
 * what the editor holds for a view (src/ui/codeModel.ts).
 */
import { describe, expect, it } from 'vitest';
import { lineCount, tallestView } from '../../../src/store/codeLines';
import { modelOf } from '../../../src/ui/codeModel';
import { buildTrace, NE, nestedCallSpec, nestedCallTrace } from '../replay/fixtures';

const LIB = Array.from({ length: 12 }, (_, i) => `lib ${i + 1}`).join('\n');
const MAIN = Array.from({ length: 6 }, (_, i) => `main ${i + 1}`).join('\n');
const F = { start: 5, end: 9 };

describe('tallestView', () => {
  it('is the longest file execution visits outside the focus function', () => {
    const trace = nestedCallTrace(); // main.py (6 lines) and lib.py outside f (12 lines)
    expect(tallestView(trace, 'lib.py', F, { 'lib.py': LIB, 'main.py': MAIN })).toBe(12);
    // A longer entry file wins; a file the panel cannot show counts as the focus.
    const longMain = `${MAIN}\n${MAIN}\n${MAIN}`;
    expect(tallestView(trace, 'lib.py', F, { 'lib.py': LIB, 'main.py': longMain })).toBe(18);
    expect(tallestView(trace, 'lib.py', F, { 'lib.py': LIB })).toBe(12);
  });

  it('is the focus when execution never leaves it', () => {
    const spec = nestedCallSpec();
    // Only f's own events, between its call and its return.
    const onlyF = { ...spec, events: spec.events.slice(NE.callF, NE.fBody0 + 1) };
    const trace = buildTrace(onlyF);
    expect(trace.length).toBeGreaterThan(1);
    expect(tallestView(trace, 'lib.py', F, { 'lib.py': LIB, 'main.py': MAIN })).toBe(5);
  });

  it('answers per focus for the same trace (cached per trace and focus)', () => {
    const trace = nestedCallTrace();
    const files = { 'lib.py': LIB, 'main.py': MAIN };
    expect(tallestView(trace, 'lib.py', F, files)).toBe(12);
    // With the whole of lib.py as the focus, only main.py is elsewhere: 12 still (the focus).
    expect(tallestView(trace, 'lib.py', { start: 1, end: 12 }, files)).toBe(12);
    // An empty focus file list: everything is elsewhere and unknown, so the focus.
    expect(tallestView(trace, 'lib.py', { start: 1, end: 3 }, {})).toBe(3);
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
