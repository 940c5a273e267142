/**
 * The panel's value history and call stack rows over an object-centric trace: a name that
 * holds a list another frame appends to.
 */
import { describe, expect, it } from 'vitest';
import { callsAt, historyDisplay } from '../../../src/store/valueHistory';
import { ALIASED_LIST, buildTrace } from '../replay/fixtures';

const t = buildTrace(ALIASED_LIST);

describe('historyDisplay', () => {
  it("lists the whole run's changes, each with the value it had then", () => {
    const h = historyDisplay(t, { frameId: 0, name: 'y' }, 4);
    expect(h.entries.map((e) => [e.step, e.kind, e.line, e.text])).toEqual([
      [3, 'assigned', 6, '[]'],
      [6, 'changed', 2, '[1]'],
    ]);
    // Before the append the last change is the assignment, and it shows the empty list.
    expect(h.last).toMatchObject({ step: 3, text: '[]' });
    expect(historyDisplay(t, { frameId: 0, name: 'y' }, 7).last).toMatchObject({
      step: 6,
      kind: 'changed',
      text: '[1]',
    });
  });

  it('follows a rebinding and has no last change before the first', () => {
    const h = historyDisplay(t, { frameId: 0, name: 'x' }, 1);
    expect(h.entries.map((e) => [e.step, e.text])).toEqual([
      [2, '[]'],
      [6, '[1]'],
      [8, "'done'"],
    ]);
    expect(h.last).toBeNull();
    expect(historyDisplay(t, { frameId: 0, name: 'x' }, 99).last?.step).toBe(8);
  });

  it('is empty for a name never bound or a frame not in the trace', () => {
    expect(historyDisplay(t, { frameId: 0, name: 'nope' }, 8)).toMatchObject({
      entries: [],
      last: null,
    });
    expect(historyDisplay(t, { frameId: 7, name: 'x' }, 8)).toMatchObject({
      entries: [],
      last: null,
    });
  });
});

describe('callsAt', () => {
  it('writes each frame, innermost first, with its parameters as they are at the step', () => {
    expect(callsAt(t, 5)).toEqual(['g(a=#1)', 'f()']);
    expect(callsAt(t, 8)).toEqual(['f()']);
    expect(callsAt(t, -1)).toEqual([]);
  });
});
