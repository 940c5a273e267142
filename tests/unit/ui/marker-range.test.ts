import { describe, expect, it } from 'vitest';
import { markerRange } from '../../../src/ui/codeModel';

/** A model of `lines` lines, each 10 characters long. */
const model = (lines: number) => ({
  getLineCount: () => lines,
  getLineMaxColumn: (line: number) => {
    if (line < 1 || line > lines) throw new Error(`Illegal value for lineNumber ${line}`);
    return 11;
  },
});

describe('an author-mode error marker', () => {
  it('goes at its line and column, counted from the first line the editor shows', () => {
    expect(markerRange({ line: 12, column: 5, message: 'x' }, 10, model(20))).toEqual({
      startLineNumber: 3,
      endLineNumber: 3,
      startColumn: 5,
      endColumn: 6,
    });
  });

  it('marks its whole line when it has no column', () => {
    expect(markerRange({ line: 2, message: 'x' }, 1, model(5))).toMatchObject({
      startColumn: 1,
      endColumn: 11,
    });
  });

  it('stays inside the text when the author deleted its line since the run', () => {
    expect(markerRange({ line: 4, message: 'x' }, 1, model(3))).toMatchObject({
      startLineNumber: 3,
      endLineNumber: 3,
      endColumn: 11,
    });
  });
});
