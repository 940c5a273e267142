/**
 * What a page opens with, decided before anything renders: the language, author mode, and
 * whether the prerendered article (the shell, see docs/architecture.md) may show until the
 * app takes over. Pure functions of the address and the reader's saved choices, shared by
 * the app's stores and by the shell script (src/shell/start.ts), so both decide alike.
 */
import { type Lang, pickLang } from '../i18n/lang';
import type { Address } from './address';

/** Where the reader's language choice is kept (localStorage). */
export const LANG_KEY = 'wpt.lang';
/** Where this tab's author mode is kept (sessionStorage). */
export const AUTHOR_KEY = 'wpt.author';

/** What the reader chose before, as stored (null when nothing is, or storage is closed). */
export interface SavedChoices {
  lang: string | null;
  author: string | null;
}

/** The language a page opens in: `?lang=`, then the saved choice, then the browser's. */
export function startLang(address: Address, saved: SavedChoices, browser: readonly string[]): Lang {
  return pickLang(address.lang, saved.lang, browser);
}

/**
 * Author mode as asked for by the URL (`author=1`/`0`), else as last chosen in this tab:
 * a new tab opens in reading mode unless its URL asks.
 */
export function startAuthor(address: Address, saved: SavedChoices): boolean {
  if (address.author === '1') return true;
  if (address.author === '0') return false;
  return saved.author === '1';
}

/**
 * The language of the prerendered article to show while the app loads, or null when the
 * page opens on something else: another lesson, a shared panel state, a `#panel-…`
 * target (the app scrolls there) or author mode (its bar and drafts change the page).
 */
export function shellLang(
  address: Address,
  saved: SavedChoices,
  browser: readonly string[],
  shellLesson: string,
): Lang | null {
  if (address.lesson !== null && address.lesson !== shellLesson) return null;
  if (address.panel !== null || address.state !== null || address.hash !== '') return null;
  if (startAuthor(address, saved)) return null;
  return startLang(address, saved, browser);
}
