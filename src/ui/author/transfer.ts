/**
 * Export and import of lesson drafts as files: a zip of the changed files (in
 * the layout of lessons/, golden summaries included, so dropping them into the
 * repo passes `npm run lessons:check`), a zip of the whole lesson folder, and
 * import of a folder or zip back into author mode. What to export (recording the
 * goldens) is planned in the store: src/store/exportPlan.ts.
 */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { decodeLessonFile, type InvalidUtf8Error } from '../../lessons/encoding';
import { msg } from '../../lessons/messages';
import { LessonMessageError } from '../../lessons/messageText';
import type { DraftFiles } from '../../store/drafts';

/** Zip files under `lessons/<id>/`. */
export function zipLesson(lessonId: string, files: Record<string, string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(files))
    entries[`lessons/${lessonId}/${path}`] = strToU8(text);
  return zipSync(entries, { level: 6 });
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
    throw new LessonMessageError(
      manifests.length === 0
        ? msg('importNoManifest')
        : msg('importManyLessons', { n: manifests.length }),
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
  if (!id) throw new LessonMessageError(msg('importNoId'));
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
