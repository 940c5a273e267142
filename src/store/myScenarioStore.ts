/**
 * The one owner of every panel's "My scenario" (./myScenario.ts says what it is). Each
 * change is written through to localStorage at once, per panel key, so a reload or a
 * crash loses nothing; the panel store reads it to list and record the scenario.
 */
import { create } from 'zustand';
import { heldAside, setAside } from './keptAside';
import { editMine, type MyScenario, restoreMine, startMine } from './myScenario';
import type { PanelKey } from './panels';

/** Every panel's own scenario and the ways to change it. */
export interface MyScenariosStore {
  /** Panel key → its own scenario (absent until the student starts one). */
  mine: Record<PanelKey, MyScenario>;
  /**
   * The browser refused to store them (storage disabled, full, or kept from a frame on
   * another site): they last until the page is closed, and the panel says so.
   */
  unsaved: boolean;
  /** Start (or start again) from `base`, whose fresh copy is `code`. */
  start(key: PanelKey, base: string, code: string): void;
  /** The script as typed. */
  edit(key: PanelKey, code: string): void;
  /** Swap the version a reset or restart replaced back in. */
  restore(key: PanelKey): void;
}

const PREFIX = 'wpt.mine.';
const VERSION = 1;

/** The storage key of a panel's own scenario. */
export function myScenarioKey(key: PanelKey): string {
  return PREFIX + key;
}

const isVersion = (v: unknown): v is { base: string; code: string } =>
  !!v &&
  typeof (v as { base?: unknown }).base === 'string' &&
  typeof (v as { code?: unknown }).code === 'string';

/** Parse a stored own scenario; null when malformed (`loadMyScenarios` sets it aside). */
export function parseMine(text: string | null): MyScenario | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { version?: unknown; previous?: unknown };
    if (raw.version !== VERSION || !isVersion(raw)) return null;
    const previous = isVersion(raw.previous)
      ? { base: raw.previous.base, code: raw.previous.code }
      : null;
    return { base: raw.base, code: raw.code, previous };
  } catch {
    return null;
  }
}

/** The stored form of an own scenario. */
export function serialiseMine(mine: MyScenario): string {
  return JSON.stringify({ version: VERSION, ...mine, savedAt: Date.now() });
}

/** Store a panel's own scenario; false if the browser refused (it then lives for this page only). */
function persist(key: PanelKey, mine: MyScenario): boolean {
  try {
    localStorage.setItem(myScenarioKey(key), serialiseMine(mine));
    return true;
  } catch {
    return false;
  }
}

/**
 * Read every saved own scenario (once, at boot, before the panels start). One that does
 * not read is set aside (./keptAside.ts): the panel offers it, and nothing writes over it.
 */
export function loadMyScenarios(): void {
  const mine: Record<PanelKey, MyScenario> = {};
  let unsaved = false;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    for (const k of keys) {
      const text = localStorage.getItem(k);
      const m = parseMine(text);
      if (m) mine[k.slice(PREFIX.length)] = m;
      else if (text) setAside(k, text);
    }
  } catch {
    // Storage unavailable: nothing saved to read, and nothing will be saved.
    unsaved = true;
  }
  useMyScenarios.setState({ mine, unsaved });
}

/** The own-scenario store: empty until `loadMyScenarios` (importing this module reads nothing). */
export const useMyScenarios = create<MyScenariosStore>()((set, get) => {
  const put = (key: PanelKey, next: MyScenario) => {
    if (get().mine[key] === next) return;
    // A key that still holds a script the page could not read is not written
    // (./keptAside.ts); the panel says why this one is not kept.
    const saved = heldAside(myScenarioKey(key)) || persist(key, next);
    set({ mine: { ...get().mine, [key]: next }, ...(saved ? {} : { unsaved: true }) });
  };
  return {
    mine: {},
    unsaved: false,
    start: (key, base, code) => put(key, startMine(get().mine[key], base, code)),
    edit(key, code) {
      const m = get().mine[key];
      if (m) put(key, editMine(m, code));
    },
    restore(key) {
      const m = get().mine[key];
      if (m) put(key, restoreMine(m));
    },
  };
});
