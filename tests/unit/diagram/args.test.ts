import { describe, expect, it } from 'vitest';
import { callOf, formatArgs } from '../../../src/diagram/args';
import type { GraphFrame } from '../../../src/trace/graph-types';
import { atom, ref } from './fixtures';

describe('call arguments', () => {
  it('writes atoms in full, objects by id, and cuts long atoms', () => {
    expect(formatArgs([ref('hooks', 12), atom('event', "'before'"), ref('payload', 40)])).toBe(
      "hooks=#12, event='before', payload=#40",
    );
    expect(formatArgs([atom('s', `'${'x'.repeat(40)}'`)])).toBe(`s='${'x'.repeat(22)}…`);
    expect(formatArgs([atom('s', "'a\\nb'"), atom('t', 'two\nlines')])).toBe(
      "s='a\\nb', t=two lines",
    );
    expect(formatArgs([])).toBe('');
    // the spaces inside a string are part of its value
    expect(formatArgs([atom('s', "'a    b'")])).toBe("s='a    b'");
  });
  it('writes a call stack row from the frame: parameters only, the module by its name', () => {
    const frame: GraphFrame = {
      frameId: 3,
      function: 'run_hooks',
      file: 'runtime.py',
      line: 9,
      isModule: false,
      isClassBody: false,
      args: [
        { name: 'hooks', value: { kind: 'ref', id: 12 }, now: null },
        { name: 'event', value: { kind: 'atom', type: 'str', text: "'before'" }, now: null },
      ],
      variables: [
        { name: 'hooks', value: { kind: 'ref', id: 12 }, changed: false },
        { name: 'event', value: { kind: 'atom', type: 'str', text: "'before'" }, changed: false },
        { name: 'answer', value: { kind: 'atom', type: 'int', text: '1' }, changed: true },
      ],
      result: null,
    };
    expect(callOf(frame)).toBe("run_hooks(hooks=#12, event='before')");
    expect(callOf({ ...frame, args: [] })).toBe('run_hooks()');
    expect(callOf({ ...frame, function: '<module>', isModule: true, args: [] })).toBe('<module>');
    const genexpr = { name: '.0', value: { kind: 'ref', id: 77 }, now: null } as const;
    expect(callOf({ ...frame, function: '<genexpr>', args: [genexpr] })).toBe('<genexpr>()');
    // a parameter rebound since the call: what it was passed, then what it holds now
    const items = {
      name: 'items',
      value: { kind: 'atom', type: 'NoneType', text: 'None' },
      now: { kind: 'ref', id: 7 },
    } as const;
    expect(callOf({ ...frame, function: 'add', args: [items] })).toBe('add(items=None→#7)');
    // a class statement's body runs as a frame named after the class: not a call of it
    expect(callOf({ ...frame, function: 'AuditStore', isClassBody: true, args: [] })).toBe(
      'class AuditStore',
    );
  });
});
