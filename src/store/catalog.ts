/**
 * The lessons: the shipped index (every lesson's title and panels), the shipped lessons
 * fetched so far (compiled by the build, see src/lessons/shipped.ts), and, in author mode
 * only, what drafts need: the shipped files as text and the loader, both loaded on demand.
 * The effective lesson is a shipped one, or the shipped files overlaid with the draft's
 * changed files, loaded by the same loader that compiled the shipped ones.
 */
import { create } from 'zustand';
import type {
  Lesson,
  LessonError,
  LessonSummary,
  LoadAllResult,
  LoadResult,
} from '../lessons/lesson';
import { type DraftFiles, savedGoodDraft, saveGoodDraft } from './drafts';
import { useAddress } from './urlSync';

/** Where the catalog's lessons come from: the build's index, and how to fetch one. */
export interface LessonSource {
  index: LessonSummary[];
  broken: LoadAllResult['broken'];
  fetch(entry: LessonSummary): Promise<Lesson>;
  /** Follow new indexes (the dev server's hot updates); returns a stop. */
  updates?(
    listener: (next: { index: LessonSummary[]; broken: LoadAllResult['broken'] }) => void,
  ): () => void;
}

/** What author mode needs to load drafts; absent until author mode asks for it. */
export interface AuthorTools {
  /** `lessons/<id>/<path>` → text of every shipped file. */
  files: Record<string, string>;
  loadLesson(id: string, files: Record<string, string>): LoadResult;
}

/** The catalog store. */
export interface CatalogStore {
  /** Every shipped lesson, in order, whether fetched or not. */
  index: LessonSummary[];
  /** The shipped lessons fetched so far (in index order), and every broken lesson. */
  catalog: LoadAllResult;
  /** Shipped lessons that could not be fetched: id → why. */
  unavailable: Record<string, string>;
  /** Loaded by {@link loadAuthorTools}; null until then. */
  author: AuthorTools | null;
}

/** The catalog store: empty until `startCatalog` (importing this module loads nothing). */
export const useCatalog = create<CatalogStore>()(() => ({
  index: [],
  catalog: { lessons: [], broken: [] },
  unavailable: {},
  author: null,
}));

let source: LessonSource | null = null;
const inFlight = new Map<string, Promise<void>>();

/** Keep the fetched lessons in index order. */
function ordered(index: LessonSummary[], lessons: Lesson[]): Lesson[] {
  const at = new Map(index.map((e, i) => [e.id, i]));
  return lessons
    .filter((l) => at.has(l.id))
    .sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

/**
 * Start the catalog from a lesson source: its index at once, each lesson when
 * {@link ensureLesson} asks for it. With updates, a lesson whose URL changed is fetched
 * again (if it was fetched before). Returns a function that stops following updates.
 */
export function startCatalog(from: LessonSource): () => void {
  source = from;
  inFlight.clear();
  useCatalog.setState({
    index: from.index,
    catalog: { lessons: [], broken: from.broken },
    unavailable: {},
  });
  return (
    from.updates?.((next) => {
      const { index, catalog } = useCatalog.getState();
      const before = new Map(index.map((e) => [e.id, e.url]));
      const stale = catalog.lessons.filter(
        (l) => before.get(l.id) !== next.index.find((e) => e.id === l.id)?.url,
      );
      const kept = catalog.lessons.filter((l) => !stale.includes(l));
      for (const l of stale) inFlight.delete(l.id);
      useCatalog.setState({
        index: next.index,
        catalog: { lessons: ordered(next.index, kept), broken: next.broken },
        unavailable: {},
      });
      for (const l of stale) void ensureLesson(l.id);
    }) ?? (() => {})
  );
}

/** Fetch a shipped lesson unless it is here or on its way; resolves once settled. */
export function ensureLesson(id: string): Promise<void> {
  const pending = inFlight.get(id);
  if (pending) return pending;
  const entry = useCatalog.getState().index.find((e) => e.id === id);
  if (!entry || !source) return Promise.resolve();
  const fetching = source.fetch(entry).then(
    (lesson) => {
      const { index, catalog } = useCatalog.getState();
      // A newer index may have replaced this entry while it was on its way.
      if (index.find((e) => e.id === id)?.url !== entry.url) return;
      const others = catalog.lessons.filter((l) => l.id !== id);
      useCatalog.setState({
        catalog: { ...catalog, lessons: ordered(index, [...others, lesson]) },
      });
    },
    (err: unknown) => {
      inFlight.delete(id);
      useCatalog.setState((s) => ({
        unavailable: { ...s.unavailable, [id]: err instanceof Error ? err.message : String(err) },
      }));
    },
  );
  inFlight.set(id, fetching);
  return fetching;
}

/**
 * Where a lesson id stands in the catalog: `here` (fetched, or broken with its errors),
 * `arriving` (listed, on its way), `unavailable` (its fetch failed: see `unavailable`),
 * or `unknown` (no shipped lesson has that id).
 */
export type LessonStatus = 'here' | 'arriving' | 'unavailable' | 'unknown';

/** The {@link LessonStatus} of `id` in a catalog state. */
export function lessonStatus(
  id: string,
  state: Pick<CatalogStore, 'index' | 'catalog' | 'unavailable'>,
): LessonStatus {
  const { index, catalog, unavailable } = state;
  if (catalog.lessons.some((l) => l.id === id) || catalog.broken.some((b) => b.id === id))
    return 'here';
  if (!index.some((e) => e.id === id)) return 'unknown';
  return unavailable[id] === undefined ? 'arriving' : 'unavailable';
}

/**
 * Give the catalog what drafts need (author mode calls this once, after loading the
 * shipped files and the loader on demand).
 */
export function setAuthorTools(tools: AuthorTools): void {
  useCatalog.setState({ author: tools });
}

/** A shipped lesson's files, lesson-relative (`setup.py`, `src/...`); empty before author mode. */
export function shippedFiles(id: string): Record<string, string> {
  const prefix = `lessons/${id}/`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(useCatalog.getState().author?.files ?? {})) {
    if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  }
  return out;
}

/** Shipped files with a draft laid over them (null = deleted). */
export function effectiveFiles(id: string, draft: DraftFiles | undefined): Record<string, string> {
  const files = shippedFiles(id);
  for (const [path, text] of Object.entries(draft ?? {})) {
    if (text === null) delete files[path];
    else files[path] = text;
  }
  return files;
}

/** The lesson to show: shipped, or drafted (with the draft's load errors, if any). */
export interface EffectiveLesson {
  lesson: Lesson | null;
  /** Problems in the draft: shown to the author; the last good lesson stays usable. */
  errors: LessonError[];
}

/** The shipped lesson (or its load errors) for an id. */
export function shippedLesson(id: string): EffectiveLesson {
  const { catalog } = useCatalog.getState();
  return {
    lesson: catalog.lessons.find((l) => l.id === id) ?? null,
    errors: catalog.broken.find((b) => b.id === id)?.errors ?? [],
  };
}

const memo = new Map<
  string,
  { key: unknown; catalog: unknown; author: unknown; result: EffectiveLesson }
>();
const lastGood = new Map<string, Lesson>();

/** The last valid draft saved in the browser (a reload), loaded, if it still loads. */
function savedGoodLesson(id: string, author: AuthorTools): Lesson | null {
  const good = savedGoodDraft(id);
  if (!good) return null;
  const loaded = author.loadLesson(id, effectiveFiles(id, good));
  return loaded.ok ? loaded.lesson : null;
}

/**
 * The effective lesson for an id, memoised per (draft, catalog, author tools): the shipped
 * one when there is no draft or author mode's tools have not arrived yet.
 */
export function effectiveLesson(id: string, draft: DraftFiles | undefined): EffectiveLesson {
  const { catalog, author } = useCatalog.getState();
  const hit = memo.get(id);
  if (hit && hit.key === draft && hit.catalog === catalog && hit.author === author)
    return hit.result;
  let result: EffectiveLesson;
  if (!draft || Object.keys(draft).length === 0 || !author) {
    result = shippedLesson(id);
  } else {
    const loaded = author.loadLesson(id, effectiveFiles(id, draft));
    if (loaded.ok) {
      lastGood.set(id, loaded.lesson);
      saveGoodDraft(id, draft);
    }
    result = loaded.ok
      ? { lesson: loaded.lesson, errors: [] }
      : {
          lesson: lastGood.get(id) ?? savedGoodLesson(id, author) ?? shippedLesson(id).lesson,
          errors: loaded.errors,
        };
  }
  memo.set(id, { key: draft, catalog, author, result });
  return result;
}

/** The lesson the page shows: the one the address asks for, else the first listed. */
export function lessonToShow(
  asked: string | null,
  state: Pick<CatalogStore, 'index' | 'catalog'>,
): string | null {
  return asked ?? state.index[0]?.id ?? state.catalog.broken[0]?.id ?? null;
}

/** Fetch a lesson again after it could not be fetched. */
export function retryLesson(id: string): void {
  useCatalog.setState((s) => {
    const { [id]: _, ...rest } = s.unavailable;
    return { unavailable: rest };
  });
  void ensureLesson(id);
}

/** Fetch the lesson the address shows, now and whenever the address or the index changes. */
export function followShownLesson(): () => void {
  const show = () => {
    const state = useCatalog.getState();
    const id = lessonToShow(useAddress.getState().lesson, state);
    if (id && state.unavailable[id] === undefined) void ensureLesson(id);
  };
  const offAddress = useAddress.subscribe((a, prev) => {
    if (a.lesson !== prev.lesson) show();
  });
  const offCatalog = useCatalog.subscribe((c, prev) => {
    if (c.index !== prev.index) show();
  });
  show();
  // The page preloads the first lesson (scripts/lib/vite-lessons.ts). Opened on another,
  // take the first too once the shown one is here: it is on its way already, so it costs
  // nothing, its link in the index then opens at once, and the browser does not warn of
  // a preload left unused.
  const state = useCatalog.getState();
  const first = state.index[0]?.id;
  const shown = lessonToShow(useAddress.getState().lesson, state);
  if (first && shown && shown !== first) {
    void ensureLesson(shown).then(() => ensureLesson(first));
  }
  return () => {
    offAddress();
    offCatalog();
  };
}
