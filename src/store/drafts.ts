/**
 * Author mode and drafts. A draft is the set of lesson files an instructor
 * changed (lesson-relative path → new text, or null for a deleted file).
 * Drafts are saved to localStorage as they are typed, so a reload, a crash
 * of the Python worker or of the tab loses nothing.
 */
import { create } from 'zustand';
import type { Lang } from '../i18n';
import type { Address } from './address';
import { heldAside, setAside } from './keptAside';
import { AUTHOR_KEY, startAuthor } from './startView';
import { navigate } from './urlSync';

/** Changed files of one lesson: path → text, or null when deleted. */
export type DraftFiles = Record<string, string | null>;

/** Author mode state and actions. */
export interface DraftsStore {
  author: boolean;
  /** lesson id → its draft (absent when the lesson is unchanged). */
  drafts: Record<string, DraftFiles>;
  /**
   * The lessons whose draft as it stands is not stored: the browser refused it (storage
   * full or disabled), or it would have been written over saved work the page could not
   * read (./keptAside.ts). The author bar says so; the draft lasts until the page closes.
   */
  unsaved: string[];
  setAuthor(on: boolean): void;
  /** Set one file; a text equal to the shipped one removes it from the draft. */
  editFile(
    lessonId: string,
    path: string,
    text: string | null,
    shipped: string | null | undefined,
  ): void;
  /** Replace the whole draft (import). */
  setDraft(lessonId: string, files: DraftFiles): void;
  discard(lessonId: string): void;
}

/**
 * The title a draft-only lesson is listed under: its `lesson.json` title in `lang` when
 * the draft has one that reads, else its id (a draft that does not parse yet).
 */
export function draftTitle(lessonId: string, files: DraftFiles | undefined, lang: Lang): string {
  const text = files?.['lesson.json'];
  if (typeof text !== 'string') return lessonId;
  try {
    const title = (JSON.parse(text) as { title?: Record<string, unknown> } | null)?.title?.[lang];
    return typeof title === 'string' && title.trim() !== '' ? title : lessonId;
  } catch {
    return lessonId;
  }
}

/** The storage keys of drafts start with this, then the lesson id. */
export const DRAFT_PREFIX = 'wpt.draft.';
const VERSION = 1;

/** The storage key of a lesson's draft. */
export function draftKey(lessonId: string): string {
  return DRAFT_PREFIX + lessonId;
}

/** The files of a stored record's field (`files` or `good`); null unless every entry is valid. */
function filesIn(raw: unknown): DraftFiles | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const out: DraftFiles = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v !== 'string' && v !== null) return null;
    out[k] = v;
  }
  return out;
}

/** A stored record, or null when malformed. */
interface DraftRecord {
  files: DraftFiles;
  /** The last draft that loaded without errors (`saveGoodDraft`). */
  good: DraftFiles | null;
  /** Each drafted file's shipped text when the draft first changed it (`draftBase`). */
  base: DraftFiles | null;
}

/** A stored record: `{ version, files, good?, base?, savedAt }`, or null when malformed. */
function parseRecord(text: string | null): DraftRecord | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as {
      version?: unknown;
      files?: unknown;
      good?: unknown;
      base?: unknown;
    };
    const files = raw.version === VERSION ? filesIn(raw.files) : null;
    return files ? { files, good: filesIn(raw.good), base: filesIn(raw.base) } : null;
  } catch {
    return null;
  }
}

/** Parse a stored draft; null when malformed (`loadDrafts` sets such a text aside). */
export function parseDraft(text: string | null): DraftFiles | null {
  return parseRecord(text)?.files ?? null;
}

/** Every stored draft; one that does not read is set aside (./keptAside.ts), never lost. */
function loadAll(): Record<string, DraftFiles> {
  const out: Record<string, DraftFiles> = {};
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const text = localStorage.getItem(key);
      const draft = parseDraft(text);
      if (draft === null && text) setAside(key, text);
      else if (draft && Object.keys(draft).length) out[key.slice(DRAFT_PREFIX.length)] = draft;
    }
  } catch {
    // Storage unavailable: drafts live for this page only.
  }
  return out;
}

function stored(lessonId: string): DraftRecord | null {
  try {
    return parseRecord(localStorage.getItem(draftKey(lessonId)));
  } catch {
    return null;
  }
}

/**
 * Per lesson, the last draft that loaded without errors (`saveGoodDraft`), read from
 * storage once; saved with the draft at its next write.
 */
const goodDrafts = new Map<string, DraftFiles | null>();

function goodOf(lessonId: string): DraftFiles | null {
  if (!goodDrafts.has(lessonId)) goodDrafts.set(lessonId, stored(lessonId)?.good ?? null);
  return goodDrafts.get(lessonId) ?? null;
}

/** Per lesson, `draftBase`'s texts, read from storage once and saved with the draft. */
const bases = new Map<string, DraftFiles>();

/**
 * The shipped text each file of a lesson's draft had when the draft first changed it
 * (null: the file did not exist), for the files drafted since this was kept.
 */
export function draftBase(lessonId: string): DraftFiles {
  let base = bases.get(lessonId);
  if (!base) {
    base = { ...(stored(lessonId)?.base ?? {}) };
    bases.set(lessonId, base);
  }
  return base;
}

/**
 * The drafted files whose shipped text changed since the draft first changed them (an
 * edit on disk, picked up by the dev server): the draft hides it, and its export would
 * undo it. Files with no known base are left out.
 */
export function staleDraftFiles(
  draft: DraftFiles | undefined,
  base: DraftFiles,
  shipped: Record<string, string>,
): string[] {
  return Object.keys(draft ?? {})
    .filter((path) => Object.hasOwn(base, path) && (shipped[path] ?? null) !== base[path])
    .sort();
}

/** Store a lesson's draft (none: remove it); false when it could not be stored. */
function persist(lessonId: string, files: DraftFiles | undefined): boolean {
  if (heldAside(draftKey(lessonId))) return false;
  try {
    if (!files || Object.keys(files).length === 0) {
      localStorage.removeItem(draftKey(lessonId));
      goodDrafts.delete(lessonId);
      bases.delete(lessonId);
    } else {
      const good = goodOf(lessonId) ?? undefined;
      const base = draftBase(lessonId);
      localStorage.setItem(
        draftKey(lessonId),
        JSON.stringify({ version: VERSION, files, good, base, savedAt: Date.now() }),
      );
    }
    return true;
  } catch {
    // Quota exceeded: the draft stays in memory, and the author bar says it is not saved.
    return false;
  }
}

/** `unsaved` after a write of `lessonId`'s draft that did (`stored`) or did not succeed. */
function unsavedAfter(unsaved: string[], lessonId: string, stored: boolean): string[] {
  const others = unsaved.filter((id) => id !== lessonId);
  return stored ? others : [...others, lessonId];
}

/**
 * Note `files` as the lesson's last draft that loaded without errors. While the author
 * types, a draft is often invalid for a moment (one language of a new description
 * written, the other not yet); the page keeps showing the last valid one, and it is
 * saved next to the draft at the draft's next write (a keystroke), so that after a reload
 * `savedGoodDraft` finds it and a half-made scenario's fields and script stay reachable.
 * Nothing is read or written here: it runs on every valid keystroke.
 */
export function saveGoodDraft(lessonId: string, files: DraftFiles): void {
  goodDrafts.set(lessonId, files);
}

/** The last draft of a lesson that loaded without errors (see `saveGoodDraft`). */
export function savedGoodDraft(lessonId: string): DraftFiles | null {
  return goodOf(lessonId);
}

function savedAuthor(): string | null {
  try {
    return sessionStorage.getItem(AUTHOR_KEY);
  } catch {
    return null;
  }
}

/** Read the saved drafts and the author mode asked for (once, at boot). */
export function loadDrafts(address: Address): void {
  useDrafts.setState({
    author: startAuthor(address, { lang: null, author: savedAuthor() }),
    drafts: loadAll(),
    unsaved: [],
  });
}

/**
 * The drafts store. Every change is written through at once (small files). Empty until
 * `loadDrafts` (importing this module reads nothing).
 */
export const useDrafts = create<DraftsStore>()((set, get) => ({
  author: false,
  drafts: {},
  unsaved: [],
  setAuthor(on) {
    try {
      sessionStorage.setItem(AUTHOR_KEY, on ? '1' : '0');
    } catch {
      // not remembered
    }
    navigate({ author: on ? '1' : '0' });
    set({ author: on });
  },
  editFile(lessonId, path, text, shipped) {
    const current = { ...(get().drafts[lessonId] ?? {}) };
    const base = draftBase(lessonId);
    if (text === shipped) {
      delete current[path];
      delete base[path];
    } else {
      if (!Object.hasOwn(current, path)) base[path] = shipped ?? null;
      current[path] = text;
    }
    const stored = persist(lessonId, current);
    const drafts = { ...get().drafts };
    if (Object.keys(current).length) drafts[lessonId] = current;
    else delete drafts[lessonId];
    set({ drafts, unsaved: unsavedAfter(get().unsaved, lessonId, stored) });
  },
  setDraft(lessonId, files) {
    bases.set(lessonId, {}); // an imported draft's base is not known
    const stored = persist(lessonId, files);
    set({
      drafts: { ...get().drafts, [lessonId]: files },
      unsaved: unsavedAfter(get().unsaved, lessonId, stored),
    });
  },
  discard(lessonId) {
    const stored = persist(lessonId, undefined);
    const drafts = { ...get().drafts };
    delete drafts[lessonId];
    set({ drafts, unsaved: unsavedAfter(get().unsaved, lessonId, stored) });
  },
}));
