import { describe, expect, it } from 'vitest';
import { earlierText, partText, sideAction } from '../../../src/store/divergenceText';
import { divergence } from '../../../src/trace/divergence';
import type { DivergenceSide } from '../../../src/trace/graph-types';
import { EventKind } from '../../../src/trace/meta';
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

  it('says a generator yields, not that it returns', () => {
    const side = {
      step: 5,
      file: 'main.py',
      line: 2,
      function: 'gen',
      kind: EventKind.Yield,
      classBody: false,
    };
    expect(sideAction('en', side)).toBe('yields a value from gen');
    expect(sideAction('zh', side)).toBe('在 gen 中 yield 出一个值');
  });
});

describe('the sentences of "where two scenarios part"', () => {
  const side = (over: Partial<DivergenceSide>): DivergenceSide => ({
    step: 10,
    file: 'hooks.py',
    line: 4,
    function: 'run',
    kind: 1,
    classBody: false,
    ...over,
  });
  const ended = side({ step: 65, file: '', line: 0, function: '', kind: null });

  it("names the run that ended, with its last step, not the other run's step", () => {
    const d = {
      a: ended,
      b: side({ step: 57 }),
      from: { file: 'e.py', line: 3, function: 'f' },
      values: [],
    };
    expect(partText('en', d, 'Mine', 'Pass')).toBe('“Mine” ends at step 65; the other goes on');
    expect(partText('zh', { ...d, a: d.b, b: ended }, 'A', '通过')).toBe(
      '“通过”在第 65 步结束，另一个场景还在继续运行',
    );
  });

  it('says they differ from the first step when no step was shared', () => {
    const d = { a: side({}), b: side({ line: 6 }), from: null, values: [] };
    expect(partText('en', d, 'A', 'B')).toBe(
      'The two scenarios take different paths from the first step',
    );
    const after = { ...d, from: { file: 'hooks.py', line: 3, function: 'run' } };
    expect(partText('en', after, 'A', 'B')).toBe(
      'They take different paths after hooks.py, line 3 (step 11 of A, step 11 of B)',
    );
  });

  it('places each run where it is when the two parted in different files', () => {
    const same = earlierText('en', 'hooks.py', {
      a: side({ file: 'setup.py', function: 'hook', line: 2, step: 3 }),
      b: side({ file: 'setup.py', function: 'hook', line: 3, step: 3 }),
    });
    expect(same).toBe(
      'The runs part earlier, outside hooks.py: in hook (setup.py), A at line 2 (step 4), B at line 3 (step 4).',
    );
    const apart = earlierText('zh', 'runtime.py', {
      a: side({ file: 'entries/audit_event.py', function: '<module>', line: 4, step: 63 }),
      b: side({ file: 'runtime.py', function: 'audit_event', line: 59, step: 57 }),
    });
    expect(apart).toBe(
      '两次运行更早就在 runtime.py 之外分开了：A 在 entries/audit_event.py:4 (<module>)（第 64 步），B 在 runtime.py:59 (audit_event)（第 58 步）。',
    );
  });
});
