/**
 * App-wide state: the UI language and the Python runtime's status.
 */
import { create } from 'zustand';
import { type Lang, pickLang } from '../i18n';
import { getRuntime } from '../runtime';
import type { RuntimeStatus } from '../runtime/client';

const LANG_KEY = 'wpt.lang';

/** App-wide state and actions. */
export interface AppStore {
  lang: Lang;
  runtime: RuntimeStatus;
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
  const runtime = getRuntime();
  runtime.subscribe((status) => set({ runtime: status }));
  return {
    lang: pickLang(
      new URLSearchParams(location.search).get('lang'),
      savedLang(),
      navigator.languages ?? [navigator.language],
    ),
    runtime: runtime.getStatus(),
    setLang(lang) {
      try {
        localStorage.setItem(LANG_KEY, lang);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      set({ lang });
    },
    retryRuntime() {
      runtime.restart();
    },
  };
});
