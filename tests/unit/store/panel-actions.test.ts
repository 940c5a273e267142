/**
 * The actions a panel's components call: picking the scenario already shown leaves its
 * replay where it is (a comparison-table header, a scenario named in the prose); picking
 * another starts that one's replay over.
 */
import { describe, expect, it } from 'vitest';
import { START } from '../../../src/replay/engine';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { bindPanel } from '../../../src/store/panelActions';
import { createPanelsStore } from '../../../src/store/panels';
import { loopTrace } from '../replay/fixtures';

const KEY = 'lesson:panel';

async function pausedPanel() {
  const store = createPanelsStore({
    record: async (_request: RecordRequest) => loopTrace(),
    scenariosOf: () => ['s1', 's2'],
    requestFor: (_key, scenario) => ({
      scenario,
      files: [{ path: 'main.py', code: 'total = 0', role: 'entry' as const }],
    }),
  });
  store.getState().initPanel(KEY);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const actions = bindPanel(store, KEY);
  actions.jumpTo(3);
  const panel = () => store.getState().panels[KEY];
  expect(panel()).toMatchObject({ scenario: 's1', position: 3 });
  return { store, actions, panel };
}

describe('picking a scenario', () => {
  it('leaves the replay of the scenario already shown where it is', async () => {
    const { actions, panel } = await pausedPanel();
    actions.setScenario('s1');
    expect(panel()).toMatchObject({ scenario: 's1', position: 3 });
  });

  it('starts the replay of another scenario over', async () => {
    const { actions, panel } = await pausedPanel();
    actions.setScenario('s2');
    expect(panel()).toMatchObject({ scenario: 's2', position: START });
  });

  it('leaves the store’s own setScenario starting over, which My scenario’s reset relies on', async () => {
    const { store, panel } = await pausedPanel();
    store.getState().setScenario(KEY, 's1');
    expect(panel()).toMatchObject({ scenario: 's1', position: START });
  });
});
