/**
 * The panel's value history and call stack rows over an object-centric trace: a name that
 * holds a list another frame appends to.
 */
import { describe, expect, it } from 'vitest';
import { callsAt, historyDisplay } from '../../../src/store/valueHistory';
import { lastChange } from '../../../src/trace/history';
import { ALIASED_LIST, buildTrace, type FixtureObject } from '../replay/fixtures';

const t = buildTrace(ALIASED_LIST);

describe('historyDisplay', () => {
  it('says when too many objects are inside to follow every change', () => {
    // big = [[] for _ in range(1100)]; then big[1050].append(1): past the 1,000 objects
    // the history follows, so the list may miss it, and says so.
    const inner: Record<number, FixtureObject> = {};
    for (let i = 0; i < 1100; i++) inner[i + 2] = { kind: 'list' };
    const big = buildTrace({
      frames: [{ fn: '<module>', file: 'main.py' }],
      events: [
        { kind: 'line', frame: 0, line: 1 },
        {
          kind: 'line',
          frame: 0,
          line: 2,
          vars: { big: { ref: 1 } },
          objects: {
            ...inner,
            1: {
              kind: 'list',
              entries: Array.from({ length: 1100 }, (_, i) => [String(i), { ref: i + 2 }]),
            },
          },
        },
        {
          kind: 'line',
          frame: 0,
          line: 3,
          objects: { 1052: { kind: 'list', entries: [['0', '1']] } },
        },
        { kind: 'line', frame: 0, line: 4 },
      ],
    });
    expect(historyDisplay(big, { frameId: 0, name: 'big' }, 3).partial).toBe(true);
    expect(historyDisplay(t, { frameId: 0, name: 'y' }, 7).partial).toBe(false);
  });

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

  it("reads the last change off the whole run's entries, as lastChange finds it", () => {
    for (const name of ['x', 'y'])
      for (let at = -1; at <= t.length; at++) {
        const step = at < 0 ? null : lastChange(t, Math.min(at, t.length - 1), 0, name);
        expect(
          historyDisplay(t, { frameId: 0, name }, at).last?.step ?? null,
          `${name}@${at}`,
        ).toBe(step);
      }
  });

  it('finds a change older than the 1,000 entries kept on its own', () => {
    const long = buildTrace({
      frames: [{ fn: 'f', file: 'main.py' }],
      events: Array.from({ length: 1100 }, (_, i) => ({
        kind: 'line' as const,
        frame: 0,
        line: 2,
        ...(i === 0 ? { vars: { xs: { ref: 1 } } } : {}),
        objects: {
          1: { kind: 'list' as const, entries: [['0', String(i)]] as [string, string][] },
        },
      })),
    });
    const at = (step: number) => historyDisplay(long, { frameId: 0, name: 'xs' }, step);
    expect(at(1099).entries).toHaveLength(1000);
    for (const step of [0, 5, 99, 100, 1099])
      expect(at(step).last?.step, String(step)).toBe(lastChange(long, step, 0, 'xs'));
    expect(at(5).last?.text).toBe('[5]');
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
  it('writes each frame, innermost first, with the values its parameters were passed', () => {
    expect(callsAt(t, 5)).toEqual(['g(a=#1)', 'f()']);
    expect(callsAt(t, 8)).toEqual(['f()']);
    expect(callsAt(t, -1)).toEqual([]);
  });

  it('never writes a rebound parameter as if the function had been called with it', () => {
    // def add(x, items=None):  items = [] if items is None else items;  items.append(x)
    const rebound = buildTrace({
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'add', file: 'main.py', parent: 0, params: 2 },
      ],
      events: [
        { kind: 'line', frame: 0, line: 5 },
        { kind: 'call', frame: 1, line: 1, vars: { x: '3', items: 'None' } },
        { kind: 'line', frame: 1, line: 2 },
        {
          kind: 'line',
          frame: 1,
          line: 3,
          vars: { items: { ref: 1 } },
          objects: { 1: { kind: 'list' } },
        },
        { kind: 'line', frame: 1, line: 4, vars: { x: '4' } },
      ],
    });
    expect(callsAt(rebound, 2)).toEqual(['add(x=3, items=None)', '<module>']);
    expect(callsAt(rebound, 3)).toEqual(['add(x=3, items=None→#1)', '<module>']);
    expect(callsAt(rebound, 4)).toEqual(['add(x=3→4, items=None→#1)', '<module>']);
  });
});
