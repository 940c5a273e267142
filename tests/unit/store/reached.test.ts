/**
 * `reached`: the furthest step of the current run, which the code box keeps the height of
 * (src/store/codeLines.ts, `tallestSoFar`), so stepping back never shrinks it.
 */
import { describe, expect, it } from 'vitest';
import { START } from '../../../src/replay/engine';
import { createPanelsStore } from '../../../src/store/panels';
import { LOOP_BODY, loopTrace } from '../replay/fixtures';

const KEY = 'lesson:panel';

async function setup() {
  const trace = loopTrace();
  const store = createPanelsStore({
    record: async () => trace,
    scenariosOf: () => ['s1', 's2'],
    requestFor: (_key, scenario) => ({
      scenario,
      files: [{ path: 'main.py', code: 'total = 0', role: 'entry' as const }],
    }),
  });
  store.getState().initPanel(KEY);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const panel = () => store.getState().panels[KEY];
  return { store, panel, s: store.getState() };
}

describe('the furthest step of a run', () => {
  it('grows with the steps, stays when stepping back or jumping back, and restarts with the run', async () => {
    const { panel, s } = await setup();
    expect(panel().reached).toBe(START);
    s.toggleBreakpoint(KEY, 'main.py', 3);
    s.command(KEY, 'debug');
    expect(panel()).toMatchObject({ position: LOOP_BODY[0], reached: LOOP_BODY[0] });
    s.command(KEY, 'continue');
    s.command(KEY, 'continue');
    expect(panel()).toMatchObject({ position: LOOP_BODY[2], reached: LOOP_BODY[2] });
    s.command(KEY, 'stepBack');
    s.jumpTo(KEY, 1);
    expect(panel()).toMatchObject({ position: 1, reached: LOOP_BODY[2] });
    // Restart from a paused step begins a new run, though it never passes "not run".
    for (let k = 0; k < 4; k++) s.command(KEY, 'continue');
    expect(panel()).toMatchObject({ position: LOOP_BODY[3], reached: LOOP_BODY[3] });
    s.command(KEY, 'restart');
    expect(panel()).toMatchObject({ position: LOOP_BODY[0], reached: LOOP_BODY[0] });
    s.command(KEY, 'run');
    const end = panel().position;
    expect(panel().reached).toBe(end);
    // Another scenario starts from "not run".
    s.setScenario(KEY, 's2');
    expect(panel()).toMatchObject({ position: START, reached: START });
  });
});
