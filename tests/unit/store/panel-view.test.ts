/**
 * The panel view selector: which file and lines a panel shows, the current line, the
 * step-note highlight, gutter marks, the error alert, the status text and the buttons'
 * enabled state, for every kind of position, on the nested-call fixture.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedPanel } from '../../../src/lessons/lesson';
import type { Breakpoint } from '../../../src/replay/engine';
import { sliceLines } from '../../../src/store/codeLines';
import type { PanelState } from '../../../src/store/panels';
import {
  compactStatus,
  type PanelViewInput,
  selectPanelView,
  statusText,
  timelineText,
} from '../../../src/store/panelView';
import type { Trace } from '../../../src/trace/trace';
import { buildTrace, nestedCallSpec, nestedCallTrace } from '../replay/fixtures';

const LIB = [
  'def g(x):',
  '    y = x * 2',
  '    return y',
  '',
  'def f(n):',
  '    total = 0',
  '    for i in range(n):',
  '        total += g(i)',
  '    return total',
  '',
  'def boom():',
  "    raise ValueError('bad')",
].join('\n');
const MAIN = [
  'from lib import f, boom',
  'print(f(2))',
  'try:',
  '    boom()',
  'except ValueError as e:',
  "    print('caught')",
].join('\n');
const FILES = { 'lib.py': LIB, 'main.py': MAIN };

const PANEL: ResolvedPanel = {
  id: 'f',
  function: 'f',
  source: 'lib.py',
  entry: { path: 'entry.py', code: 'f(2)' },
  functionRange: { start: 5, end: 9 },
  steps: [
    { start: 6, end: 7, text: { zh: '准备', en: 'set up' }, anchors: { start: 'a', end: 'b' } },
    { start: 8, end: 9, text: { zh: '累加', en: 'add up' }, anchors: { start: 'c', end: 'd' } },
  ],
  scenarios: [{ id: 's1', label: { zh: '一', en: 'one' } }],
};

function state(trace: Trace | null, position: number, extra: Partial<PanelState> = {}) {
  return {
    scenario: 's1',
    breakpoints: [],
    traces: trace ? { s1: { key: 'k', trace } } : {},
    position,
    frameIndex: 0,
    pending: null,
    historyTarget: null,
    ...extra,
  } satisfies PanelState;
}

function view(p: PanelState, over: Partial<PanelViewInput> = {}) {
  return selectPanelView({
    panel: PANEL,
    files: FILES,
    state: p,
    pythonReady: true,
    author: false,
    activeNote: null,
    cursorLine: null,
    ...over,
  });
}

describe('selectPanelView', () => {
  const trace = nestedCallTrace();

  it('the timeline counts the steps before the call of the focus function as setup', () => {
    // main.py lines 1 and 2 run first; f is called at event 2.
    const v = view(state(trace, 0));
    expect(v.callStart).toBe(2);
    expect(view(state(trace, 0), { panel: { ...PANEL, function: 'g' } }).callStart).toBe(6);
    // A function that never runs: no setup is claimed.
    expect(view(state(trace, 0), { panel: { ...PANEL, function: 'nope' } }).callStart).toBe(0);
    const n = trace.length;
    expect(timelineText('en', -1, n, 2)).toEqual({ count: `0 / ${n}`, valueText: `0 / ${n}` });
    expect(timelineText('en', 1, n, 2)).toEqual({
      count: `2 / ${n} · setup`,
      valueText: `2 / ${n} · setup`,
    });
    expect(timelineText('zh', 0, n, 2).count).toBe(`1 / ${n} · 准备代码`);
    expect(timelineText('en', 2, n, 2).count).toBe(`3 / ${n}`);
    // Finished: the last event, never past the end.
    expect(timelineText('en', n, n, 2).count).toBe(`${n} / ${n}`);
  });

  it('before the start shows the focus function, no current line, Continue disabled', () => {
    const v = view(state(trace, -1));
    expect(v.state).toBe('ready');
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 5, currentLine: null });
    expect(v.code.text).toBe(sliceLines(LIB, 5, 9));
    expect(v.code.text.split('\n')[0]).toBe('def f(n):');
    expect(v.code.nowIn).toBeNull();
    expect(v.commands).toMatchObject({ debug: true, continue: false, stepInto: true });
    expect(statusText('en', v)).toBe('Not run');
  });

  it('paused inside the focus function marks the line and the step note holding it', () => {
    const v = view(state(trace, 3)); // f, line 6
    expect(v.state).toBe('paused');
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 5, currentLine: 6 });
    expect(v.notes).toEqual({ current: 0, highlighted: 0 });
    expect(v.code.highlight).toEqual(PANEL.steps[0]);
    expect(v.status).toMatchObject({ line: 6, file: null, step: 3, total: trace.length });
    expect(v.commands.continue).toBe(true);
    expect(statusText('en', v)).toBe(`Paused · line 6 · step 4/${trace.length}`);
    expect(statusText('zh', v)).toBe(`已暂停 · 第 6 行 · 第 4 步/${trace.length}`);
  });

  it('a clicked note overrides the current one', () => {
    const v = view(state(trace, 3), { activeNote: 1 });
    expect(v.notes).toEqual({ current: 0, highlighted: 1 });
    expect(v.code.highlight).toEqual(PANEL.steps[1]);
  });

  it('paused in a callee outside the function shows its whole file and says where', () => {
    const v = view(state(trace, 7)); // g, lib.py line 2
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 1, currentLine: 2 });
    expect(v.code.text).toBe(LIB);
    expect(v.code.nowIn).toEqual({ file: 'lib.py', function: 'g' });
    expect(v.notes.current).toBe(-1);
    expect(v.code.highlight).toBeNull();
  });

  it('paused in another file shows that file, with no note highlight', () => {
    const v = view(state(trace, 1)); // <module>, main.py line 2
    expect(v.code).toMatchObject({ file: 'main.py', firstLine: 1, currentLine: 2 });
    expect(v.code.text).toBe(MAIN);
    expect(v.code.nowIn).toEqual({ file: 'main.py', function: '<module>' });
    expect(v.code.highlight).toBeNull();
    // the badge names the file, since "line 2" alone would point into the panel's source
    expect(v.status.file).toBe('main.py');
    expect(statusText('en', v)).toBe(`Paused · main.py line 2 · step 2/${trace.length}`);
    expect(statusText('zh', v)).toBe(`已暂停 · main.py 第 2 行 · 第 2 步/${trace.length}`);
    // the phone toolbar's copy: the file's line and the step count, in a few characters
    // (it may wrap before the colon, not inside "main.py:2")
    expect(compactStatus('en', v)).toBe(`main.py\u200b:2 · 2/${trace.length}`);
    expect(compactStatus('zh', view(state(trace, 3)))).toBe(`第 6 行 · 4/${trace.length}`);
    expect(compactStatus('zh', view(state(trace, -1)))).toBe(
      statusText('zh', view(state(trace, -1))),
    );
  });

  it('a selected outer frame shows that frame’s line', () => {
    const v = view(state(trace, 7, { frameIndex: 1 })); // g called from f line 8
    expect(v.selectedFrame).toBe(1);
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 5, currentLine: 8 });
    expect(v.notes.current).toBe(1);
    expect(view(state(trace, 7, { frameIndex: 9 })).selectedFrame).toBe(v.pos!.stack.length - 1);
    // the badge still says where the program is paused (g, line 2), then what is viewed
    expect(v.status).toMatchObject({
      line: 2,
      file: null,
      viewing: { function: 'f', line: 8, file: null },
    });
    expect(statusText('en', v)).toBe(
      `Paused · line 2 · step 8/${trace.length} · viewing the caller f, line 8`,
    );
    expect(statusText('zh', v)).toBe(
      `已暂停 · 第 2 行 · 第 8 步/${trace.length} · 正在查看调用者 f（第 8 行）`,
    );
    expect(view(state(trace, 7)).status.viewing).toBeNull();
    // the phone toolbar's few characters name the caller too
    expect(compactStatus('en', v)).toBe(`line 2 · 8/${trace.length} · viewing f`);
    expect(compactStatus('zh', v)).toBe(`第 2 行 · 8/${trace.length} · 查看 f`);
    expect(compactStatus('en', view(state(trace, 7)))).toBe(`line 2 · 8/${trace.length}`);
    // a caller in another file: its line is named with the file, as the paused line is
    const outer = view(state(trace, 7, { frameIndex: 2 }));
    expect(outer.status.viewing).toEqual({ function: '<module>', line: 2, file: 'main.py' });
    expect(statusText('en', outer)).toMatch(/ · viewing the caller <module>, main\.py line 2$/);
  });

  it('finished: no current line, back to the focus function', () => {
    const v = view(state(trace, trace.length));
    expect(v.state).toBe('finished');
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 5, currentLine: null });
    expect(v.runError).toBeNull();
    expect(statusText('zh', v)).toBe('已结束');
  });

  it("keeps the code box at the focus function's height, whatever file a step shows", () => {
    // Paused, f's 5 lines, all of main.py (6) or all of lib.py (12) are shown, each in a
    // box of f's 5 lines (scrolled to the current line): no step moves the article.
    const shown = new Set<number>();
    for (let i = -1; i <= trace.length; i++) {
      const v = view(state(trace, i));
      shown.add(v.code.text.split('\n').length);
      expect(v.code.boxLines).toBe(5);
      expect(v.code.fileText).toBe(FILES[v.code.file as keyof typeof FILES]);
    }
    expect([...shown].sort((a, b) => a - b)).toEqual([5, 6, 12]);
  });

  it('gutter and source breakpoints come from the shown file only', () => {
    const bps: Breakpoint[] = [
      { id: 'a', file: 'lib.py', line: 8, enabled: true },
      { id: 'b', file: 'lib.py', line: 6, enabled: false, condition: 'n > 1' },
      { id: 'c', file: 'main.py', line: 2, enabled: true, log: 'x' },
    ];
    const v = view(state(trace, 3, { breakpoints: bps }));
    expect(v.sourceBreakpoints).toEqual([6, 8]);
    expect(v.code.gutter).toEqual([
      { line: 8, enabled: true, kind: 'plain' },
      { line: 6, enabled: false, kind: 'condition' },
    ]);
    expect(view(state(trace, 1, { breakpoints: bps })).code.gutter).toEqual([
      { line: 2, enabled: true, kind: 'log' },
    ]);
  });

  it('author mode shows the whole source as the draft text, editable', () => {
    const v = view(state(trace, -1), { author: true, draftSource: 'def f(n):\n    pass' });
    expect(v.code).toMatchObject({ file: 'lib.py', firstLine: 1, editable: true });
    expect(v.code.text).toBe('def f(n):\n    pass');
    const inMain = view(state(trace, 1), { author: true, draftSource: 'x' });
    expect(inMain.code).toMatchObject({ file: 'main.py', editable: false, text: MAIN });
  });

  it('a failed run shows its error alert and its marker in the file', () => {
    const error = {
      type: 'NameError',
      message: "name 'q' is not defined",
      file: 'lib.py',
      line: 6,
    };
    const failed = buildTrace({ ...nestedCallSpec(), outcome: 'error', error });
    const v = view(state(failed, failed.length));
    expect(v.state).toBe('error');
    expect(v.runError).toEqual({ error, stopped: false, partial: false, expected: null });
    expect(v.code.markers).toEqual([
      { line: 6, column: undefined, message: "NameError: name 'q' is not defined" },
    ]);
    expect(statusText('en', v)).toBe('Error');
    // While paused inside it, the alert waits for the end.
    expect(view(state(failed, 3)).runError).toBeNull();
  });

  it('a stopped run says so and keeps its partial trace', () => {
    const error = { type: 'BudgetExceeded', message: 'too many events', reason: 'events' };
    const stopped = buildTrace({ ...nestedCallSpec(), outcome: 'stopped', error });
    const v = view(state(stopped, stopped.length));
    expect(v.runError).toEqual({ error, stopped: true, partial: true, expected: null });
    expect(statusText('en', v)).toBe('Stopped');
  });

  it('a run that ends as its scenario declares is presented as the expected ending', () => {
    const error = { type: 'RecursionError', message: 'maximum recursion depth exceeded' };
    const failed = buildTrace({ ...nestedCallSpec(), outcome: 'error', error });
    const declaring = (ending: { error: string } | { stop: 'events' }) => ({
      panel: { ...PANEL, scenarios: [{ ...PANEL.scenarios[0], ending }] },
    });
    const v = view(state(failed, failed.length), declaring({ error: 'RecursionError' }));
    expect(v.runError?.expected).toEqual({ error: 'RecursionError' });
    expect(statusText('en', v)).toBe('Ended as expected');
    expect(statusText('zh', v)).toBe('按预期结束');
    // Another ending than the declared one is a broken lesson again.
    const other = view(state(failed, failed.length), declaring({ error: 'ValueError' }));
    expect(other.runError?.expected).toBeNull();
    expect(statusText('en', other)).toBe('Error');
    const stop = { type: 'BudgetExceeded', message: 'too many events', reason: 'events' };
    const stopped = buildTrace({ ...nestedCallSpec(), outcome: 'stopped', error: stop });
    const s = view(state(stopped, stopped.length), declaring({ stop: 'events' }));
    expect(s.runError).toMatchObject({
      stopped: true,
      partial: true,
      expected: { stop: 'events' },
    });
  });

  it('without Python and without a trace, nothing can be pressed', () => {
    const v = view(state(null, -1), { pythonReady: false });
    expect(v.state).toBe('loading');
    expect(Object.values(v.commands).some(Boolean)).toBe(false);
    expect(statusText('en', v)).toBe('Python is loading…');
    const waiting = view(state(null, -1, { pending: { command: 'debug' } }));
    expect(statusText('en', waiting)).toBe('Recording…');
  });

  it('the cursor line enables toggling a breakpoint from the keyboard', () => {
    expect(view(state(trace, -1)).commands.toggleBreakpoint).toBe(false);
    expect(view(state(trace, -1), { cursorLine: 6 }).commands.toggleBreakpoint).toBe(true);
  });
});
