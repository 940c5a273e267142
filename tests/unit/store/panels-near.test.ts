/**
 * A panel registered with `traces: 'near'` gets its traces only once it comes near the
 * screen, or once the reader acts on it; with `'shown-now'` it gets the scenario on screen
 * at once and the others then. Everything else about it works as before.
 */
import { describe, expect, it } from 'vitest';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { createPanelsStore } from '../../../src/store/panels';
import { loopTrace } from '../replay/fixtures';

const KEY = 'lesson:panel';

function setup() {
  const asked: string[] = [];
  const store = createPanelsStore({
    record: async (request: RecordRequest) => {
      asked.push(request.scenario);
      return loopTrace();
    },
    scenariosOf: () => ['s1', 's2', 's3'],
    requestFor: (_key, scenario) => ({
      scenario,
      files: [{ path: 'main.py', code: 'total = 0', role: 'entry' as const }],
    }),
  });
  return { store, s: store.getState(), asked, panel: () => store.getState().panels[KEY] };
}

describe('a panel whose traces wait until it is near the screen', () => {
  it('is registered at once but asks for no trace until panelNear, then for every scenario, the chosen one first', () => {
    const { s, asked, panel } = setup();
    s.initPanel(KEY, { traces: 'near' });
    expect(panel()).toMatchObject({ scenario: 's1', traces: {} });
    s.ensureTraces(KEY); // Python became ready, or the lesson changed: still waiting
    s.invalidate(KEY);
    expect(asked).toEqual([]);
    s.panelNear(KEY);
    expect(asked).toEqual(['s1', 's2', 's3']);
    expect(Object.keys(panel().traces)).toEqual(['s1', 's2', 's3']);
    s.panelNear(KEY); // once only
    expect(asked).toHaveLength(3);
  });

  it('stops waiting when the reader acts on the panel', async () => {
    type Actions = ReturnType<typeof setup>['s'];
    const acts: [string, (s: Actions) => void, boolean][] = [
      ['Debug', (s) => s.command(KEY, 'debug'), true],
      ['a jump on the timeline', (s) => s.jumpTo(KEY, 3), true],
      ['another scenario', (s) => s.setScenario(KEY, 's2'), false],
    ];
    for (const [what, act, moves] of acts) {
      const { s, asked, panel } = setup();
      s.initPanel(KEY, { traces: 'near' });
      act(s);
      expect(asked, what).toHaveLength(3);
      expect(asked[0], what).toBe(panel().scenario);
      await new Promise((resolve) => setTimeout(resolve, 0));
      // A command or jump waited for its trace, and was applied when it came.
      expect(panel().pending, what).toBeNull();
      if (moves) expect(panel().position, what).toBeGreaterThanOrEqual(0);
    }
  });

  it('stops waiting when something registers it plainly (a shared link opening on it)', () => {
    const { s, asked } = setup();
    s.initPanel(KEY, { traces: 'near' });
    s.initPanel(KEY);
    expect(asked).toEqual(['s1', 's2', 's3']);
  });

  it("with 'shown-now', asks for the shown scenario at once and keeps it fresh, the others at panelNear", () => {
    const { store, s, asked, panel } = setup();
    s.initPanel(KEY, { traces: 'shown-now' });
    expect(asked).toEqual(['s1']);
    s.ensureTraces(KEY); // Python became ready: the shown trace is fresh, nothing more
    expect(asked).toEqual(['s1']);
    s.invalidate(KEY); // the lesson changed: the shown scenario again, still not the others
    expect(asked).toEqual(['s1', 's1']);
    expect(Object.keys(panel().traces)).toEqual(['s1']);
    store.getState().panelNear(KEY);
    expect(asked).toEqual(['s1', 's1', 's2', 's3']);
  });

  it("with 'shown-now', stops waiting when the reader picks another scenario", () => {
    const { s, asked } = setup();
    s.initPanel(KEY, { traces: 'shown-now' });
    s.setScenario(KEY, 's3');
    expect(asked).toEqual(['s1', 's3', 's2']);
  });

  it('is not what a plain registration does: that asks at once, as before', () => {
    const { s, asked } = setup();
    s.initPanel(KEY);
    expect(asked).toEqual(['s1', 's2', 's3']);
  });
});
