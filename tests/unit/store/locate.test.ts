/**
 * "Show #id in the diagram": the request holds where it was asked (that scenario, that
 * step) and ends for good with any move.
 */
import { describe, expect, it } from 'vitest';
import { locatedNow } from '../../../src/store/locate';
import { createPanelsStore } from '../../../src/store/panels';
import { loopTrace } from '../replay/fixtures';

const KEY = 'lesson:panel';

async function pausedStore() {
  const store = createPanelsStore({
    record: async () => loopTrace(),
    scenariosOf: () => ['s1', 's2'],
    requestFor: (_key, scenario) => ({
      scenario,
      files: [{ path: 'main.py', code: 'total = 0', role: 'entry' as const }],
    }),
  });
  const s = store.getState();
  s.initPanel(KEY);
  s.command(KEY, 'stepInto');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const panel = () => store.getState().panels[KEY];
  expect(panel().position).toBeGreaterThanOrEqual(0);
  return { s, panel };
}

describe('locating an object in the diagram', () => {
  it('holds at the step and scenario where it was asked, and a second ask is a new request', async () => {
    const { s, panel } = await pausedStore();
    expect(locatedNow(panel())).toBeNull();
    s.locate(KEY, 7);
    const first = locatedNow(panel());
    expect(first).toEqual({ objectId: 7, scenario: 's1', position: panel().position });
    s.selectFrame(KEY, 0); // choosing a frame does not move the step
    expect(locatedNow(panel())).toBe(first);
    s.locate(KEY, 7); // asked again: the diagram scrolls to it again
    expect(locatedNow(panel())).not.toBe(first);
    expect(locatedNow(panel())).toEqual(first);
  });

  it('ends for good with a step (coming back does not bring it back), and with another scenario', async () => {
    const { s, panel } = await pausedStore();
    const at = panel().position;
    s.locate(KEY, 3);
    s.command(KEY, 'stepInto');
    expect(panel().position).not.toBe(at);
    expect(locatedNow(panel())).toBeNull();
    expect(panel().located).toBeUndefined();
    s.command(KEY, 'stepBack');
    expect(panel().position).toBe(at);
    expect(locatedNow(panel())).toBeNull();
    s.locate(KEY, 3);
    s.jumpTo(KEY, at + 2);
    expect(locatedNow(panel())).toBeNull();
    s.locate(KEY, 3);
    s.setScenario(KEY, 's2');
    expect(locatedNow(panel())).toBeNull();
  });

  it('stays when a command does not move the panel (Step Back at the first step)', async () => {
    const { s, panel } = await pausedStore();
    expect(panel().position).toBe(0);
    s.locate(KEY, 5);
    const asked = locatedNow(panel());
    s.command(KEY, 'stepBack');
    expect(panel().position).toBe(0);
    expect(locatedNow(panel())).toBe(asked);
  });

  it('is read from the state alone', () => {
    const located = { objectId: 2, scenario: 'a', position: 5 };
    expect(locatedNow({ located, scenario: 'a', position: 5 })).toBe(located);
    expect(locatedNow({ located, scenario: 'b', position: 5 })).toBeNull();
    expect(locatedNow({ located, scenario: 'a', position: 6 })).toBeNull();
    expect(locatedNow({ scenario: 'a', position: 5 })).toBeNull();
  });
});
