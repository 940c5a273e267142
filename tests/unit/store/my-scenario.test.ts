/**
 * "My scenario" as pure functions: the copy it starts from, start / edit / reset /
 * restore losing nothing, the run it makes (the base's, with the student's script), how
 * it joins the panel's scenarios, where an error in the script is, and what the panel
 * shows of it.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n';
import type { ResolvedPanel, RunFile } from '../../../src/lessons/lesson';
import type { Breakpoint } from '../../../src/replay/engine';
import { breakpointRows } from '../../../src/store/breakpointView';
import {
  baseScript,
  editMine,
  filesWithMine,
  isEdited,
  MY_SCENARIO,
  type MyScenario,
  myRunRequest,
  myScriptPath,
  panelWithMine,
  restoreMine,
  scenarioIds,
  scriptLineOf,
  startMine,
} from '../../../src/store/myScenario';
import { myScenarioView } from '../../../src/store/myScenarioView';
import type { PanelState, TraceSlot } from '../../../src/store/panels';
import { buildTrace } from '../replay/fixtures';

const PANEL: ResolvedPanel = {
  id: 'run_hooks',
  function: 'run_hooks',
  source: 'lib.py',
  entry: { path: 'entries/run.py', code: 'run_hooks()' },
  functionRange: { start: 1, end: 4 },
  steps: [],
  scenarios: [
    { id: 'pass', label: { zh: '全部放行', en: 'All pass' } },
    {
      id: 'before',
      label: { zh: '执行前', en: 'Before' },
      script: { path: 'scenarios/before.py', code: 'event = "before"\n' },
    },
  ],
};

const mine = (over: Partial<MyScenario> = {}): MyScenario => ({
  base: 'before',
  code: 'event = "after"\n',
  previous: null,
  ...over,
});

describe('the copy a student starts from', () => {
  it('is the scenario script itself when the scenario has one', () => {
    expect(baseScript(PANEL, 'before', 'en')).toBe('event = "before"\n');
    expect(baseScript(PANEL, 'before', 'zh')).toBe('event = "before"\n');
  });

  it('is a commented start naming the scenario and SCENARIO when it has none, in the reader’s language', () => {
    const en = baseScript(PANEL, 'pass', 'en');
    const zh = baseScript(PANEL, 'pass', 'zh');
    expect(en).toContain('“All pass”');
    expect(en).toContain('SCENARIO == "pass"');
    expect(zh).toContain('「全部放行」');
    expect(zh).toContain('SCENARIO == "pass"');
    // Only comments: a fresh copy runs exactly as the base does.
    for (const line of en.trimEnd().split('\n')) expect(line.startsWith('#')).toBe(true);
  });

  it('counts as unedited in either language', () => {
    expect(isEdited(PANEL, mine({ base: 'pass', code: baseScript(PANEL, 'pass', 'zh') }))).toBe(
      false,
    );
    expect(isEdited(PANEL, mine({ base: 'pass', code: baseScript(PANEL, 'pass', 'en') }))).toBe(
      false,
    );
    expect(isEdited(PANEL, mine({ code: 'event = "before"\n' }))).toBe(false);
    expect(isEdited(PANEL, mine())).toBe(true);
  });

  it('runs under a file name no lesson file of the panel uses', () => {
    expect(myScriptPath({ 'setup.py': '' })).toBe('my_scenario.py');
    expect(myScriptPath({ 'my_scenario.py': '', 'my_scenario_2.py': '' })).toBe('my_scenario_3.py');
  });
});

describe('start, edit, reset and restore lose nothing', () => {
  it('a first start has nothing to restore', () => {
    expect(startMine(undefined, 'before', 'x')).toEqual({
      base: 'before',
      code: 'x',
      previous: null,
    });
  });

  it('a reset (a start again) keeps the edited version as the previous one', () => {
    const edited = mine();
    const reset = startMine(edited, 'before', 'event = "before"\n');
    expect(reset.code).toBe('event = "before"\n');
    expect(reset.previous).toEqual({ base: 'before', code: 'event = "after"\n' });
  });

  it('starting from another scenario replaces the base, and the old one can come back', () => {
    const other = startMine(mine(), 'pass', '# pass');
    expect(other.base).toBe('pass');
    const back = restoreMine(other);
    expect(back).toEqual({
      base: 'before',
      code: 'event = "after"\n',
      previous: { base: 'pass', code: '# pass' },
    });
    // Restore swaps: pressing it again brings the reset copy back.
    expect(restoreMine(back)).toEqual(other);
  });

  it('a start that changes nothing keeps the previous version', () => {
    const withPrevious = mine({ previous: { base: 'pass', code: 'old' } });
    expect(startMine(withPrevious, 'before', withPrevious.code).previous).toEqual({
      base: 'pass',
      code: 'old',
    });
  });

  it('an edit keeps the previous version and the same object when nothing changed', () => {
    const m = mine({ previous: { base: 'before', code: 'old' } });
    expect(editMine(m, m.code)).toBe(m);
    expect(editMine(m, 'new')).toEqual({ ...m, code: 'new' });
    expect(restoreMine(mine())).toEqual(mine());
  });
});

describe('My scenario among the panel’s scenarios', () => {
  it('is offered after the lesson’s scenarios once started, and only while its base is offered', () => {
    expect(scenarioIds(PANEL, undefined)).toEqual(['pass', 'before']);
    expect(scenarioIds(PANEL, mine())).toEqual(['pass', 'before', MY_SCENARIO]);
    expect(scenarioIds(PANEL, mine({ base: 'gone' }))).toEqual(['pass', 'before']);
    // Never a lesson's id: those are [a-z0-9_]+.
    expect(MY_SCENARIO).not.toMatch(/^[a-z0-9_]+$/);
  });

  it('is listed with its label, a description naming the base and its script; the lesson’s panel is untouched', () => {
    const m = mine();
    const shown = panelWithMine(PANEL, m, 'my_scenario.py');
    expect(shown.scenarios.map((s) => s.id)).toEqual(['pass', 'before', MY_SCENARIO]);
    const own = shown.scenarios[2];
    expect(own.label).toEqual({ zh: t('zh', 'myScenario'), en: t('en', 'myScenario') });
    expect(own.description?.en).toContain('“Before”');
    expect(own.description?.zh).toContain('「执行前」');
    expect(own.script).toEqual({ path: 'my_scenario.py', code: m.code });
    expect(own.ending).toBeUndefined();
    expect(PANEL.scenarios).toHaveLength(2);
    // Derived once per (panel, own scenario).
    expect(panelWithMine(PANEL, m, 'my_scenario.py')).toBe(shown);
    expect(panelWithMine(PANEL, undefined, 'my_scenario.py')).toBe(PANEL);
  });

  it('adds its script to the files execution can enter', () => {
    const files = { 'lib.py': 'x' };
    expect(filesWithMine(files, undefined, 'my_scenario.py')).toBe(files);
    expect(filesWithMine(files, mine(), 'my_scenario.py')).toEqual({
      'lib.py': 'x',
      'my_scenario.py': 'event = "after"\n',
    });
  });
});

describe('the run of My scenario', () => {
  const files: RunFile[] = [
    { path: 'lib.py', code: 'def run_hooks(): ...', role: 'source', module: 'lib' },
    { path: 'setup.py', code: 'hooks = []', role: 'setup' },
    { path: 'scenarios/before.py', code: 'event = "before"\n', role: 'scenario' },
    { path: 'entries/run.py', code: 'run_hooks()', role: 'entry' },
  ];

  it('is the base scenario’s run with the student’s script in place of the base’s', () => {
    const base = { files, scenario: 'before', budget: { maxEvents: 10, maxSeconds: 1 } };
    const run = myRunRequest(base, mine(), 'my_scenario.py');
    expect(run.scenario).toBe('before');
    expect(run.budget).toEqual(base.budget);
    expect(run.files.map((f) => [f.path, f.role])).toEqual([
      ['lib.py', 'source'],
      ['setup.py', 'setup'],
      ['my_scenario.py', 'scenario'],
      ['entries/run.py', 'entry'],
    ]);
    expect(run.files[2].code).toBe('event = "after"\n');
    expect(base.files).toHaveLength(4);
  });

  it('adds the script before the entry when the base has no script', () => {
    const noScript = files.filter((f) => f.role !== 'scenario');
    const run = myRunRequest({ files: noScript, scenario: 'pass' }, mine(), 'my_scenario.py');
    expect(run.files.map((f) => f.role)).toEqual(['source', 'setup', 'scenario', 'entry']);
  });
});

describe('where an error in the student’s script is', () => {
  it('is the error’s own place when it is in the script (a SyntaxError, a raise there)', () => {
    expect(
      scriptLineOf(
        { type: 'SyntaxError', message: 'x', file: 'my_scenario.py', line: 3 },
        'my_scenario.py',
      ),
    ).toBe(3);
  });

  it('is the innermost frame of the script in the traceback when the error is raised elsewhere', () => {
    const traceback = [
      'Traceback (most recent call last):',
      '  File "entries/run.py", line 1, in <module>',
      '  File "my_scenario.py", line 2, in first',
      '  File "my_scenario.py", line 5, in helper',
      '  File "lib.py", line 9, in check',
      'ValueError: no',
    ].join('\n');
    const error = { type: 'ValueError', message: 'no', file: 'lib.py', line: 9, traceback };
    expect(scriptLineOf(error, 'my_scenario.py')).toBe(5);
    expect(scriptLineOf(error, 'other.py')).toBeNull();
    expect(scriptLineOf(null, 'my_scenario.py')).toBeNull();
  });
});

describe('what the panel shows of My scenario', () => {
  const PATH = 'my_scenario.py';
  const state = (scenario: string, traces: Record<string, TraceSlot> = {}): PanelState => ({
    scenario,
    breakpoints: [],
    traces,
    position: -1,
    frameIndex: 0,
    pending: null,
    historyTarget: null,
  });
  const view = (
    p: PanelState,
    m: MyScenario | undefined,
    extra: { ready?: boolean; bps?: Breakpoint[]; unsaved?: boolean } = {},
  ) =>
    myScenarioView({
      panel: PANEL,
      state: p,
      mine: m,
      path: PATH,
      pythonReady: extra.ready ?? true,
      rows: breakpointRows(extra.bps ?? [], null),
      unsaved: extra.unsaved,
    });
  const failing = (error: object) =>
    buildTrace({
      frames: [],
      events: [],
      outcome: 'error',
      error: { type: 'X', message: '', ...error },
    });

  it('offers to copy the lesson scenario shown, saying when it replaces an own scenario', () => {
    expect(view(state('before'), undefined)).toEqual({
      start: { base: 'before', label: PANEL.scenarios[1].label, replaces: false },
      editor: null,
    });
    expect(view(state('pass'), mine()).start).toEqual({
      base: 'pass',
      label: PANEL.scenarios[0].label,
      replaces: true,
    });
  });

  it('shows the editor while My scenario is the panel’s scenario', () => {
    const m = mine({ previous: { base: 'before', code: 'old' } });
    const bp: Breakpoint = { id: 'b', file: PATH, line: 1, enabled: true };
    const other: Breakpoint = { id: 'c', file: 'lib.py', line: 2, enabled: true };
    const shown = view(state(MY_SCENARIO, { [MY_SCENARIO]: { key: 'k', trace: null } }), m, {
      bps: [bp, other],
    });
    expect(shown.start).toBeNull();
    expect(shown.editor).toMatchObject({
      path: PATH,
      code: m.code,
      base: { id: 'before', label: PANEL.scenarios[1].label },
      edited: true,
      canRestore: true,
      recording: true,
      needsPython: false,
      error: null,
      markers: [],
      gutter: [{ line: 1, enabled: true, kind: 'plain' }],
      kept: true,
    });
    const refused = view(state(MY_SCENARIO), m, { unsaved: true });
    expect(refused.editor?.kept).toBe(false);
  });

  it('says it waits for Python when it has no trace and Python is not ready', () => {
    const e = view(state(MY_SCENARIO), mine(), { ready: false }).editor;
    expect(e?.needsPython).toBe(true);
    expect(e?.recording).toBe(false);
  });

  it('still says it needs Python once Python failed and left a trace with no run', () => {
    const trace = failing({
      type: 'PythonUnavailable',
      message: 'pyodide-lock.json: 404',
      fromApp: true,
    });
    const slot = { [MY_SCENARIO]: { key: 'k', trace } };
    expect(view(state(MY_SCENARIO, slot), mine(), { ready: false }).editor?.needsPython).toBe(true);
    // A script that raised an exception of that name ran: its own error, no wait for Python.
    const own = buildTrace({
      frames: [{ file: PATH, fn: '<module>' }],
      events: [{ kind: 'line', frame: 0, line: 1 }],
      outcome: 'error',
      error: { type: 'PythonUnavailable', message: 'mine', file: PATH, line: 1 },
    });
    const ran = view(state(MY_SCENARIO, { [MY_SCENARIO]: { key: 'k', trace: own } }), mine(), {
      ready: false,
    }).editor;
    expect(ran?.needsPython).toBe(false);
    expect(ran?.error).toEqual({ line: 1, text: 'PythonUnavailable: mine' });
  });

  it('shows a SyntaxError in the script at its line and column', () => {
    const trace = failing({
      type: 'SyntaxError',
      message: 'invalid syntax',
      file: PATH,
      line: 2,
      column: 5,
    });
    const e = view(state(MY_SCENARIO, { [MY_SCENARIO]: { key: 'k', trace } }), mine()).editor;
    expect(e?.error).toEqual({ line: 2, text: 'SyntaxError: invalid syntax' });
    expect(e?.markers).toEqual([{ line: 2, column: 5, message: 'SyntaxError: invalid syntax' }]);
    expect(e?.recording).toBe(false);
  });

  it('shows no script error for an error outside the script (the run error alert has it)', () => {
    const trace = failing({ type: 'ValueError', message: 'no', file: 'lib.py', line: 3 });
    const e = view(state(MY_SCENARIO, { [MY_SCENARIO]: { key: 'k', trace } }), mine()).editor;
    expect(e?.error).toBeNull();
    expect(e?.markers).toEqual([]);
  });
});
