/**
 * Issue 14 in the store and the panel view: a failing breakpoint condition reaches the
 * breakpoint row and its gutter mark and never stops; each row says what it counts;
 * Debug with no breakpoint stops at the first line of the panel's function; Go to step
 * out of range leaves a notice; stops are worded in the reader's language.
 */
import { describe, expect, it, vi } from 'vitest';
import { type Breakpoint, START } from '../../../src/replay/engine';
import { formatAddress, parseAddress } from '../../../src/store/address';
import { compareCell, compareHints } from '../../../src/store/breakpointView';
import {
  applyCommand,
  currentNotice,
  firstFocusLine,
  openingNotice,
} from '../../../src/store/commandResult';
import { MY_SCENARIO } from '../../../src/store/myScenario';
import { createPanelsStore, type PanelState } from '../../../src/store/panels';
import { hitsText, noticeText, selectPanelView } from '../../../src/store/panelView';
import { probesOf } from '../../../src/store/recording';
import {
  isStop,
  placedRunError,
  runErrorHint,
  runErrorText,
} from '../../../src/store/runErrorText';
import {
  lessonAddress,
  linkedState,
  loadSaved,
  onLessonLines,
  panelAddress,
  type SharedPanelState,
} from '../../../src/store/share';
import type { ProbeResult } from '../../../src/trace/meta';
import type { Trace } from '../../../src/trace/trace';
import { emptyTrace } from '../../../src/trace/trace';
import {
  buildTrace,
  NE,
  nestedCallSpec,
  nestedCallTrace,
  NESTED_CALL_PANEL as PANEL,
} from '../replay/fixtures';

const FILES = { 'lib.py': 'x\n'.repeat(12), 'main.py': 'x\n'.repeat(6) };
const FOCUS = { file: 'lib.py', fn: 'f' };

function view(
  trace: Trace,
  breakpoints: Breakpoint[],
  extra: Partial<PanelState> = {},
  pythonReady = true,
) {
  const state: PanelState = {
    scenario: 's1',
    breakpoints,
    traces: { s1: { key: 'k', trace } },
    position: -1,
    frameIndex: 0,
    pending: null,
    historyTarget: null,
    ...extra,
  };
  return selectPanelView({
    panel: PANEL,
    files: FILES,
    state,
    pythonReady,
    author: false,
    activeNote: null,
    cursorLine: null,
  });
}

// lib.py line 8 (`total += g(i)`) runs twice: events fBody0 and fBody1.
const bp = (over: Partial<Breakpoint>): Breakpoint => ({
  id: 'b',
  file: 'lib.py',
  line: 8,
  enabled: true,
  ...over,
});
const errors = (message: string): ProbeResult[] => [
  [NE.fBody0, 'b', 'error', message],
  [NE.fBody1, 'b', 'error', message],
];

describe('a breakpoint condition that fails', () => {
  const trace = nestedCallTrace(errors('SyntaxError: invalid syntax'));
  const b = bp({ condition: 'callback.__nam ==' });

  it('shows the error on the row and the gutter mark, and the row says it never stopped', () => {
    const v = view(trace, [b]);
    const [row] = v.breakpoints;
    expect(row.error).toEqual({
      source: 'condition',
      event: NE.fBody0,
      message: 'SyntaxError: invalid syntax',
      count: 2,
    });
    expect(row).toMatchObject({ kind: 'condition', reached: 2, fired: 0 });
    expect(v.code.gutter).toEqual([
      { line: 8, enabled: true, kind: 'condition', error: 'SyntaxError: invalid syntax' },
    ]);
    expect(hitsText('en', row)).toBe('stops 0× of the 2× the line ran');
    // A logpoint whose message failed at every hit logged nothing.
    const log = {
      ...row,
      kind: 'log' as const,
      fired: 2,
      error: { ...row.error!, source: 'log' as const },
    };
    expect(hitsText('en', log)).toBe('logged 0× (the line ran 2×)');
    expect(hitsText('zh', row)).toBe('该行运行 2 次，其中 0 次停下');
  });

  it('does not stop there: Debug runs to the end and says the condition failed', () => {
    const r = applyCommand(trace, { position: -1, breakpoints: [b] }, 'debug', FOCUS);
    // Its line ran: "no breakpoint was reached" would be false.
    expect(r).toEqual({ position: trace.length, notice: { kind: 'neverStopped', failed: true } });
    expect(noticeText('zh', r.notice!)).toContain('条件出错');
    // A condition that evaluates but never holds says so too, without blaming an error.
    const never = nestedCallTrace([
      [NE.fBody0, 'b', 'ok', ''],
      [NE.fBody1, 'b', 'ok', ''],
    ]);
    const q = applyCommand(never, { position: -1, breakpoints: [b] }, 'debug', FOCUS);
    expect(q.notice).toEqual({ kind: 'neverStopped', failed: false });
    expect(noticeText('en', q.notice!)).toMatch(/line ran, but its condition or hit count/);
  });

  it('the table comparing scenarios says the condition fails there, not "0"', () => {
    expect(compareCell(b, trace, [b])).toEqual({
      kind: 'error',
      message: 'SyntaxError: invalid syntax',
    });
    // Where it evaluates, the count; a logpoint counts its line's runs; unrecorded, pending.
    const ok = nestedCallTrace([
      [NE.fBody0, 'b', 'ok', ''],
      [NE.fBody1, 'b', 'ok', '1'],
    ]);
    expect(compareCell(b, ok, [b])).toEqual({ kind: 'count', n: 1 });
    const log = bp({ log: 'i={i}' });
    expect(compareCell(log, nestedCallTrace(), [log])).toEqual({ kind: 'count', n: 2 });
    expect(compareCell(b, null, [b])).toEqual({ kind: 'pending' });
  });

  it('a run that was never recorded counts nothing: no "0" in the table, no hits in the list', () => {
    const plain = bp({});
    const log = bp({ log: 'i={i}' });
    const failed = {
      type: 'PythonUnavailable',
      message: 'pyodide.asm.wasm could not be fetched',
      fromApp: true as const,
    };
    const none = emptyTrace('error', failed, ['lib.py']);
    expect(compareCell(plain, none, [plain])).toEqual({ kind: 'unrecorded', error: failed });
    expect(compareCell(log, none, [log])).toEqual({ kind: 'unrecorded', error: failed });
    const crashed = emptyTrace('error', {
      type: 'WorkerCrashed',
      message: 'gone; run again.',
      fromApp: true,
    });
    expect(compareCell(plain, crashed, [plain]).kind).toBe('unrecorded');
    // The program's own exception of that name, even in a trace with no event, is no failure
    // of the app: it is not read as "never recorded".
    const own = emptyTrace('error', { type: 'WorkerCrashed', message: 'mine' });
    expect(compareCell(plain, own, [plain]).kind).not.toBe('unrecorded');
    // The breakpoint list of that panel says "not recorded", not "stops here 0×"; the
    // step buttons wait for Python instead of stepping through nothing.
    const v = view(none, [plain], {}, false);
    expect(v.breakpoints.map((r) => [r.reached, r.fired])).toEqual([[null, null]]);
    expect(hitsText('en', v.breakpoints[0])).toBe('not recorded yet');
    expect(v.commands.debug).toBe(false);
    expect(v.commands.stepInto).toBe(false);
    // The same trace with Python up (it is about to record again) does not block Debug.
    expect(view(none, [plain], {}, true).commands.debug).toBe(true);
    // A program's own exception of that name comes with its run: it is counted.
    const ownError = buildTrace({ ...nestedCallSpec(), error: failed, outcome: 'error' });
    expect(compareCell(log, ownError, [log])).toEqual({ kind: 'count', n: 2 });
  });

  it('the table comparing scenarios says what narrows a row: a condition, a hit count', () => {
    expect(compareHints('en', bp({}))).toEqual([]);
    expect(compareHints('en', bp({ condition: 'i > 0', hitCount: 2 }))).toEqual([
      'if i > 0',
      'hit 2 only',
    ]);
    expect(compareHints('zh', bp({ hitCount: 3 }))).toEqual(['只在第 3 次']);
    // a logpoint counts its line's runs: a hit count does not narrow that
    expect(compareHints('en', bp({ log: 'x', hitCount: 2 }))).toEqual([
      'logpoint (times the line ran)',
    ]);
  });

  it('a disabled breakpoint shows no error', () => {
    const v = view(trace, [{ ...b, enabled: false }]);
    expect(v.breakpoints[0].error).toBeNull();
    expect(v.code.gutter[0].error).toBeUndefined();
  });

  it('once fixed (results evaluate), the error is gone and it stops', () => {
    const fixed = nestedCallTrace([
      [NE.fBody0, 'b', 'ok', ''],
      [NE.fBody1, 'b', 'ok', '1'],
    ]);
    const v = view(fixed, [bp({ condition: 'i == 1' })]);
    expect(v.breakpoints[0]).toMatchObject({ error: null, fired: 1, reached: 2 });
    const r = applyCommand(
      fixed,
      { position: -1, breakpoints: [bp({ condition: 'i == 1' })] },
      'debug',
      FOCUS,
    );
    expect(r.position).toBe(NE.fBody1);
  });
});

describe('what the breakpoint rows count', () => {
  const trace = nestedCallTrace();
  it('a plain breakpoint counts its stops; a logpoint how often it logged and the line ran', () => {
    const v = view(trace, [bp({}), bp({ id: 'l', log: 'i={i}' })]);
    expect(hitsText('en', v.breakpoints[0])).toBe('stops here 2×');
    expect(hitsText('zh', v.breakpoints[0])).toBe('在此停下 2 次');
    expect(hitsText('en', v.breakpoints[1])).toBe('logged 2× (the line ran 2×)');
  });
});

describe('Debug with no breakpoint', () => {
  const trace = nestedCallTrace();
  it('stops at the first line of the panel function, and says so', () => {
    expect(firstFocusLine(trace, FOCUS)).toBe(NE.fTotal0);
    const r = applyCommand(trace, { position: -1, breakpoints: [] }, 'debug', FOCUS);
    expect(r).toEqual({
      position: NE.fTotal0,
      notice: { kind: 'debugNoBreakpoint', function: 'f' },
    });
    expect(noticeText('en', r.notice!)).toContain('first line of f');
    expect(noticeText('zh', r.notice!)).toContain('第一行');
  });

  it('the "no breakpoint" notice goes as soon as a breakpoint that stops is set', () => {
    const { notice } = applyCommand(trace, { position: -1, breakpoints: [] }, 'debug', FOCUS);
    expect(currentNotice(notice, [])).toEqual(notice);
    // A logpoint or a disabled breakpoint still cannot stop: the notice stays true.
    expect(currentNotice(notice, [bp({ log: 'x' })])).toEqual(notice);
    expect(currentNotice(notice, [bp({ enabled: false })])).toEqual(notice);
    expect(currentNotice(notice, [bp({})])).toBeNull();
    // After an edit restarted the run, the part about the restart stays; the rest goes.
    const restarted = { kind: 'codeChanged' as const, after: notice };
    expect(noticeText('en', restarted)).toMatch(/^The code changed, .* first line of f/);
    expect(currentNotice(restarted, [bp({})])).toEqual({ kind: 'codeChanged', after: null });
    expect(noticeText('zh', { kind: 'codeChanged', after: null })).toContain('重新运行');
    // Other notices are about the last command, not about breakpoints.
    expect(currentNotice({ kind: 'noBreakpointHit' }, [bp({})])).toEqual({
      kind: 'noBreakpointHit',
    });
  });

  it('with logpoints alone, Debug runs to the end (they log) and says they do not stop', () => {
    const r = applyCommand(
      trace,
      { position: -1, breakpoints: [bp({ log: 'x' })] },
      'debug',
      FOCUS,
    );
    expect(r).toEqual({ position: trace.length, notice: { kind: 'loggedOnly' } });
    expect(noticeText('en', r.notice!)).toMatch(/^Ran to the end: logpoints .* without stopping/);
    expect(noticeText('zh', r.notice!)).toContain('日志点');
    // A disabled logpoint logs nothing: Debug stops at the first line as with none.
    const off = [bp({ log: 'x', enabled: false })];
    expect(applyCommand(trace, { position: -1, breakpoints: off }, 'debug', FOCUS).notice).toEqual({
      kind: 'debugNoBreakpoint',
      function: 'f',
    });
    // With a breakpoint that stops but is never reached, it says so, as before.
    const never = [bp({ log: 'x' }), bp({ id: 'n', line: 999 })];
    expect(
      applyCommand(trace, { position: -1, breakpoints: never }, 'debug', FOCUS).notice,
    ).toEqual({ kind: 'noBreakpointHit' });
  });

  it('Reverse Continue with no breakpoint behind goes to the first line of f, then to step 1', () => {
    const back = (position: number, breakpoints: Breakpoint[] = []) =>
      applyCommand(trace, { position, breakpoints }, 'reverseContinue', FOCUS);
    const r = back(NE.g2Line3);
    expect(r).toEqual({
      position: NE.fTotal0,
      notice: { kind: 'reverseNoBreakpoint', function: 'f' },
    });
    expect(noticeText('en', r.notice!)).toMatch(/^No breakpoint stops before this step: .* of f\./);
    expect(noticeText('zh', r.notice!)).toContain('f 的第一行');
    // from there (or from the setup before it), to the start of the run
    for (const from of [NE.fTotal0, NE.printLine]) {
      expect(back(from)).toEqual({
        position: 0,
        notice: { kind: 'reverseNoBreakpoint', function: null },
      });
    }
    expect(noticeText('zh', back(NE.fTotal0).notice!)).toContain('第 1 步');
    // finished: the same, from the end
    expect(back(trace.length).position).toBe(NE.fTotal0);
    // a breakpoint that stops behind the step: it goes there, and says nothing
    const g3 = bp({ line: 3 });
    expect(back(NE.g2Line3, [g3])).toEqual({ position: NE.g1Line3, notice: null });
    // one that stops only ahead: as with none
    expect(back(NE.g1Line2, [g3]).notice).toEqual({ kind: 'reverseNoBreakpoint', function: 'f' });
  });

  it('a function that is never called: Debug runs to the end as before', () => {
    const r = applyCommand(trace, { position: -1, breakpoints: [] }, 'debug', {
      file: 'lib.py',
      fn: 'never',
    });
    expect(r.position).toBe(trace.length);
  });
});

describe('the value an event returns, under the variables', () => {
  it("shows a function's return value, not the None a module's code ends with", () => {
    const trace = nestedCallTrace();
    const at = (position: number) => view(trace, [], { position }).pos?.result;
    expect(at(NE.returnF)).toMatchObject({ kind: 'return' });
    expect(at(NE.boomException)).toMatchObject({ kind: 'exception' });
    expect(at(NE.moduleReturn)).toBeNull();
  });

  it('shows it only in the frame the event is in, not in a caller selected instead', () => {
    const trace = nestedCallTrace();
    const caller = view(trace, [], { position: NE.boomException, frameIndex: 1 });
    expect(caller.pos?.stack.length).toBeGreaterThan(1);
    expect(caller.pos?.result).toBeNull();
    const own = view(trace, [], { position: NE.boomException, frameIndex: 0 });
    expect(own.pos?.result).toMatchObject({ kind: 'exception' });
  });

  it('writes a class body as `class Name`, with no return value at its end', () => {
    // class Store(list): def append(self, x): super().append(x)  →  the body returns its cell
    const trace = buildTrace({
      frames: [
        { fn: '<module>', file: 'lib.py' },
        { fn: 'Store', file: 'lib.py', parent: 0, classBody: true },
      ],
      events: [
        { kind: 'line', frame: 0, line: 1 },
        { kind: 'call', frame: 1, line: 1 },
        { kind: 'line', frame: 1, line: 2 },
        { kind: 'return', frame: 1, line: 2, value: '<cell at 0x1: empty>' },
        { kind: 'line', frame: 0, line: 4 },
      ],
    });
    const v = view(trace, [], { position: 3 });
    expect(v.pos?.result).toBeNull();
    expect(v.calls[0]).toBe('class Store');
    expect(view(trace, [], { position: 2 }).calls).toEqual(['class Store', '<module>']);
  });
});

describe('a link or saved state asking for a scenario the panel does not offer', () => {
  const open = (scenario: string) => {
    const store = createPanelsStore({
      record: () => new Promise<Trace>(() => {}),
      requestFor: () => null,
      scenariosOf: () => ['pass', 'block'],
      initialOf: () => ({ scenario, position: 5 }),
    });
    store.getState().initPanel('l:p', { traces: 'near' });
    return store.getState().panels['l:p'];
  };

  it('opens on the first scenario, says why, and drops the step of the other run', () => {
    const mine = open(MY_SCENARIO);
    expect(mine).toMatchObject({ scenario: 'pass', pending: null });
    expect(mine.notice).toEqual({ kind: 'scenarioMissing', asked: MY_SCENARIO, mine: true });
    expect(noticeText('en', mine.notice!)).toMatch(/kept only in the browser where it was written/);
    const gone = open('renamed');
    expect(gone.notice).toEqual({ kind: 'scenarioMissing', asked: 'renamed', mine: false });
    expect(noticeText('zh', gone.notice!)).toBe(
      '这节课没有场景“renamed”；面板改为打开第一个场景。',
    );
    // A scenario it offers opens as asked, at the linked step, with nothing to say.
    const ok = open('block');
    expect(ok).toMatchObject({ scenario: 'block', pending: { jump: 5 }, notice: null });
  });
});

describe('a scenario asked for that arrives after the panel opened (a draft’s, in author mode)', () => {
  it('switches to it, at the linked step, and stops saying it is missing', () => {
    let scenarios = ['pass', 'block'];
    const store = createPanelsStore({
      record: () => new Promise<Trace>(() => {}),
      requestFor: () => null,
      scenariosOf: () => scenarios,
      initialOf: () => ({ scenario: 'draft_only', position: 4 }),
    });
    store.getState().initPanel('l:p', { traces: 'near' });
    expect(store.getState().panels['l:p']).toMatchObject({ scenario: 'pass', pending: null });
    scenarios = ['pass', 'block', 'draft_only'];
    store.getState().reconcile('l:p');
    expect(store.getState().panels['l:p']).toMatchObject({
      scenario: 'draft_only',
      notice: null,
      pending: { jump: 4 },
    });
  });

  it('leaves the panel alone once the reader has moved on from where it opened', () => {
    let scenarios = ['pass'];
    const store = createPanelsStore({
      record: () => new Promise<Trace>(() => {}),
      requestFor: () => null,
      scenariosOf: () => scenarios,
      initialOf: () => ({ scenario: 'late' }),
    });
    store.getState().initPanel('l:p', { traces: 'near' });
    scenarios = ['pass', 'other'];
    store.getState().setScenario('l:p', 'other');
    scenarios = ['pass', 'other', 'late'];
    store.getState().reconcile('l:p');
    expect(store.getState().panels['l:p']?.scenario).toBe('other');
  });
});

describe("a link's conditions and log messages (Python written by whoever shared it)", () => {
  const bps: Breakpoint[] = [
    bp({ id: 'a', line: 1 }),
    bp({ id: 'b', line: 2, condition: 'x > 1' }),
    bp({ id: 'c', line: 3, log: 'x={x}' }),
    bp({ id: 'd', line: 4, condition: 'y', enabled: false }),
  ];
  const address = parseAddress(
    formatAddress(
      'http://localhost/',
      lessonAddress('les', 'one', { one: { scenario: 'pass', breakpoints: bps, position: 3 } }),
    ),
  );

  it('arrive turned off and counted; plain breakpoints, and the code itself, stay', () => {
    const state = linkedState(address, 'les', 'one');
    expect(state.breakpoints?.map((b) => [b.line, b.enabled])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(state.breakpoints?.[1].condition).toBe('x > 1');
    expect(state.breakpoints?.[2].log).toBe('x={x}');
    // a turned-off one is evaluated too (its hit counts): held as well
    expect(state.breakpoints?.map((b) => Boolean(b.held))).toEqual([false, true, true, true]);
    // none of their code goes to Python; a saved or re-shared state keeps them held
    expect(probesOf(state.breakpoints ?? [])).toEqual([]);
    const again = parseAddress(
      formatAddress(
        'http://localhost/',
        lessonAddress('les', 'one', { one: { ...state, scenario: 'pass', position: 3 } } as never),
      ),
    );
    expect(linkedState(again, 'les', 'one').breakpoints?.[1]).toMatchObject({ held: true });
  });

  it('are said when the panel opens, still after it lands on the linked step', async () => {
    const trace = nestedCallTrace();
    const store = createPanelsStore({
      record: async () => trace,
      requestFor: (_key, scenario) => ({ files: [], scenario }),
      scenariosOf: () => ['pass'],
      initialOf: () => linkedState(address, 'les', 'one'),
    });
    store.getState().initPanel('l:p', { traces: 'near' });
    expect(store.getState().panels['l:p'].notice).toEqual({ kind: 'linkCodeHeld', count: 3 });
    store.getState().panelNear('l:p');
    await vi.waitFor(() => expect(store.getState().panels['l:p'].position).toBe(3));
    const notice = store.getState().panels['l:p'].notice;
    expect(notice).toEqual({ kind: 'linkCodeHeld', count: 3 });
    expect(noticeText('en', notice!)).toMatch(/^3 breakpoints from this link have conditions/);
    // turned on, a breakpoint's code is the reader's: it is evaluated from then on
    const { id } = store.getState().panels['l:p'].breakpoints[1];
    store.getState().updateBreakpoint('l:p', id, { enabled: true });
    const [, on] = store.getState().panels['l:p'].breakpoints;
    expect(on).toMatchObject({ enabled: true, condition: 'x > 1' });
    expect(on.held).toBeUndefined();
    expect(probesOf(store.getState().panels['l:p'].breakpoints).map((b) => b.id)).toEqual([id]);
    expect(noticeText('zh', { kind: 'linkCodeHeld', count: 1 })).toMatch(
      /^这个链接带来的一个断点有条件或日志表达式/,
    );
  });
});

describe('a link whose breakpoints are partly unreadable (edited, or cut short)', () => {
  const encoded = (state: unknown) => Buffer.from(JSON.stringify(state)).toString('base64url');
  const address = (b: unknown[]) =>
    parseAddress(
      formatAddress('http://localhost/', {
        lesson: 'les',
        panel: 'one',
        state: encoded({ v: 2, panels: { one: { s: 'pass', b, p: -1 } } }),
      }),
    );

  it('sets the ones it can read and says how many it could not', () => {
    const state = linkedState(
      address([['main.py', 1], ['main.py', 0], ['main.py'], 7, ['main.py', 2, { c: 'x > 1' }]]),
      'les',
      'one',
    );
    expect(state.breakpoints?.map((b) => [b.line, Boolean(b.held)])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(state.unreadBreakpoints).toBe(3);
    const notice = openingNotice(null, state);
    expect(notice).toEqual({ kind: 'linkBreakpointsUnread', count: 3, held: 1 });
    // both things are said: the ones not set, and the one turned off
    expect(noticeText('en', notice!)).toMatch(
      /^3 breakpoints in this link were not set: .* no longer has their lines\. A breakpoint from this link has a condition/,
    );
    expect(noticeText('zh', notice!)).toMatch(/已经没有那些行。这个链接带来的一个断点有条件/);
    expect(noticeText('zh', { kind: 'linkBreakpointsUnread', count: 1, held: 0 })).toBe(
      '这个链接里有一个断点没有设上：也许链接被改过、复制时少了一截，或者课程在链接生成之后改过，已经没有那一行。',
    );
  });

  it('drops unreadable ones of a saved state without a word about a link', () => {
    const saved = new Map([
      [
        'wpt.panel.l:p',
        encoded({
          s: 'pass',
          b: [
            ['main.py', 0],
            ['main.py', 4],
          ],
        }),
      ],
    ]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => saved.get(k) ?? null });
    try {
      const state = loadSaved('l:p');
      expect(state.breakpoints?.map((b) => b.line)).toEqual([4]);
      expect(state).not.toHaveProperty('unreadBreakpoints');
      expect(openingNotice(null, state)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves out, and counts, breakpoints on a file or line the lesson does not have', () => {
    const state = linkedState(
      address([
        ['main.py', 3],
        ['main.py', 9],
        ['gone.py', 1],
        ['main.py', 0],
        ['main.py', 2, { c: 'x' }],
      ]),
      'les',
      'one',
    );
    const lines = new Map([['main.py', 4]]);
    const kept = onLessonLines(state, lines);
    expect(kept.breakpoints?.map((b) => [b.file, b.line])).toEqual([
      ['main.py', 3],
      ['main.py', 2],
    ]);
    // one unreadable (line 0) and two the lesson does not have (line 9, gone.py)
    expect(kept.unreadBreakpoints).toBe(3);
    expect(openingNotice(null, kept)).toEqual({ kind: 'linkBreakpointsUnread', count: 3, held: 1 });
    // all on the lesson's lines: the same state back, nothing said
    const fine = linkedState(address([['main.py', 4]]), 'les', 'one');
    expect(onLessonLines(fine, lines)).toBe(fine);
    expect(openingNotice(null, onLessonLines(fine, lines))).toBeNull();
    expect(onLessonLines({}, lines)).toEqual({});
  });

  it('says nothing of a link whose breakpoints all read', () => {
    const state = linkedState(address([['main.py', 1]]), 'les', 'one');
    expect(state.unreadBreakpoints).toBeUndefined();
    expect(openingNotice(null, state)).toBeNull();
  });
});

describe('a jump that answers a prediction', () => {
  it('keeps the verdict as the panel notice until the next command', async () => {
    const trace = nestedCallTrace();
    const store = createPanelsStore({
      record: async () => trace,
      requestFor: (_key, scenario) => ({
        files: [],
        scenario,
        budget: { maxEvents: 9, maxSeconds: 1 },
      }),
      scenariosOf: () => ['pass'],
      initialOf: () => ({}),
    });
    store.getState().initPanel('l:p', { traces: 'near' });
    store.getState().panelNear('l:p');
    await vi.waitFor(() => expect(store.getState().panels['l:p'].traces.pass?.trace).toBe(trace));
    store.getState().jumpTo('l:p', 3, { kind: 'predicted', correct: false });
    const notice = store.getState().panels['l:p'].notice;
    expect(notice).toEqual({ kind: 'predicted', correct: false });
    expect(noticeText('zh', notice!)).toMatch(/^不对。这一步就是答案的出处/);
    expect(noticeText('en', { kind: 'predicted', correct: true })).toMatch(/^Right\. This step/);
    store.getState().command('l:p', 'stepOver');
    expect(store.getState().panels['l:p'].notice).toBeNull();
    // A plain jump (the timeline, a history row) says nothing.
    store.getState().jumpTo('l:p', 2);
    expect(store.getState().panels['l:p'].notice).toBeNull();
  });
});

describe('notices and stop reasons in the reader’s language', () => {
  it('words Go to step out of range', () => {
    const n = { kind: 'stepOutOfRange', asked: 99, total: 29 } as const;
    expect(noticeText('en', n)).toBe('There is no step 99: this run has 29 steps (1–29).');
    expect(noticeText('zh', n)).toMatch(/没有第 99 步/);
  });

  it('says Go to step out of range beside its field, not above the code', () => {
    const trace = nestedCallTrace();
    const n = { kind: 'stepOutOfRange', asked: 99, total: trace.length } as const;
    const v = view(trace, [], { notice: n });
    expect(v.stepOutOfRange).toEqual(n);
    expect(v.notice).toBeNull();
    const other = view(trace, [], { notice: { kind: 'noBreakpointHit' } });
    expect(other.stepOutOfRange).toBeNull();
    expect(other.notice).toEqual({ kind: 'noBreakpointHit' });
  });

  it('words budget stops from reason and limit, never from the recorder’s English', () => {
    const e = {
      type: 'BudgetExceeded',
      reason: 'seconds',
      limit: 2,
      message: 'stopped after 2 s (the time budget)',
    };
    expect(runErrorText('zh', e)).toBe('运行被中止：运行 2 秒后停下（时间上限）');
    expect(runErrorText('en', e)).toBe('The run was stopped: stopped after 2 s (the time budget)');
    expect(runErrorText('zh', { ...e, reason: 'events', limit: 500000 })).toContain('500,000');
    expect(
      runErrorText('zh', { type: 'KeyboardInterrupt', reason: 'interrupted', message: 'x' }),
    ).toMatch(/中断/);
    expect(
      runErrorText('zh', { type: 'WorkerCrashed', message: 'boom; run again.', fromApp: true }),
    ).toMatch(/重新启动/);
    // a run that changed the recorder: worded in the reader's language around the name
    const sealed = {
      type: 'SealBroken',
      message: 'wpt_recorder.values.Values.atom',
      fromApp: true as const,
    };
    expect(runErrorText('zh', sealed)).toMatch(
      /^这次运行改动了 wpt_recorder\.values\.Values\.atom，.*重新启动/,
    );
    expect(runErrorText('en', sealed)).toMatch(
      /^This run changed wpt_recorder\.values\.Values\.atom, which every later run/,
    );
    expect(runErrorText('zh', { type: 'ValueError', message: 'bad' })).toBe('ValueError: bad');
    // Python failed to start: it will not get ready by itself, so the reader is sent to Retry
    const unavailable = {
      type: 'PythonUnavailable',
      message: 'x.wasm: HTTP 404',
      fromApp: true as const,
    };
    expect(runErrorText('en', unavailable)).toMatch(/^Python could not start.*Press Retry.*reload/);
    expect(runErrorText('zh', unavailable)).toMatch(
      /^Python 没能启动.*“重试”或重新载入.*x\.wasm: HTTP 404/,
    );
  });

  it('words the program’s own exceptions as they are, whatever they are called', () => {
    // Exceptions a program raises itself carry no reason and are not the app's: a lesson
    // may well raise KeyboardInterrupt (the hooks lesson: only Exception is caught).
    for (const type of ['KeyboardInterrupt', 'BudgetExceeded', 'WorkerCrashed', 'SealBroken']) {
      const own = { type, message: 'raised by the program', file: 'main.py', line: 3 };
      expect(isStop(own)).toBe(false);
      for (const lang of ['zh', 'en'] as const)
        expect(runErrorText(lang, own)).toBe(`${type}: raised by the program`);
    }
    // the recorder's and the watchdog's stops say why they were made
    expect(isStop({ type: 'KeyboardInterrupt', reason: 'interrupted', message: 'x' })).toBe(true);
    expect(isStop({ type: 'BudgetExceeded', reason: 'events', limit: 9, message: 'x' })).toBe(true);
  });

  it('tells why input() found no input, in the reader’s language, and only then', () => {
    const eof = { type: 'EOFError', message: 'EOF when reading a line', file: 'main.py', line: 2 };
    expect(runErrorHint('en', eof)).toMatch(/^A program run here has no keyboard input: input\(\)/);
    expect(runErrorHint('en', eof)).toContain('name = "Ada"');
    expect(runErrorHint('zh', eof)).toMatch(/^这里运行的程序没有键盘输入：input\(\)/);
    // Another EOFError (pickle's, the program's own wording) is not about input().
    expect(runErrorHint('en', { ...eof, message: 'Ran out of input' })).toBeNull();
    // The same words under another type, or from the app, or a stop: no hint.
    expect(runErrorHint('en', { ...eof, type: 'ValueError' })).toBeNull();
    expect(runErrorHint('en', { ...eof, fromApp: true })).toBeNull();
    expect(
      runErrorHint('en', { type: 'BudgetExceeded', reason: 'events', limit: 9, message: 'x' }),
    ).toBeNull();
  });

  it('tells why an import found no module: only the standard library and the lesson’s files are here', () => {
    const missing = { type: 'ModuleNotFoundError', message: "No module named 'numpy'" };
    expect(runErrorHint('en', missing)).toMatch(
      /^Only Python's standard library \(.*\) and this lesson's own files/,
    );
    expect(runErrorHint('zh', missing)).toMatch(
      /^这里能导入的只有 Python 标准库（.*）和本课自己的文件/,
    );
    // A dotted name too; the network blocker's ImportError has its own words.
    expect(
      runErrorHint('en', { ...missing, message: "No module named 's04.core.gat'" }),
    ).not.toBeNull();
    expect(
      runErrorHint('en', {
        type: 'ImportError',
        message: "module 'socket' is disabled: code in this playground cannot reach the network",
      }),
    ).toBeNull();
    expect(runErrorHint('en', { ...missing, message: 'something else' })).toBeNull();
  });

  it('tells why a thread cannot start, and what sys.exit() is, and nothing for other errors', () => {
    const thread = { type: 'RuntimeError', message: "can't start new thread" };
    expect(runErrorHint('en', thread)).toMatch(/^Python in a browser has a single thread/);
    expect(runErrorHint('zh', thread)).toMatch(/^浏览器里的 Python 只有一个线程/);
    // What does run here instead: asyncio's tasks (recorder/asyncloop.py)
    expect(runErrorHint('en', thread)).toContain('asyncio.gather');
    expect(runErrorHint('zh', thread)).toContain('asyncio.gather');
    expect(runErrorHint('en', { ...thread, message: 'dictionary changed size' })).toBeNull();
    for (const message of ['0', 'None', 'bye']) {
      expect(runErrorHint('en', { type: 'SystemExit', message })).toMatch(
        /^sys\.exit\(\) \(and exit\(\), quit\(\)\) ends a program by raising SystemExit/,
      );
      expect(runErrorHint('zh', { type: 'SystemExit', message })).toMatch(/^sys\.exit\(\)/);
    }
    for (const type of ['ValueError', 'KeyError', 'ImportError', 'NameError'])
      expect(runErrorHint('en', { type, message: 'x' })).toBeNull();
  });

  it('places a stop at the last line that ran; an exception keeps its own place', () => {
    const stop = { type: 'BudgetExceeded', reason: 'events', limit: 3, message: 'x' };
    const loop = buildTrace({
      frames: [{ fn: 'f', file: 'lib.py' }],
      events: [7, 8, 7, 8].map((line) => ({ kind: 'line' as const, frame: 0, line })),
      outcome: 'stopped',
      error: stop,
    });
    expect(loop.lastLine()).toEqual({ file: 'lib.py', line: 8 });
    expect(loop.lastLine((file) => file !== 'lib.py')).toBeNull();
    expect(placedRunError(loop)).toEqual({ ...stop, file: 'lib.py', line: 8 });
    // Stopped before any line ran: no place to give, the stop itself is still reported.
    const none = buildTrace({ frames: [], events: [], outcome: 'stopped', error: stop });
    expect(placedRunError(none)).toEqual(stop);
    const raised = { type: 'ValueError', message: 'bad', file: 'main.py', line: 2 };
    const failed = buildTrace({
      frames: [{ fn: 'f', file: 'lib.py' }],
      events: [{ kind: 'line' as const, frame: 0, line: 7 }],
      outcome: 'error',
      error: raised,
    });
    expect(placedRunError(failed)).toEqual(raised);
    expect(placedRunError(null)).toBeNull();
  });
});

describe('a shared link carries every changed panel and the selected frame', () => {
  const BASE = 'http://localhost/';
  const bp1 = { id: 'x', file: 'a.py', line: 3, enabled: true };
  const address = parseAddress(
    formatAddress(
      BASE,
      lessonAddress('les', 'two', {
        one: { scenario: 'block', breakpoints: [bp1], position: 7, frameIndex: 1 },
        two: { scenario: 'plain', breakpoints: [], position: 4 },
      }),
    ),
  );

  it('restores each panel from one link, and names the panel last used', () => {
    expect(address).toMatchObject({ lesson: 'les', panel: 'two', hash: 'panel-two' });
    expect(linkedState(address, 'les', 'one')).toMatchObject({
      scenario: 'block',
      position: 7,
      frameIndex: 1,
      breakpoints: [{ file: 'a.py', line: 3, enabled: true }],
    });
    expect(linkedState(address, 'les', 'two')).toEqual({
      scenario: 'plain',
      breakpoints: [],
      position: 4,
    });
    expect(linkedState(address, 'les', 'three')).toEqual({});
    expect(linkedState(address, 'other', 'one')).toEqual({});
  });

  it('still reads a one-panel link for the panel it names', () => {
    const old = parseAddress(
      formatAddress(
        BASE,
        panelAddress('les', 'one', { scenario: 's', breakpoints: [], position: 2 }),
      ),
    );
    expect(linkedState(old, 'les', 'one')).toMatchObject({ scenario: 's', position: 2 });
    expect(linkedState(old, 'les', 'two')).toEqual({});
  });

  it("reads a hand-written s= that is not an encoded state as the named panel's scenario id", () => {
    const typed = parseAddress(`${BASE}?lesson=les&panel=one&s=block`);
    expect(linkedState(typed, 'les', 'one')).toEqual({ scenario: 'block' });
    expect(linkedState(typed, 'les', 'two')).toEqual({});
    // Anything else that does not decode is said to be unreadable, by the panel it names.
    const odd = parseAddress(`${BASE}?lesson=les&panel=one&s=%3Cb%3E`);
    expect(linkedState(odd, 'les', 'one')).toEqual({ unreadable: true });
    expect(linkedState(odd, 'les', 'two')).toEqual({});
  });
});

describe('what a breakpoint asks Python to evaluate', () => {
  it("sends a logpoint's hit count with its message, and a breakpoint's not (the replay counts those)", () => {
    const bps = [
      { id: 'a', file: 'f.py', line: 3, enabled: true, hitCount: 2 },
      { id: 'b', file: 'f.py', line: 3, enabled: true, hitCount: 2, condition: 'x' },
      { id: 'c', file: 'f.py', line: 4, enabled: true, hitCount: 3, log: '{x}' },
      { id: 'd', file: 'f.py', line: 4, enabled: true, log: '{y}' },
    ];
    expect(probesOf(bps)).toEqual([
      { id: 'b', path: 'f.py', line: 3, condition: 'x' },
      { id: 'c', path: 'f.py', line: 4, log: '{x}', hitCount: 3 },
      { id: 'd', path: 'f.py', line: 4, log: '{y}' },
    ]);
  });
});

describe('a link the panel cannot follow as it is', () => {
  const open = async (initial: SharedPanelState) => {
    const trace = nestedCallTrace();
    const store = createPanelsStore({
      record: async () => trace,
      requestFor: (_key, scenario) => ({ files: [], scenario }),
      scenariosOf: () => ['pass', 'block'],
      initialOf: () => initial,
    });
    store.getState().initPanel('l:p', { traces: 'now' });
    await vi.waitFor(() => expect(store.getState().panels['l:p'].pending).toBeNull());
    return { p: store.getState().panels['l:p'], length: trace.length };
  };

  it('says a step the run does not have, and opens at the start instead of the end', async () => {
    const { p, length } = await open({ scenario: 'block', position: 99_999 });
    expect(p).toMatchObject({ scenario: 'block', position: START });
    expect(p.notice).toEqual({ kind: 'stepOutOfRange', asked: 100_000, total: length });
    expect(noticeText('en', p.notice!)).toBe(
      `There is no step 100,000: this run has ${length} steps (1–${length}).`,
    );
    const negative = await open({ position: -5 });
    expect(negative.p.position).toBe(START);
    expect(negative.p.notice).toMatchObject({ kind: 'stepOutOfRange', asked: -5 });
    // the end of the run is a step a link may hold (a finished run)
    const end = await open({ position: length });
    expect(end.p).toMatchObject({ position: length, notice: null });
  });

  it("opens the reader's own scenario at its start for a link made on the sharer's own", async () => {
    const link = parseAddress(
      formatAddress(
        'http://localhost/',
        panelAddress('les', 'one', { scenario: MY_SCENARIO, breakpoints: [], position: 3 }),
      ),
    );
    const initial = linkedState(link, 'les', 'one');
    expect(initial).toEqual({ scenario: MY_SCENARIO, breakpoints: [], othersMine: true });
    const store = createPanelsStore({
      record: async () => nestedCallTrace(),
      requestFor: (_key, scenario) => ({ files: [], scenario }),
      scenariosOf: () => ['pass', MY_SCENARIO],
      initialOf: () => initial,
    });
    store.getState().initPanel('l:p', { traces: 'now' });
    const p = store.getState().panels['l:p'];
    expect(p).toMatchObject({ scenario: MY_SCENARIO, position: START, pending: null });
    expect(p.notice).toEqual({ kind: 'linkOthersMine' });
    expect(noticeText('en', p.notice!)).toMatch(/whose script a link does not carry/);
  });

  it('keeps its selected frame within the call stack there', async () => {
    const deep = await open({ position: 7, frameIndex: 9 });
    expect(deep.p.position).toBe(7);
    expect(deep.p.frameIndex).toBe(2); // g < f < <module>
  });

  it('says a state cut short could not be read, instead of naming a scenario of base64', () => {
    const address = parseAddress(
      formatAddress(
        'http://localhost/',
        panelAddress('les', 'one', { scenario: 'block', breakpoints: [], position: 3 }),
      ),
    );
    const cut = { ...address, state: (address.state ?? '').slice(0, -5) };
    expect(linkedState(cut, 'les', 'one')).toEqual({ unreadable: true });
    expect(openingNotice(null, { unreadable: true })).toEqual({ kind: 'linkUnreadable' });
    expect(noticeText('zh', { kind: 'linkUnreadable' })).toMatch(/^这个链接里记的面板状态读不出来/);
    // a hand-written scenario id is still one
    expect(linkedState({ ...address, state: 'block' }, 'les', 'one')).toEqual({
      scenario: 'block',
    });
    expect(linkedState({ ...address, state: 'Block!' }, 'les', 'one')).toEqual({
      unreadable: true,
    });
  });
});
