/** Which panels the first paint of an article shows (the rest mount right after it). */
import { describe, expect, it } from 'vitest';
import { missingPanelText, panelsShownFirst } from '../../../src/store/lessonIndex.ts';

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

describe('a link to a panel the lesson does not have', () => {
  const ids = ['run_hooks', 'execute_hooked'];
  it('is said, naming the panel and the lesson’s panels, in the reader’s language', () => {
    expect(missingPanelText('en', 's04-hooks', ids, { panel: 'run_hook', hash: '' })).toBe(
      'This link points at a panel “run_hook” that lesson s04-hooks does not have (mistyped, or an old link); its panels are: run_hooks, execute_hooked.',
    );
    expect(missingPanelText('zh', 's04-hooks', ids, { panel: null, hash: 'panel-old' })).toMatch(
      /^这个链接指向的面板“old”在课程 s04-hooks 里没有.*run_hooks、execute_hooked。$/,
    );
  });

  it('is not said for a panel it has, nor when no panel is named', () => {
    expect(missingPanelText('en', 'x', ids, { panel: 'run_hooks', hash: '' })).toBeNull();
    expect(
      missingPanelText('en', 'x', ids, { panel: null, hash: 'panel-execute_hooked' }),
    ).toBeNull();
    expect(missingPanelText('en', 'x', ids, { panel: null, hash: '' })).toBeNull();
    expect(missingPanelText('en', 'x', ids, { panel: null, hash: 'intro' })).toBeNull();
  });
});
