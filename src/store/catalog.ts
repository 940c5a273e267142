/**
 * The lessons as shipped (bundled files, hot-updated in dev) and, in author
 * mode, as drafted: the effective lesson is the shipped files overlaid with
 * the draft's changed files, loaded by the same loader as everything else.
 */
import { create } from 'zustand';
import type { Lesson, LessonError, LoadAllResult } from '../lessons/lesson';
import { loadLesson, loadLessonsFromFiles } from '../lessons/loader';
import type { DraftFiles } from './drafts';

/** The shipped lessons. */
export interface CatalogStore {
  /** `lessons/<id>/<path>` → text. */
  files: Record<string, string>;
  catalog: LoadAllResult;
}

/** The catalog store: empty until `loadCatalog` (importing this module loads nothing). */
export const useCatalog = create<CatalogStore>()(() => ({
  files: {},
  catalog: { lessons: [], broken: [] },
}));

/** Be told when new lesson files arrive (the dev server's hot update); returns a stop. */
export type LessonFilesUpdates = (listener: (files: Record<string, string>) => void) => () => void;

/**
 * Load lessons from their files (`lessons/<id>/<path>` → text): every bundled lesson for
 * the app, only the embedded one for the embed view. With `updates`, follow them.
 * Returns a function that stops following.
 */
export function loadCatalog(
  files: Record<string, string>,
  updates?: LessonFilesUpdates,
): () => void {
  useCatalog.setState({ files, catalog: loadLessonsFromFiles(files) });
  return (
    updates?.((next) => {
      useCatalog.setState({ files: next, catalog: loadLessonsFromFiles(next) });
    }) ?? (() => {})
  );
}

/** A shipped lesson's files, lesson-relative (`setup.py`, `src/...`). */
export function shippedFiles(id: string): Record<string, string> {
  const prefix = `lessons/${id}/`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(useCatalog.getState().files)) {
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

const memo = new Map<string, { key: unknown; catalog: unknown; result: EffectiveLesson }>();
const lastGood = new Map<string, Lesson>();

/** The effective lesson for an id, memoised per (draft, catalog). */
export function effectiveLesson(id: string, draft: DraftFiles | undefined): EffectiveLesson {
  const catalog = useCatalog.getState().catalog;
  const hit = memo.get(id);
  if (hit && hit.key === draft && hit.catalog === catalog) return hit.result;
  let result: EffectiveLesson;
  if (!draft || Object.keys(draft).length === 0) {
    const lesson = catalog.lessons.find((l) => l.id === id) ?? null;
    const broken = catalog.broken.find((b) => b.id === id);
    result = { lesson, errors: broken?.errors ?? [] };
  } else {
    const loaded = loadLesson(id, effectiveFiles(id, draft));
    result = loaded.ok
      ? { lesson: loaded.lesson, errors: [] }
      : {
          lesson: lastGood.get(id) ?? catalog.lessons.find((l) => l.id === id) ?? null,
          errors: loaded.errors,
        };
  }
  if (result.lesson && result.errors.length === 0) lastGood.set(id, result.lesson);
  memo.set(id, { key: draft, catalog, result });
  return result;
}
