/** Which panels the first paint of an article shows (the rest mount right after it). */
import { describe, expect, it } from 'vitest';
import { panelsShownFirst } from '../../../src/store/lessonIndex.ts';

const ids = ['run_hooks', 'execute_hooked', 'audit_event', 'host_executor'];

describe('panels shown in the first paint', () => {
  it('are the first panel alone for a plain visit', () => {
    expect(panelsShownFirst(ids, { panel: null, hash: '' })).toBe(1);
    expect(panelsShownFirst([], { panel: null, hash: '' })).toBe(0);
  });

  it('reach the panel a shared link or a #panel- link points at', () => {
    expect(panelsShownFirst(ids, { panel: 'audit_event', hash: '' })).toBe(3);
    expect(panelsShownFirst(ids, { panel: null, hash: 'panel-execute_hooked' })).toBe(2);
    expect(panelsShownFirst(ids, { panel: 'host_executor', hash: 'panel-run_hooks' })).toBe(4);
  });

  it('are all of them for any other anchor, or a panel the article does not place', () => {
    expect(panelsShownFirst(ids, { panel: null, hash: 'further-reading' })).toBe(4);
    expect(panelsShownFirst(ids, { panel: 'nope', hash: '' })).toBe(4);
  });
});
