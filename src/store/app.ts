/**
 * App-wide state: the UI language and the Python runtime's status.
 */
import { create } from 'zustand';
import { type Lang, pickLang } from '../i18n';
import { getRuntime } from '../runtime';
import type { RuntimeStatus } from '../runtime/client';
import { currentAddress, navigate } from './urlSync';

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

/** The app store (one per page); filled and kept up to date by `startApp`. */
export const useApp = create<AppStore>()((set) => ({
  lang: 'en',
  runtime: { state: 'loading' },
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
  const runtime = getRuntime();
  const lang = pickLang(
    currentAddress().lang,
    savedLang(),
    navigator.languages ?? [navigator.language],
  );
  navigate({ lang });
  useApp.setState({ lang, runtime: runtime.getStatus() });
  return runtime.subscribe((status) => useApp.setState({ runtime: status }));
}
