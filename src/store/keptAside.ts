/**
 * Saved work the page could not read: a draft or an own scenario stored by another
 * version of the app, or damaged. Nothing may be saved over it. At boot its text is set
 * aside under `wpt.kept.<key>`, and the page says so where that work belongs (the author
 * bar, the panel) and offers it for download until the reader deletes it. If the browser
 * refuses to set it aside, it stays under its own key and that key is not written
 * (`heldAside`): the store that owns the key then works unsaved, and says so.
 */
import { create } from 'zustand';

const PREFIX = 'wpt.kept.';

/** One piece of saved work the page could not read. */
export interface KeptEntry {
  /** The storage key that holds it now. */
  at: string;
  /** The key it was saved under (`wpt.draft.<lesson>`, `wpt.mine.<panel>`). */
  of: string;
  /** Its text, as stored. */
  text: string;
}

/** Every entry set aside, and the way to delete one. */
export interface KeptStore {
  entries: KeptEntry[];
  /** Delete an entry for good (the reader downloaded it, or does not want it). */
  drop(at: string): void;
}

/** The set-aside entries: empty until `loadKept` (importing this module reads nothing). */
export const useKept = create<KeptStore>()((set, get) => ({
  entries: [],
  drop(at) {
    try {
      localStorage.removeItem(at);
    } catch {
      // Storage unavailable: it goes from the page, and was never written anyway.
    }
    set({ entries: get().entries.filter((e) => e.at !== at) });
  },
}));

/** The key an entry set aside from `of` is kept under: the first free one. */
function freeKey(of: string): string {
  const at = PREFIX + of;
  if (localStorage.getItem(at) === null) return at;
  let n = 2;
  while (localStorage.getItem(`${at}~${n}`) !== null) n++;
  return `${at}~${n}`;
}

/** Entries in the order of their keys (the order they are listed in). */
const byKey = (entries: KeptEntry[]) => entries.sort((a, b) => a.at.localeCompare(b.at));

/** Read every entry set aside at earlier visits (once, at boot, before the stores load). */
export function loadKept(): void {
  const entries: KeptEntry[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const at = localStorage.key(i);
      if (!at?.startsWith(PREFIX)) continue;
      const text = localStorage.getItem(at);
      if (text !== null)
        entries.push({ at, of: at.slice(PREFIX.length).replace(/~\d+$/, ''), text });
    }
  } catch {
    // Storage unavailable: nothing was set aside.
  }
  useKept.setState({ entries: byKey(entries) });
}

/**
 * Set the unreadable `text` stored under `key` aside, so that `key` can be written again;
 * the page lists it either way. If the browser refuses, it stays where it is and `key`
 * is held (`heldAside`).
 */
export function setAside(key: string, text: string): void {
  let at = key;
  try {
    const to = freeKey(key);
    localStorage.setItem(to, text);
    localStorage.removeItem(key);
    at = to;
  } catch {
    // Full or disabled: the text stays under its own key, which nothing may overwrite.
  }
  const entries = useKept.getState().entries.filter((e) => e.at !== at);
  useKept.setState({ entries: byKey([...entries, { at, of: key, text }]) });
}

/** True while `key` still holds work that could not be read: it must not be written. */
export function heldAside(key: string): boolean {
  return useKept.getState().entries.some((e) => e.at === key);
}

/** The entries set aside from `key`, or from every key that starts with `prefix`. */
export function keptFrom(
  entries: readonly KeptEntry[],
  match: { key: string } | { prefix: string },
): KeptEntry[] {
  return entries.filter((e) =>
    'key' in match ? e.of === match.key : e.of.startsWith(match.prefix),
  );
}
