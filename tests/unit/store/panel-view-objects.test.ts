/**
 * The panel view's issue-12 fields on the nested-call fixture: the line that just ran,
 * the call stack's calls with arguments, a name's history and "go to last change".
 */
import { describe, expect, it } from 'vitest';
import { commandForKey } from '../../../src/store/commands';
import type { HistoryTarget, PanelState } from '../../../src/store/panels';
import { selectPanelView } from '../../../src/store/panelView';
import { NF, nestedCallTrace, NESTED_CALL_PANEL as PANEL } from '../replay/fixtures';

const trace = nestedCallTrace();
const LIB = Array.from({ length: 12 }, (_, i) => `# lib line ${i + 1}`).join('\n');

function view(position: number, history: HistoryTarget | null = null, frameIndex = 0) {
  const state: PanelState = {
    scenario: 's1',
    breakpoints: [],
    traces: { s1: { key: 'k', trace } },
    position,
    frameIndex,
    pending: null,
    historyTarget: history,
  };
  return selectPanelView({
    panel: PANEL,
    files: { 'lib.py': LIB, 'main.py': '' },
    state,
    pythonReady: true,
    author: false,
    activeNote: null,
    cursorLine: null,
  });
}

describe('panel view: objects, not names', () => {
  it('marks the line that just ran in the frame, not in the callee that returned', () => {
    // Event 10: back in f at line 7 after g returned; f last ran line 8 (the call).
    const v = view(10);
    expect(v.code).toMatchObject({ currentLine: 7, justRanLine: 8 });
    // At f's first line nothing in f has run yet.
    expect(view(3).code).toMatchObject({ currentLine: 6, justRanLine: null });
  });

  it('writes each frame of the stack as a call with its arguments', () => {
    expect(view(7).calls).toEqual(['g(x=0)', 'f(n=2)', '<module>']);
    expect(view(7).pos?.stack.map((f) => f.function)).toEqual(['g', 'f', '<module>']);
  });

  it('lists every change of a name with the line that made it, and the last one so far', () => {
    const target = { frameId: NF.f, name: 'total' };
    const v = view(10, target);
    expect(v.valueHistory?.entries.map((e) => [e.step, e.line, e.text])).toEqual([
      [4, 6, '0'],
      [16, 8, '2'],
    ]);
    expect(v.valueHistory?.last?.step).toBe(4);
    expect(v.commandContext.lastChange).toBe(4);
    expect(view(17, target).commandContext.lastChange).toBe(16);
    // Before the first change there is none to go to.
    expect(view(3, target).commands.lastChange).toBe(false);
    expect(view(3).commands.lastChange).toBe(false);
    expect(view(10, target).commands.lastChange).toBe(true);
  });

  it('binds "go to last change" to Alt+Shift+L by the physical key', () => {
    const ctx = view(10, { frameId: NF.f, name: 'total' }).commandContext;
    const press = { shiftKey: true, ctrlKey: false, metaKey: false, altKey: true };
    expect(commandForKey({ ...press, key: 'L', code: 'KeyL' }, ctx)).toEqual({
      id: 'lastChange',
      enabled: true,
    });
    // macOS types another character with Alt held; the physical key still counts.
    expect(commandForKey({ ...press, key: 'Ò', code: 'KeyL' }, ctx)?.id).toBe('lastChange');
    expect(commandForKey({ ...press, altKey: false, key: 'L', code: 'KeyL' }, ctx)).toBeNull();
  });

  it('a history of a name the frame never binds is empty', () => {
    const v = view(10, { frameId: NF.f, name: 'nothing' });
    expect(v.valueHistory?.entries).toEqual([]);
    expect(v.valueHistory?.last).toBeNull();
  });
});
