/**
 * The one owner of the address bar: the only code that reads or writes `location` and
 * `history`. Everything else asks for an `Address` (a parsed URL) or calls `navigate`.
 *
 * URL parameters: `lesson`, `lang`, `author` (1/0), `panel` and `s` (the shared state of
 * the panel last used), and the `#panel-<id>` hash. Parsing and formatting are pure
 * (`parseAddress`, `formatAddress`) and unit-tested; `useAddress` mirrors the current
 * address for the UI and follows back/forward navigation once `startUrlSync` ran.
 */
import { create } from 'zustand';

/** The parts of the URL the app reads. A null field is absent from the URL. */
export interface Address {
  lesson: string | null;
  lang: string | null;
  /** `1` / `0` when author mode was asked for or against. */
  author: string | null;
  /** The panel the shared state belongs to. */
  panel: string | null;
  /** The shared state of that panel (see src/store/share.ts). */
  state: string | null;
  /** Without the leading `#`; empty when none. */
  hash: string;
}

const PARAMS = { lesson: 'lesson', lang: 'lang', author: 'author', panel: 'panel', state: 's' };
type ParamField = keyof typeof PARAMS;

/** Parse a URL into an address. */
export function parseAddress(href: string): Address {
  const url = new URL(href);
  const q = url.searchParams;
  return {
    lesson: q.get(PARAMS.lesson),
    lang: q.get(PARAMS.lang),
    author: q.get(PARAMS.author),
    panel: q.get(PARAMS.panel),
    state: q.get(PARAMS.state),
    hash: url.hash.replace(/^#/, ''),
  };
}

/** `href` with the fields of `patch` set (null removes a parameter; '' removes the hash). */
export function formatAddress(href: string, patch: Partial<Address>): string {
  const url = new URL(href);
  for (const field of Object.keys(PARAMS) as ParamField[]) {
    if (!(field in patch)) continue;
    const value = patch[field];
    if (value === null || value === undefined) url.searchParams.delete(PARAMS[field]);
    else url.searchParams.set(PARAMS[field], value);
  }
  if (patch.hash !== undefined) url.hash = patch.hash;
  return url.toString();
}

const EMPTY: Address = {
  lesson: null,
  lang: null,
  author: null,
  panel: null,
  state: null,
  hash: '',
};

/** The current address (updated by `navigate` and by back/forward). */
export const useAddress = create<Address>()(() => EMPTY);

/** Read the page's address now (also before `startUrlSync`). */
export function currentAddress(): Address {
  return typeof location === 'undefined' ? EMPTY : parseAddress(location.href);
}

/**
 * Change the URL. `push` adds a history entry (opening another lesson); the default
 * replaces the current one (the view changed: language, author mode, a panel's state).
 */
export function navigate(patch: Partial<Address>, options: { push?: boolean } = {}): void {
  const href = formatAddress(location.href, patch);
  if (href !== location.href) {
    if (options.push) history.pushState(null, '', href);
    else history.replaceState(history.state, '', href);
  }
  useAddress.setState(parseAddress(href));
}

/** Follow back/forward navigation. Returns a function that stops. */
export function startUrlSync(): () => void {
  useAddress.setState(currentAddress());
  const onPop = () => useAddress.setState(currentAddress());
  addEventListener('popstate', onPop);
  return () => removeEventListener('popstate', onPop);
}

/** Scroll to the element the hash names (after it was rendered). */
export function scrollToHash(): void {
  const { hash } = useAddress.getState();
  if (hash.startsWith('panel-')) document.getElementById(hash)?.scrollIntoView();
}
