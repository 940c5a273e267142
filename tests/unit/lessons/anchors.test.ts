import { describe, expect, it } from 'vitest';
import {
  anchorLines,
  definedFunctions,
  resolveAnchor,
  resolveFunctionRange,
  resolveStepLines,
} from '../../../src/lessons/anchors.ts';

const CODE = [
  'import copy', //                                   1
  '', //                                              2
  '', //                                              3
  'def outer(x):', //                                 4
  '    """Doc."""', //                                5
  '# a comment at column 0 inside the body', //       6
  '    def inner():', //                              7
  '        return x', //                              8
  '', //                                              9
  '    return inner', //                             10
  '', //                                             11
  '', //                                             12
  '# introduces the next function', //              13
  'async def later(y):', //                          14
  '    return y', //                                 15
  '', //                                             16
].join('\n');

describe('resolveFunctionRange', () => {
  it('spans from the def line to the last line of the body', () => {
    expect(resolveFunctionRange(CODE, 'outer')).toEqual({ start: 4, end: 10 });
  });

  it('keeps comment lines inside the body even at column 0', () => {
    const range = resolveFunctionRange(CODE, 'outer')!;
    expect(range.start).toBeLessThan(6);
    expect(range.end).toBeGreaterThan(6);
  });

  it('leaves out trailing blank lines and a comment that introduces what follows', () => {
    expect(resolveFunctionRange(CODE, 'outer')!.end).toBe(10);
  });

  it('finds nested functions by their own indentation', () => {
    expect(resolveFunctionRange(CODE, 'inner')).toEqual({ start: 7, end: 8 });
  });

  it('finds async functions and runs to the end of the file', () => {
    expect(resolveFunctionRange(CODE, 'later')).toEqual({ start: 14, end: 15 });
  });

  it('does not match a name that only starts the same way', () => {
    expect(resolveFunctionRange(CODE, 'out')).toBeNull();
    expect(resolveFunctionRange('def run_hooks_v2():\n    pass\n', 'run_hooks')).toBeNull();
  });

  it('finds a function whose name is not ASCII, as Python allows', () => {
    const code = 'def 加倍(数):\n    return 数 * 2\n\nasync def 取(x):\n    return x\n';
    expect(definedFunctions(code)).toEqual(['加倍', '取']);
    expect(resolveFunctionRange(code, '加倍')).toEqual({ start: 1, end: 2 });
  });

  it('handles Windows line endings', () => {
    expect(resolveFunctionRange(CODE.replace(/\n/g, '\r\n'), 'inner')).toEqual({
      start: 7,
      end: 8,
    });
  });
});

describe('resolveAnchor', () => {
  const range = { start: 4, end: 10 };

  it('returns the first line in the range that contains the text', () => {
    expect(resolveAnchor(CODE, range, 'return')).toBe(8);
  });

  it('searches from a given line on', () => {
    expect(resolveAnchor(CODE, range, 'return', 9)).toBe(10);
  });

  it('lists every line in the range that contains the text, so a caller can refuse two', () => {
    expect(anchorLines(CODE, range, 'return')).toEqual([8, 10]);
    expect(anchorLines(CODE, range, 'return', 9)).toEqual([10]);
    expect(anchorLines(CODE, range, 'import copy')).toEqual([]);
  });

  it('ignores matches outside the range', () => {
    expect(resolveAnchor(CODE, range, 'import copy')).toBeNull();
    expect(resolveAnchor(CODE, range, 'return y')).toBeNull();
  });

  it('resolves a step whose end is the first match at or after its start', () => {
    expect(resolveStepLines(CODE, range, { start: 'def inner', end: 'return' })).toEqual({
      start: 7,
      end: 8,
    });
    expect(resolveStepLines(CODE, range, { start: 'return inner', end: 'return' })).toEqual({
      start: 10,
      end: 10,
    });
    expect(resolveStepLines(CODE, range, { start: 'return inner', end: 'def inner' })).toEqual({
      start: 10,
      end: null,
    });
  });
});
