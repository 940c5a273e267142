/** Shared fixtures for the lesson tests: the real lessons, read once, and ways to break them. */
import { fileURLToPath } from 'node:url';
import { readAllLessons, readLessonFolder } from '../../../src/lessons/fs.ts';
import type { LessonError, LoadResult } from '../../../src/lessons/lesson.ts';
import { loadLesson } from '../../../src/lessons/loader.ts';
import { renderMessage } from '../../../src/lessons/messageText.ts';

export const LESSONS_DIR = fileURLToPath(new URL('../../../lessons/', import.meta.url));

/** Every file of every real lesson, keyed `lessons/<id>/<path>`. */
export const allLessonFiles = (): Promise<Record<string, string>> => readAllLessons(LESSONS_DIR);

/** A fresh copy of one real lesson's file map (lesson-relative keys), safe to mutate. */
export async function lessonFiles(id: string): Promise<Record<string, string>> {
  return { ...(await readLessonFolder(`${LESSONS_DIR}${id}`)) };
}

/** Parse the manifest, let `edit` change it, and write it back pretty-printed. */
export function editManifest(
  files: Record<string, string>,
  // biome-ignore lint/suspicious/noExplicitAny: tests deliberately break the manifest's shape
  edit: (manifest: any) => void,
): Record<string, string> {
  const manifest = JSON.parse(files['lesson.json']);
  edit(manifest);
  return { ...files, 'lesson.json': `${JSON.stringify(manifest, null, 2)}\n` };
}

/** The 1-based line of the first line of `text` containing `needle` (after line `after`). */
export function lineOf(text: string, needle: string, after = 0): number {
  const lines = text.split('\n');
  for (let i = after; i < lines.length; i++) if (lines[i].includes(needle)) return i + 1;
  throw new Error(`test setup: ${JSON.stringify(needle)} not found`);
}

/** The errors of a load that must fail, as made; fails the test if the lesson loaded. */
export function rawErrorsOf(result: LoadResult): LessonError[] {
  if (result.ok) throw new Error('expected the lesson to be rejected, but it loaded');
  return result.errors;
}

/** A loader error with its message as an English reader sees it. */
export type ShownError = Omit<LessonError, 'message'> & { message: string };

/** The errors of a load that must fail, each message in English (see {@link rawErrorsOf}). */
export function errorsOf(result: LoadResult): ShownError[] {
  return rawErrorsOf(result).map((e) => ({ ...e, message: renderMessage(e.message, 'en') }));
}

/** Load `files` as the real folder `id`. */
export const load = (id: string, files: Record<string, string>) => loadLesson(id, files);
