import { describe, expect, it } from 'vitest';
import { sideAction } from '../../../src/store/divergenceText';
import { divergence } from '../../../src/trace/divergence';
import { buildTrace, type FixtureSpec } from '../replay/fixtures';

/** A module that defines `class Store` when `define` is set, else calls `make()`. */
const program = (define: boolean): FixtureSpec => ({
  frames: [
    { fn: '<module>', file: 'lib.py' },
    define
      ? { fn: 'Store', file: 'lib.py', parent: 0, classBody: true }
      : { fn: 'make', file: 'lib.py', parent: 0 },
  ],
  events: [
    { kind: 'line', frame: 0, line: 1 },
    { kind: 'call', frame: 1, line: define ? 2 : 5 },
    { kind: 'line', frame: 1, line: define ? 3 : 6 },
    { kind: 'return', frame: 1, line: define ? 3 : 6, value: 'None' },
    { kind: 'line', frame: 0, line: 8 },
  ],
});

describe('what a side of "where two scenarios part" does', () => {
  const d = divergence(buildTrace(program(true)), buildTrace(program(false)));

  it('names a class body as the class being defined, not as a call', () => {
    expect(d?.a).toMatchObject({ function: 'Store', classBody: true });
    expect(sideAction('en', d?.a ?? null)).toBe('starts the body of class Store');
    expect(sideAction('zh', d?.a ?? null)).toBe('开始执行 class Store 的类体');
  });

  it('names a function call as a call', () => {
    expect(d?.b).toMatchObject({ function: 'make', classBody: false });
    expect(sideAction('en', d?.b ?? null)).toBe('calls make');
    expect(sideAction('zh', d?.b ?? null)).toBe('调用 make');
  });

  it('says the body finished at its end, and nothing at the end of a run', () => {
    const end = { step: 3, file: 'lib.py', line: 3, function: 'Store', kind: 2, classBody: true };
    expect(sideAction('en', end)).toBe('finishes the body of class Store');
    expect(sideAction('en', { ...end, classBody: false })).toBe('returns from Store');
    expect(sideAction('en', { ...end, kind: null })).toBe('');
    expect(sideAction('en', null)).toBe('');
  });
});
