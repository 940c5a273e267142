import { describe, expect, it } from 'vitest';
import { shiftLine, shiftLineAll } from '../../../src/lessons/lineShift';

const edit = (
  startLine: number,
  startColumn: number,
  endLine: number,
  endColumn: number,
  text: string,
) => ({
  startLine,
  startColumn,
  endLine,
  endColumn,
  text,
});

describe('breakpoints following their lines while editing', () => {
  it('leaves lines above an edit alone', () => {
    expect(shiftLine(3, edit(5, 1, 5, 1, 'x = 1\n'))).toBe(3);
  });
  it('moves lines below an inserted line down by one', () => {
    expect(shiftLine(9, edit(5, 10, 5, 10, '\n'))).toBe(10);
  });
  it('keeps the line where Enter was pressed at its end', () => {
    expect(shiftLine(5, edit(5, 10, 5, 10, '\n'))).toBe(5);
  });
  it('pushes a line down when text with newlines is inserted at its start', () => {
    expect(shiftLine(5, edit(5, 1, 5, 1, 'a\nb\n'))).toBe(7);
  });
  it('moves lines below a deleted block up and drops lines inside it', () => {
    const del = edit(4, 1, 7, 1, '');
    expect(shiftLine(10, del)).toBe(7);
    expect(shiftLine(5, del)).toBeNull();
    expect(shiftLine(4, del)).toBe(4);
  });
  it('applies several edits in order', () => {
    expect(shiftLineAll(10, [edit(8, 1, 8, 1, '\n'), edit(2, 1, 3, 1, '')])).toBe(10);
  });
});
