/**
 * A draft remembers each file's shipped text from when it first changed it, so that an
 * edit made on disk afterwards (picked up by the dev server) is not silently hidden by
 * the draft's copy, nor undone by its export.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftBase, draftKey, staleDraftFiles, useDrafts } from '../../../src/store/drafts';
import { MemoryStorage } from './memory-storage';

describe('the drafted files changed on disk since', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    useDrafts.setState({ drafts: {} });
    useDrafts.getState().discard('demo');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are the files whose shipped text is no longer the one the draft started from', () => {
    const s = useDrafts.getState();
    s.editFile('demo', 'setup.py', 'nums = [1]  # mine\n', 'nums = [1]\n');
    s.editFile('demo', 'setup.py', 'nums = [1]  # mine, again\n', 'nums = [1]\n');
    s.editFile('demo', 'scenarios/new.py', 'x = 1\n', undefined);
    const draft = useDrafts.getState().drafts.demo;
    const base = draftBase('demo');
    expect(base).toEqual({ 'setup.py': 'nums = [1]\n', 'scenarios/new.py': null });
    // nothing changed on disk
    expect(staleDraftFiles(draft, base, { 'setup.py': 'nums = [1]\n' })).toEqual([]);
    // setup.py edited on disk; and a file the draft created now exists on disk too
    expect(
      staleDraftFiles(draft, base, {
        'setup.py': 'nums = [1, 40]\n',
        'scenarios/new.py': 'y = 2\n',
      }),
    ).toEqual(['scenarios/new.py', 'setup.py']);
  });

  it('are remembered across a reload, and forgotten with the draft', () => {
    useDrafts.getState().editFile('demo', 'setup.py', 'b\n', 'a\n');
    const saved = JSON.parse(storage.getItem(draftKey('demo')) ?? '{}');
    expect(saved.base).toEqual({ 'setup.py': 'a\n' });
    // a file put back as shipped leaves the draft and its base
    useDrafts.getState().editFile('demo', 'setup.py', 'a\n', 'a\n');
    expect(draftBase('demo')).toEqual({});
    useDrafts.getState().editFile('demo', 'setup.py', 'c\n', 'a\n');
    useDrafts.getState().discard('demo');
    expect(storage.getItem(draftKey('demo'))).toBeNull();
    expect(draftBase('demo')).toEqual({});
  });
});
