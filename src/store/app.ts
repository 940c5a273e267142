/**
 * App-wide state: the UI language and the Python runtime's status.
 */
import { create } from 'zustand';
import type { Lang } from '../i18n';
import { getRuntime, type RuntimePhase, runtimePhase, subscribeRuntime } from '../runtime';
import { LANG_KEY, startLang } from './startView';
import { currentAddress, navigate } from './urlSync';

/** Python's phase, as the UI sees it (the UI does not import the runtime). */
export type { RuntimePhase };

/** App-wide state and actions. */
export interface AppStore {
  lang: Lang;
  /** Python's phase (`idle` until the page warms it up or something needs it). */
  runtime: RuntimePhase;
  /** The service worker has stored the whole site (./offline.ts): it opens without a network. */
  offline: boolean;
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

/** The app store (one per page); filled and kept up to date by `startApp`. */
export const useApp = create<AppStore>()((set) => ({
  lang: 'en',
  runtime: { state: 'idle' },
  offline: false,
  setLang(lang) {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    navigate({ lang });
    set({ lang });
  },
  retryRuntime() {
    getRuntime().restart();
  },
}));

/** Pick the language and follow the runtime's status. Returns a function that stops. */
export function startApp(): () => void {
  const lang = startLang(
    currentAddress(),
    { lang: savedLang(), author: null },
    navigator.languages ?? [navigator.language],
  );
  navigate({ lang });
  // Python's phase, without starting it: shipped traces replay without Python.
  useApp.setState({ lang, runtime: runtimePhase() });
  return subscribeRuntime((phase) => useApp.setState({ runtime: phase }));
}
