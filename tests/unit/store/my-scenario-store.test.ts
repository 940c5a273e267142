/**
 * "My scenario" in the stores: kept per panel in localStorage as it is typed and read
 * back after a reload; and, in a panel store wired as the page wires it, recorded live
 * with the student's script, its hits next to the base scenario's, recorded again after
 * an edit (only it), and its replay reset-proof.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedPanel } from '../../../src/lessons/lesson';
import type { Breakpoint } from '../../../src/replay/engine';
import type { RecordRequest } from '../../../src/runtime/protocol';
import {
  MY_SCENARIO,
  type MyScenario,
  myRunRequest,
  scenarioIds,
} from '../../../src/store/myScenario';
import {
  loadMyScenarios,
  myScenarioKey,
  parseMine,
  serialiseMine,
  useMyScenarios,
} from '../../../src/store/myScenarioStore';
import { createPanelsStore } from '../../../src/store/panels';
import { hitsFor } from '../../../src/store/selectors';
import type { Trace } from '../../../src/trace/trace';
import { buildTrace } from '../replay/fixtures';
import { MemoryStorage } from './memory-storage';

describe('the own-scenario store keeps each panel’s scenario in the browser', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    useMyScenarios.setState({ mine: {}, unsaved: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes every change through and reads it back after a reload', () => {
    const s = useMyScenarios.getState();
    s.start('l:a', 'before', 'event = "before"\n');
    s.edit('l:a', 'event = "after"\n');
    s.start('l:b', 'pass', '# pass\n');
    expect(parseMine(storage.getItem(myScenarioKey('l:a')))).toEqual({
      base: 'before',
      code: 'event = "after"\n',
      previous: null,
    });
    // A reload: the store starts empty and reads what was saved.
    useMyScenarios.setState({ mine: {} });
    loadMyScenarios();
    expect(Object.keys(useMyScenarios.getState().mine).sort()).toEqual(['l:a', 'l:b']);
    expect(useMyScenarios.getState().mine['l:a'].code).toBe('event = "after"\n');
  });

  it('keeps the version a reset replaced, also across a reload, and restores it', () => {
    const s = useMyScenarios.getState();
    s.start('l:a', 'before', 'event = "before"\n');
    s.edit('l:a', 'event = "after"\n');
    s.start('l:a', 'before', 'event = "before"\n'); // Reset
    useMyScenarios.setState({ mine: {} });
    loadMyScenarios();
    useMyScenarios.getState().restore('l:a');
    expect(useMyScenarios.getState().mine['l:a'].code).toBe('event = "after"\n');
    expect(parseMine(storage.getItem(myScenarioKey('l:a')))?.code).toBe('event = "after"\n');
  });

  it('ignores malformed saved entries and edits of a panel without one', () => {
    storage.setItem(myScenarioKey('l:x'), '{not json');
    storage.setItem(myScenarioKey('l:y'), JSON.stringify({ version: 9, base: 'a', code: '' }));
    storage.setItem(myScenarioKey('l:z'), JSON.stringify({ version: 1, base: 'a' }));
    storage.setItem('wpt.panel.l:a', 'unrelated');
    loadMyScenarios();
    expect(useMyScenarios.getState().mine).toEqual({});
    useMyScenarios.getState().edit('l:a', 'x');
    useMyScenarios.getState().restore('l:a');
    expect(useMyScenarios.getState().mine).toEqual({});
  });

  it('says when the browser refuses to keep them, and keeps them for the page meanwhile', () => {
    expect(useMyScenarios.getState().unsaved).toBe(false);
    useMyScenarios.getState().start('l:a', 'before', 'x = 1\n');
    expect(useMyScenarios.getState().unsaved).toBe(false);
    storage.setItem = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    useMyScenarios.getState().edit('l:a', 'x = 2\n');
    expect(useMyScenarios.getState().unsaved).toBe(true);
    expect(useMyScenarios.getState().mine['l:a'].code).toBe('x = 2\n');
    // A frame on another site may not even read: nothing to load, and nothing kept.
    vi.stubGlobal('localStorage', {
      get length(): number {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    useMyScenarios.setState({ mine: {}, unsaved: false });
    loadMyScenarios();
    expect(useMyScenarios.getState()).toMatchObject({ mine: {}, unsaved: true });
  });

  it('round-trips through its stored form', () => {
    const m: MyScenario = { base: 'a', code: 'x = 1', previous: { base: 'b', code: 'y' } };
    expect(parseMine(serialiseMine(m))).toEqual(m);
  });
});

describe('My scenario in a panel store', () => {
  const KEY = 'l:run_hooks';
  const PANEL: ResolvedPanel = {
    id: 'run_hooks',
    function: 'f',
    source: 'lib.py',
    entry: { path: 'entry.py', code: 'f()' },
    functionRange: { start: 1, end: 10 },
    steps: [],
    scenarios: [
      {
        id: 'once',
        label: { zh: '一次', en: 'once' },
        script: { path: 'scenarios/once.py', code: 'n = 1' },
      },
    ],
  };
  const PATH = 'my_scenario.py';
  /** A run of lib.py whose line 8 runs `n` times, n from the script (`n = <digits>`). */
  const runOf = (request: RecordRequest): Trace => {
    const script = request.files.find((f) => f.role === 'scenario')?.code ?? '';
    const n = Number(/n = (\d+)/.exec(script)?.[1] ?? 0);
    return buildTrace({
      frames: [{ fn: 'f', file: 'lib.py' }],
      events: Array.from({ length: n }, () => ({ kind: 'line' as const, frame: 0, line: 8 })),
    });
  };

  function setup() {
    let mine: MyScenario | undefined;
    const asked: RecordRequest[] = [];
    const store = createPanelsStore({
      async record(request) {
        asked.push(request);
        return runOf(request);
      },
      scenariosOf: () => scenarioIds(PANEL, mine),
      requestFor(_key, scenario) {
        const base = (id: string) => ({
          scenario: id,
          files: [
            { path: 'lib.py', code: 'def f(): ...', role: 'source' as const, module: 'lib' },
            ...(id === 'once'
              ? [{ path: 'scenarios/once.py', code: 'n = 1', role: 'scenario' as const }]
              : []),
            { path: 'entry.py', code: 'f()', role: 'entry' as const },
          ],
        });
        if (scenario !== MY_SCENARIO) return base(scenario);
        return mine ? myRunRequest(base(mine.base), mine, PATH) : null;
      },
    });
    return {
      store,
      asked,
      setMine(m: MyScenario | undefined) {
        mine = m;
      },
    };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const bp: Breakpoint = { id: 'b8', file: 'lib.py', line: 8, enabled: true };
  const hitsIn = (trace: Trace | null | undefined) =>
    trace ? (hitsFor(trace, [bp]).byBreakpoint.get('b8')?.length ?? 0) : null;

  it('records the student’s script live, under the base’s SCENARIO, next to the base', async () => {
    const { store, asked, setMine } = setup();
    store.getState().initPanel(KEY);
    await settle();
    // Not offered before the student starts one.
    store.getState().setScenario(KEY, MY_SCENARIO);
    expect(store.getState().panels[KEY].scenario).toBe('once');

    setMine({ base: 'once', code: 'n = 3', previous: null });
    store.getState().setScenario(KEY, MY_SCENARIO);
    await settle();
    const p = store.getState().panels[KEY];
    expect(p.scenario).toBe(MY_SCENARIO);
    const run = asked.at(-1)!;
    expect(run.scenario).toBe('once');
    expect(run.files.find((f) => f.role === 'scenario')).toEqual({
      path: PATH,
      code: 'n = 3',
      role: 'scenario',
    });
    // Hits in both, side by side (what the compare table reads).
    expect(hitsIn(p.traces.once.trace)).toBe(1);
    expect(hitsIn(p.traces[MY_SCENARIO].trace)).toBe(3);
  });

  it('records only My scenario again after an edit, and steps through the new run', async () => {
    const { store, asked, setMine } = setup();
    setMine({ base: 'once', code: 'n = 3', previous: null });
    store.getState().initPanel(KEY);
    store.getState().setScenario(KEY, MY_SCENARIO);
    store.getState().toggleBreakpoint(KEY, 'lib.py', 8);
    await settle();
    const before = asked.length;

    setMine({ base: 'once', code: 'n = 5', previous: null });
    store.getState().ensureTraces(KEY);
    await settle();
    expect(
      asked.slice(before).map((r) => r.files.find((f) => f.role === 'scenario')?.path),
    ).toEqual([PATH]);
    store.getState().command(KEY, 'debug');
    await settle();
    for (let i = 0; i < 4; i++) store.getState().command(KEY, 'continue');
    const p = store.getState().panels[KEY];
    expect(p.traces[MY_SCENARIO].trace?.length).toBe(5);
    expect(p.position).toBe(4);
  });

  it('starts a paused run again when the code changes under it, and says so', async () => {
    const { store, setMine } = setup();
    setMine({ base: 'once', code: 'n = 3', previous: null });
    store.getState().initPanel(KEY);
    store.getState().setScenario(KEY, MY_SCENARIO);
    store.getState().toggleBreakpoint(KEY, 'lib.py', 8);
    await settle();
    store.getState().command(KEY, 'debug');
    store.getState().command(KEY, 'continue');
    store.getState().command(KEY, 'continue');
    expect(store.getState().panels[KEY].position).toBe(2);
    // The student is looking at a name's history: it belongs to this run's frames.
    store.getState().showHistory(KEY, { frameId: 0, name: 'n' });

    // A condition changes what is recorded beside the run, not the run: the step stays.
    store.getState().toggleBreakpoint(KEY, 'lib.py', 9);
    const id = store.getState().panels[KEY].breakpoints[1].id;
    store.getState().updateBreakpoint(KEY, id, { condition: 'True' });
    await settle();
    expect(store.getState().panels[KEY].position).toBe(2);
    expect(store.getState().panels[KEY].notice ?? null).toBeNull();
    expect(store.getState().panels[KEY].historyTarget).toEqual({ frameId: 0, name: 'n' });

    // New code: step 2 of the new run is not where the student was; Debug again instead.
    setMine({ base: 'once', code: 'n = 5', previous: null });
    store.getState().ensureTraces(KEY);
    await settle();
    const p = store.getState().panels[KEY];
    expect(p.traces[MY_SCENARIO].trace?.length).toBe(5);
    expect(p.pending).toBeNull();
    expect(p.position).toBe(0);
    expect(p.notice).toEqual({ kind: 'codeChanged', after: null });
    // A frame id of the old run names nothing in the new one: the history is closed.
    expect(p.historyTarget).toBeNull();
  });

  it('falls back to the first scenario when the own scenario is gone', async () => {
    const { store, setMine } = setup();
    setMine({ base: 'once', code: 'n = 2', previous: null });
    store.getState().initPanel(KEY);
    store.getState().setScenario(KEY, MY_SCENARIO);
    await settle();
    setMine(undefined);
    store.getState().reconcile(KEY);
    expect(store.getState().panels[KEY].scenario).toBe('once');
  });
});
