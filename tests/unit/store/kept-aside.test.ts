/**
 * Saved work the page cannot read (a draft or an own scenario stored by another version
 * of the app, or damaged) is never written over: it is set aside and listed, to be
 * downloaded and deleted by the reader; and a draft the browser refuses to store is said
 * to be unsaved, not "saved automatically".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ADDRESS } from '../../../src/store/address';
import { draftKey, loadDrafts, parseDraft, useDrafts } from '../../../src/store/drafts';
import { heldAside, keptFrom, loadKept, useKept } from '../../../src/store/keptAside';
import {
  loadMyScenarios,
  myScenarioKey,
  parseMine,
  useMyScenarios,
} from '../../../src/store/myScenarioStore';
import { loadSaved, save, usePanelSaving } from '../../../src/store/share';
import { MemoryStorage } from './memory-storage';

/** A storage that refuses every write while `full` is set. */
class FullableStorage extends MemoryStorage {
  full = false;
  override setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    super.setItem(k, v);
  }
}

const FUTURE_DRAFT = JSON.stringify({
  version: 2,
  files: { 'lesson.json': 'MY BIG EDIT', 'a.py': 'x = 1\n' },
});
const FUTURE_MINE = JSON.stringify({ version: 2, base: 'once', code: 'n = 42  # my work\n' });

describe('saved work the page cannot read', () => {
  let storage: FullableStorage;
  /** What a page does at boot, in boot.tsx's order. */
  const boot = () => {
    loadKept();
    loadDrafts(EMPTY_ADDRESS);
    loadMyScenarios();
  };
  beforeEach(() => {
    storage = new FullableStorage();
    vi.stubGlobal('localStorage', storage);
    useKept.setState({ entries: [] });
    useDrafts.setState({ drafts: {}, unsaved: [] });
    useMyScenarios.setState({ mine: {}, unsaved: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is set aside, listed, and outlives the edits saved after it', () => {
    storage.setItem(draftKey('les'), FUTURE_DRAFT);
    storage.setItem(myScenarioKey('les:p'), FUTURE_MINE);
    boot();
    const { entries } = useKept.getState();
    expect(entries.map((e) => [e.at, e.of, e.text])).toEqual([
      ['wpt.kept.wpt.draft.les', 'wpt.draft.les', FUTURE_DRAFT],
      ['wpt.kept.wpt.mine.les:p', 'wpt.mine.les:p', FUTURE_MINE],
    ]);
    expect(keptFrom(entries, { prefix: 'wpt.draft.' })).toHaveLength(1);
    expect(keptFrom(entries, { key: myScenarioKey('les:p') })).toHaveLength(1);
    expect(keptFrom(entries, { key: myScenarioKey('les:q') })).toHaveLength(0);

    // The next edits are stored under the freed keys, and the old texts stay.
    useDrafts.getState().editFile('les', 'b.py', 'y = 2\n', undefined);
    useMyScenarios.getState().start('les:p', 'once', 'n = 1\n');
    expect(parseDraft(storage.getItem(draftKey('les')))).toEqual({ 'b.py': 'y = 2\n' });
    expect(parseMine(storage.getItem(myScenarioKey('les:p')))?.code).toBe('n = 1\n');
    expect(storage.getItem('wpt.kept.wpt.draft.les')).toBe(FUTURE_DRAFT);
    expect(storage.getItem('wpt.kept.wpt.mine.les:p')).toBe(FUTURE_MINE);
    expect(useDrafts.getState().unsaved).toEqual([]);

    // A reload lists it again; a second unreadable text from the same key is kept too.
    storage.setItem(draftKey('les'), '{"version": 1, "files": ');
    useKept.setState({ entries: [] });
    boot();
    expect(useKept.getState().entries.map((e) => e.at)).toEqual([
      'wpt.kept.wpt.draft.les',
      'wpt.kept.wpt.draft.les~2',
      'wpt.kept.wpt.mine.les:p',
    ]);
    // Deleting one removes it from the page and from the browser.
    useKept.getState().drop('wpt.kept.wpt.draft.les');
    expect(storage.getItem('wpt.kept.wpt.draft.les')).toBeNull();
    expect(useKept.getState().entries).toHaveLength(2);
  });

  it('counts a draft with a file that is not text as unreadable, not as a smaller draft', () => {
    const odd = JSON.stringify({ version: 1, files: { 'a.py': 'x\n', 'b.py': 42 } });
    storage.setItem(draftKey('les'), odd);
    boot();
    expect(useDrafts.getState().drafts).toEqual({});
    expect(useKept.getState().entries.map((e) => e.text)).toEqual([odd]);
  });

  it('stays under its own key when the browser will not move it, and nothing writes there', () => {
    storage.setItem(draftKey('les'), FUTURE_DRAFT);
    storage.setItem(myScenarioKey('les:p'), FUTURE_MINE);
    storage.full = true;
    boot();
    expect(useKept.getState().entries.map((e) => [e.at, e.of])).toEqual([
      ['wpt.draft.les', 'wpt.draft.les'],
      ['wpt.mine.les:p', 'wpt.mine.les:p'],
    ]);
    expect(heldAside(draftKey('les'))).toBe(true);
    storage.full = false; // room again: still, the held keys are not written
    useDrafts.getState().editFile('les', 'b.py', 'y = 2\n', undefined);
    useMyScenarios.getState().start('les:p', 'once', 'n = 1\n');
    expect(storage.getItem(draftKey('les'))).toBe(FUTURE_DRAFT);
    expect(storage.getItem(myScenarioKey('les:p'))).toBe(FUTURE_MINE);
    expect(useDrafts.getState().unsaved).toEqual(['les']);
    // Once the reader deletes it, the next edit is stored.
    useKept.getState().drop(draftKey('les'));
    useDrafts.getState().editFile('les', 'b.py', 'y = 3\n', undefined);
    expect(parseDraft(storage.getItem(draftKey('les')))).toEqual({ 'b.py': 'y = 3\n' });
    expect(useDrafts.getState().unsaved).toEqual([]);
  });
});

describe('a draft the browser refuses to store', () => {
  it('is unsaved until a later write succeeds', () => {
    const storage = new FullableStorage();
    vi.stubGlobal('localStorage', storage);
    useKept.setState({ entries: [] });
    useDrafts.setState({ drafts: {}, unsaved: [] });
    storage.full = true;
    useDrafts.getState().editFile('les', 'c.py', 'z\n', 'shipped\n');
    expect(useDrafts.getState().drafts.les).toEqual({ 'c.py': 'z\n' });
    expect(useDrafts.getState().unsaved).toEqual(['les']);
    storage.full = false;
    useDrafts.getState().editFile('les', 'c.py', 'zz\n', 'shipped\n');
    expect(useDrafts.getState().unsaved).toEqual([]);
    expect(parseDraft(storage.getItem(draftKey('les')))).toEqual({ 'c.py': 'zz\n' });
    vi.unstubAllGlobals();
  });
});

describe('a panel state the browser refuses to keep', () => {
  const state = (line: number) =>
    ({ scenario: 'pass', breakpoints: [{ id: 'a', file: 'f.py', line, enabled: true }] }) as never;
  afterEach(() => {
    vi.unstubAllGlobals();
    usePanelSaving.setState({ refused: false });
  });

  it('is said until a save succeeds again, and nothing else is lost', () => {
    const storage = new FullableStorage();
    vi.stubGlobal('localStorage', storage);
    save('l:p', state(3));
    expect(usePanelSaving.getState().refused).toBe(false);
    storage.full = true;
    save('l:p', state(4));
    expect(usePanelSaving.getState().refused).toBe(true);
    // what was kept before is still there, untouched
    expect(loadSaved('l:p').breakpoints?.map((b) => b.line)).toEqual([3]);
    storage.full = false;
    save('l:p', state(5));
    expect(usePanelSaving.getState().refused).toBe(false);
    expect(loadSaved('l:p').breakpoints?.map((b) => b.line)).toEqual([5]);
  });
});
