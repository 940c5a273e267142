/**
 * A breakpoint asked for on a line with no code (a comment, a docstring, a lone `else:`)
 * goes on the next line that has some, and says so; Python would never stop there.
 */
import { describe, expect, it } from 'vitest';
import { placeBreakpoint, toggled } from '../../../src/store/breakpointLines';
import { noticeText, probeErrorText } from '../../../src/store/breakpointView';

const meta = { files: ['a.py', 'b.py'], codeLines: [[1, 4, 5, 7, 9], [2]] };
let n = 0;
const newId = () => `bp${++n}`;

describe('placeBreakpoint', () => {
  it('keeps a line with code, moves one without to the next with code, and refuses past the last', () => {
    expect(placeBreakpoint(meta, 'a.py', 4)).toEqual({ line: 4, notice: null });
    expect(placeBreakpoint(meta, 'a.py', 6)).toEqual({
      line: 7,
      notice: { kind: 'breakpointMoved', from: 6, to: 7 },
    });
    expect(placeBreakpoint(meta, 'a.py', 10)).toEqual({
      line: null,
      notice: { kind: 'noCodeLine', line: 10 },
    });
    expect(placeBreakpoint(meta, 'b.py', 1).line).toBe(2);
  });

  it('takes the line as asked when the lines are not known', () => {
    expect(placeBreakpoint(undefined, 'a.py', 6)).toEqual({ line: 6, notice: null });
    expect(placeBreakpoint({ files: ['a.py'] }, 'a.py', 6).line).toBe(6);
    expect(placeBreakpoint({ files: ['a.py'], codeLines: null }, 'a.py', 6).line).toBe(6);
    expect(placeBreakpoint(meta, 'other.py', 6).line).toBe(6);
  });
});

describe('toggled', () => {
  it('adds on the placed line, removes on a second click there, and never doubles one', () => {
    const first = toggled([], 'a.py', 6, meta, newId);
    expect(first.breakpoints.map((b) => [b.file, b.line])).toEqual([['a.py', 7]]);
    expect(first.notice).toEqual({ kind: 'breakpointMoved', from: 6, to: 7 });
    // the comment line again: the breakpoint is already on 7
    const again = toggled(first.breakpoints, 'a.py', 6, meta, newId);
    expect(again.breakpoints).toEqual(first.breakpoints);
    // on 7 itself: removed, with what it was (a condition needs a new recording)
    const off = toggled(first.breakpoints, 'a.py', 7, meta, newId);
    expect(off.breakpoints).toEqual([]);
    expect(off.removed).toBe(first.breakpoints[0]);
    expect(toggled([], 'a.py', 12, meta, newId).breakpoints).toEqual([]);
  });

  it('says where it went, in both languages', () => {
    const moved = { kind: 'breakpointMoved', from: 52, to: 53 } as const;
    expect(noticeText('en', moved)).toContain('Line 52 has no code to stop at');
    expect(noticeText('en', moved)).toContain('the breakpoint is on line 53');
    expect(noticeText('zh', moved)).toContain('第 52 行没有');
    expect(noticeText('zh', { kind: 'noCodeLine', line: 9 })).toContain('第 9 行起');
  });
});

describe('probeErrorText', () => {
  it('adds where a condition looks for names to a NameError, and nothing to other errors', () => {
    const error = {
      source: 'condition',
      event: 3,
      count: 2,
      message: "NameError: name 'second' is not defined",
    } as const;
    expect(probeErrorText('en', error)).toMatch(
      /name 'second' is not defined.* Names are looked up in the frame at that line and in that file's globals only\.$/,
    );
    expect(probeErrorText('zh', error)).toContain('名字只在该行所在的帧');
    const other = { ...error, message: 'ZeroDivisionError: division by zero' };
    expect(probeErrorText('en', other)).not.toContain('looked up');
  });

  it('says that the error shown is the first when there were several', () => {
    const once = { source: 'log', event: 3, count: 1, message: 'IndexError: x' } as const;
    expect(probeErrorText('en', once)).toBe('The log message failed (1×): IndexError: x');
    expect(probeErrorText('en', { ...once, count: 3 })).toBe(
      'The log message failed (3×). The first error: IndexError: x',
    );
    expect(probeErrorText('zh', { ...once, source: 'condition', count: 3 })).toContain(
      '第一次的错误：IndexError: x',
    );
  });
});
