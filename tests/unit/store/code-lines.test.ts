/**
 * Which lines the code view shows and how tall its box is (src/store/codeLines.ts), and
 * what the editor holds for a view (src/ui/codeModel.ts).
 */
import { describe, expect, it } from 'vitest';
import { lineCount } from '../../../src/store/codeLines';
import { modelOf } from '../../../src/ui/codeModel';

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
