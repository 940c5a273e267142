/**
 * The actions of a panel's "My scenario", bound to one panel: they change the student's
 * own scenario (./myScenarioStore.ts) and the panel's chosen scenario (the panel store)
 * together, so the panel shows what the student just started or reset.
 */
import type { Lang } from '../i18n';
import { panelEntry } from './lessonIndex';
import { baseScript, MY_SCENARIO } from './myScenario';
import { useMyScenarios } from './myScenarioStore';
import { panelsStore } from './panelStore';
import type { PanelKey } from './panels';

/** What the panel's "My scenario" controls call. */
export interface MyScenarioActions {
  /** The panel they act on. */
  panel: PanelKey;
  /** Copy the scenario shown now (its script, in `lang` when it has none) and show the copy. */
  start(lang: Lang): void;
  /** The script as typed. */
  edit(code: string): void;
  /** Back to a fresh copy of the base; the current version becomes the one Restore brings back. */
  reset(lang: Lang): void;
  /** Swap back the version the last reset or restart replaced. */
  restore(): void;
}

/** Bind the "My scenario" actions to one panel. */
export function bindMyScenario(key: PanelKey): MyScenarioActions {
  const mine = () => useMyScenarios.getState();
  const copy = (base: string, lang: Lang) => {
    const entry = panelEntry(key);
    if (!entry) return;
    mine().start(key, base, baseScript(entry.panel, base, lang));
    panelsStore.getState().setScenario(key, MY_SCENARIO);
  };
  return {
    panel: key,
    start(lang) {
      const p = panelsStore.getState().panels[key];
      if (p && p.scenario !== MY_SCENARIO) copy(p.scenario, lang);
    },
    edit: (code) => mine().edit(key, code),
    reset(lang) {
      const m = mine().mine[key];
      if (m) copy(m.base, lang);
    },
    restore: () => mine().restore(key),
  };
}
