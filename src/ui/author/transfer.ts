/**
 * Export and import of lesson drafts as files: a zip of the changed files (in
 * the layout of lessons/, golden summaries included, so dropping them into the
 * repo passes `npm run lessons:check`), a zip of the whole lesson folder, and
 * import of a folder or zip back into author mode.
 */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { decodeLessonFile, type InvalidUtf8Error } from '../../lessons/encoding';
import { buildRunFiles } from '../../lessons/loader';
import type { Lesson } from '../../lessons/schema';
import { getRuntime } from '../../runtime';
import { formatGolden, summarizeTrace } from '../../runtime/summary';
import type { DraftFiles } from '../../store/drafts';

const shippedGoldens = import.meta.glob('/lessons/*/golden/**/*.json', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

/** Golden files of a lesson as shipped: lesson-relative path → text. */
async function goldensOf(lessonId: string): Promise<Record<string, string>> {
  const prefix = `/lessons/${lessonId}/`;
  const out: Record<string, string> = {};
  await Promise.all(
    Object.entries(shippedGoldens)
      .filter(([k]) => k.startsWith(prefix))
      .map(async ([k, load]) => {
        out[k.slice(prefix.length)] = await load();
      }),
  );
  return out;
}

/** Record every panel × scenario of a lesson and return its golden files. */
export async function computeGoldens(lesson: Lesson): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const runtime = getRuntime();
  for (const panel of lesson.panels) {
    for (const s of panel.scenarios) {
      const trace = await runtime.record({
        files: buildRunFiles(lesson, panel.id, s.id),
        scenario: s.id,
        budget: lesson.budget,
      });
      out[`golden/${panel.id}/${s.id}.json`] = formatGolden(summarizeTrace(trace));
    }
  }
  return out;
}

/** What an export contains. */
export interface ExportPlan {
  /** lesson-relative path → text, for every file that is new or changed. */
  files: Record<string, string>;
  /** lesson-relative paths that the draft deletes. */
  deleted: string[];
}

/** The files a draft changes, plus the golden summaries that change with them. */
export async function planExport(lesson: Lesson, draft: DraftFiles): Promise<ExportPlan> {
  const files: Record<string, string> = {};
  const deleted: string[] = [];
  for (const [path, text] of Object.entries(draft)) {
    if (text === null) deleted.push(path);
    else files[path] = text;
  }
  const [fresh, shipped] = await Promise.all([computeGoldens(lesson), goldensOf(lesson.id)]);
  for (const [path, text] of Object.entries(fresh)) {
    if (shipped[path] !== text) files[path] = text;
  }
  for (const path of Object.keys(shipped)) if (!(path in fresh)) deleted.push(path);
  return { files, deleted: deleted.sort() };
}

/** Zip files under `lessons/<id>/`. */
export function zipLesson(lessonId: string, files: Record<string, string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(files))
    entries[`lessons/${lessonId}/${path}`] = strToU8(text);
  return zipSync(entries, { level: 6 });
}

/** Offer bytes as a download (a same-origin blob URL; nothing is uploaded). */
export function download(name: string, bytes: Uint8Array, type = 'application/zip'): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Files read from an import: lesson id and lesson-relative paths. */
export interface ImportedLesson {
  id: string;
  files: Record<string, string>;
}

/**
 * Find the lesson in a set of files (from a zip or a folder pick): the folder
 * holding `lesson.json` is the lesson's root. Golden files are ignored.
 */
export function locateLesson(all: Record<string, string>): ImportedLesson {
  const manifests = Object.keys(all).filter(
    (p) => p === 'lesson.json' || p.endsWith('/lesson.json'),
  );
  if (manifests.length !== 1) {
    throw new Error(
      manifests.length === 0
        ? 'no lesson.json found in the import'
        : `the import holds ${manifests.length} lessons; import one lesson folder at a time`,
    );
  }
  const root = manifests[0].slice(0, -'lesson.json'.length);
  const files: Record<string, string> = {};
  for (const [p, text] of Object.entries(all)) {
    if (!p.startsWith(root)) continue;
    const rel = p.slice(root.length);
    if (rel.startsWith('golden/') || rel.split('/').some((part) => part.startsWith('.'))) continue;
    files[rel] = text;
  }
  let id = root.replace(/\/$/, '').split('/').pop() ?? '';
  try {
    const m = JSON.parse(files['lesson.json']) as { id?: unknown };
    if (typeof m.id === 'string' && m.id) id = m.id;
  } catch {
    // the loader will report the broken manifest with its line
  }
  if (!id)
    throw new Error('could not tell the lesson id (no "id" in lesson.json and no folder name)');
  return { id, files };
}

/**
 * Read picked files (a zip, or the files of a folder) into path → text. A file that is
 * not valid UTF-8 throws {@link InvalidUtf8Error} with its path, line and byte offset.
 */
export async function readPicked(list: FileList): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of Array.from(list)) {
    if (file.name.endsWith('.zip')) {
      const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
      for (const [p, bytes] of Object.entries(entries))
        if (!p.endsWith('/')) out[p] = decodeLessonFile(p, bytes);
    } else {
      const path = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
      out[path] = decodeLessonFile(path, new Uint8Array(await file.arrayBuffer()));
    }
  }
  return out;
}

/**
 * The draft that an import makes. A complete lesson folder replaces the lesson
 * (shipped files it lacks are marked deleted); a partial set, such as an
 * export of changed files, is laid over the shipped lesson.
 */
export function draftFromImport(
  shipped: Record<string, string>,
  imported: Record<string, string>,
): DraftFiles {
  const draft: DraftFiles = {};
  for (const [p, text] of Object.entries(imported)) if (shipped[p] !== text) draft[p] = text;
  const complete = ['lesson.json', 'setup.py', 'prose.zh.md', 'prose.en.md'].every(
    (p) => p in imported,
  );
  if (complete) for (const p of Object.keys(shipped)) if (!(p in imported)) draft[p] = null;
  return draft;
}
