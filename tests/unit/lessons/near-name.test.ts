/**
 * The "did you mean" of lessons:check (nearName.ts): a name one or two edits away,
 * or one that starts the other, when exactly one such name exists.
 */
import { describe, expect, it } from 'vitest';
import { nearName } from '../../../src/lessons/nearName';

describe('the name a misspelt one most likely meant', () => {
  it('is one a small edit away, or one the other starts with', () => {
    expect(nearName('totl', ['limit', 'total', 'n'])).toBe('total');
    expect(nearName('blok', ['pass', 'block', 'pre_error'])).toBe('block');
    expect(nearName('run_hook', ['run_hooks', 'audit_event'])).toBe('run_hooks');
    expect(nearName('pre_err', ['pass', 'pre_error'])).toBe('pre_error');
  });

  it('is none when nothing is near, or when two are equally likely', () => {
    expect(nearName('zzz', ['pass', 'block'])).toBeUndefined();
    expect(nearName('pas', ['pass', 'past'])).toBeUndefined();
  });

  it('is not a name of one or two letters that merely starts the typed one', () => {
    // `n` is no hint for `nowhere`, nor `i` for `items`
    expect(nearName('nowhere', ['limit', 'total', 'n'])).toBeUndefined();
    expect(nearName('items', ['i', 'result'])).toBeUndefined();
  });
});
