/**
 * App-wide state: the UI language and the Python runtime's status.
 */
import { create } from 'zustand';
import { type Lang, pickLang } from '../i18n';
import { getRuntime, type RuntimePhase, runtimePhase, subscribeRuntime } from '../runtime';

const LANG_KEY = 'wpt.lang';

/** App-wide state and actions. */
export interface AppStore {
  lang: Lang;
  /** Python's phase (`idle` until the page warms it up or something needs it). */
  runtime: RuntimePhase;
  setLang(lang: Lang): void;
  retryRuntime(): void;
}

function savedLang(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** The app store (one per page). */
export const useApp = create<AppStore>()((set) => {
  subscribeRuntime((phase) => set({ runtime: phase }));
  return {
    lang: pickLang(
      new URLSearchParams(location.search).get('lang'),
      savedLang(),
      navigator.languages ?? [navigator.language],
    ),
    runtime: runtimePhase(),
    setLang(lang) {
      try {
        localStorage.setItem(LANG_KEY, lang);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      set({ lang });
    },
    retryRuntime() {
      getRuntime().restart();
    },
  };
});
