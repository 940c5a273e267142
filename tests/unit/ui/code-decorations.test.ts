/**
 * The code view's decorations (src/ui/codeDecorations.ts): which model line each file
 * line lands on, what the breakpoints' glyphs and the step's marks look like, and that a
 * line the model does not hold gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { breakpointDecorations, modelLine, stepDecorations } from '../../../src/ui/codeDecorations';

// A function shown from file line 12: model line 1 is file line 12, and it has 15 lines.
const lines = { firstLine: 12, lineCount: 15 };
const lineOf = (d: { range: { startLineNumber: number } }) => d.range.startLineNumber;

describe('modelLine', () => {
  it('maps a file line into the model, and nothing outside it', () => {
    expect(modelLine(12, lines)).toBe(1);
    expect(modelLine(26, lines)).toBe(15);
    expect(modelLine(11, lines)).toBeNull();
    expect(modelLine(27, lines)).toBeNull();
    expect(modelLine(1, { firstLine: 1, lineCount: 0 })).toBeNull();
  });
});

describe('breakpointDecorations', () => {
  const marks = [
    { line: 14, enabled: true, kind: 'plain' as const },
    { line: 20, enabled: false, kind: 'condition' as const },
    { line: 21, enabled: true, kind: 'log' as const, error: "name 'x' is not defined" },
    { line: 40, enabled: true, kind: 'plain' as const },
  ];

  it('draws each breakpoint in the model as its kind, disabled or in error, with its hover text', () => {
    const en = breakpointDecorations(marks, lines, 'en');
    expect(en.map(lineOf)).toEqual([3, 9, 10]); // line 40 is not in the model
    expect(en.map((d) => d.options.glyphMarginClassName)).toEqual([
      'bp-glyph bpg-plain',
      'bp-glyph bpg-condition bpg-disabled',
      'bp-glyph bpg-log bpg-error',
    ]);
    const hover = (d: (typeof en)[number]) =>
      (d.options.glyphMarginHoverMessage as { value: string }).value;
    expect(hover(en[0])).toContain('14');
    expect(hover(en[2])).toContain("name 'x' is not defined");
    const zh = breakpointDecorations(marks, lines, 'zh');
    expect(hover(zh[0])).not.toBe(hover(en[0]));
    expect(hover(zh[0])).toContain('14');
  });
});

describe('stepDecorations', () => {
  it("marks the step note's lines, the line that just ran and the line that runs next", () => {
    const d = stepDecorations(
      { highlight: { start: 13, end: 15 }, justRanLine: 16, currentLine: 17 },
      lines,
    );
    expect(d.map((x) => [lineOf(x), x.options.className])).toEqual([
      [2, 'step-highlight'],
      [3, 'step-highlight'],
      [4, 'step-highlight'],
      [5, 'just-ran-line'],
      [6, 'runs-next-line'],
    ]);
    expect(d[3].options.linesDecorationsClassName).toBe('just-ran-mark');
    expect(d[4].options.lineNumberClassName).toBe('current-ln');
    expect(d.every((x) => x.options.isWholeLine)).toBe(true);
  });

  it('leaves out what is not shown: no note, nothing ran yet, or a line outside the model', () => {
    expect(
      stepDecorations({ highlight: null, justRanLine: null, currentLine: null }, lines),
    ).toEqual([]);
    const d = stepDecorations(
      { highlight: { start: 25, end: 28 }, justRanLine: 3, currentLine: 12 },
      lines,
    );
    expect(d.map((x) => [lineOf(x), x.options.className])).toEqual([
      [14, 'step-highlight'],
      [15, 'step-highlight'],
      [1, 'runs-next-line'],
    ]);
  });
});
