import { describe, expect, it } from 'vitest';
import { formatArgs, kindOf } from '../../../src/diagram/args';
import { atom, ref } from './fixtures';

describe('call arguments and object kinds', () => {
  it('writes atoms in full, objects by id, and cuts long atoms', () => {
    expect(formatArgs([ref('hooks', 12), atom('event', "'before'"), ref('payload', 40)])).toBe(
      "hooks=#12, event='before', payload=#40",
    );
    expect(formatArgs([atom('s', `'${'x'.repeat(40)}'`)])).toBe(`s='${'x'.repeat(22)}…`);
    expect(formatArgs([atom('s', "'a\\nb'"), atom('t', 'two\nlines')])).toBe(
      "s='a\\nb', t=two lines",
    );
    expect(formatArgs([])).toBe('');
  });
  it('knows the containers, functions and instances', () => {
    expect(kindOf('dict', true)).toBe('dict');
    expect(kindOf('frozenset', false)).toBe('set');
    expect(kindOf('function', false)).toBe('function');
    expect(kindOf('Hook', true)).toBe('instance');
    expect(kindOf('object', false)).toBe('other');
  });
});
