/**
 * Node-only helpers that read lesson folders from disk into the file maps the pure
 * loader takes. Never import this from browser code; use `import.meta.glob` there.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { decodeLessonFile, encodingMessage, InvalidUtf8Error } from './encoding.ts';
import type { LessonError, LoadAllResult } from './lesson.ts';
import { loadLessonsFromFiles } from './loader.ts';
import { msg } from './messages.ts';

// golden/ holds generated trace summaries, not lesson input; dot-files and caches are noise.
const SKIP_AT_TOP = new Set(['golden']);
const SKIP_ANYWHERE = new Set(['__pycache__', 'node_modules']);

/**
 * Read the files under `dir` into `out`. Symbolic links are not followed (lesson input is
 * untrusted: a link could bring any file of the machine into a lesson and its build);
 * their paths go to `links`, to be reported.
 */
async function walk(
  root: string,
  dir: string,
  out: Record<string, string>,
  bad: InvalidUtf8Error[] = [],
  links: string[] = [],
): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIP_ANYWHERE.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === root && SKIP_AT_TOP.has(entry.name)) continue;
      await walk(root, full, out, bad, links);
    } else if (entry.isSymbolicLink()) {
      links.push(relative(root, full).split(sep).join('/'));
    } else if (entry.isFile()) {
      const rel = relative(root, full).split(sep).join('/');
      const bytes = await readFile(full);
      try {
        out[rel] = decodeLessonFile(rel, bytes);
      } catch (err) {
        if (!(err instanceof InvalidUtf8Error)) throw err;
        // Keep the file (with U+FFFD) so the rest of the lesson can still be checked.
        out[rel] = bytes.toString('utf8');
        bad.push(err);
      }
    }
  }
}

/**
 * Read one lesson folder: keys are lesson-relative paths with forward slashes
 * (`lesson.json`, `src/s04/core/gate.py`, ...). The `golden/` folder is skipped.
 */
export async function readLessonFolder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await walk(dir, dir, out);
  return out;
}

/**
 * Read one lesson folder as {@link readLessonFolder} does, and also report each file
 * that is not valid UTF-8 as an error of the lesson (`lessons/<folder>/<path>`, with
 * line, column and the byte offset in the message), and each symbolic link.
 */
export async function readLessonFolderChecked(
  dir: string,
  folder: string,
): Promise<{ files: Record<string, string>; errors: LessonError[] }> {
  const files: Record<string, string> = {};
  const bad: InvalidUtf8Error[] = [];
  const links: string[] = [];
  await walk(dir, dir, files, bad, links);
  const errors: LessonError[] = bad.map((e) => ({
    file: `lessons/${folder}/${e.file}`,
    line: e.problem.line,
    column: e.problem.column,
    message: encodingMessage(e.problem),
  }));
  for (const rel of links)
    errors.push({ file: `lessons/${folder}/${rel}`, message: msg('symlinkFile') });
  return { files, errors };
}

/**
 * Read every lesson folder under `root` (the `lessons/` directory). Keys are
 * repo-relative, `lessons/<folder>/<path>`, whatever `root` is called on disk, which is
 * the shape {@link loadLessonsFromFiles} takes.
 */
export async function readAllLessons(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entries = await readdir(root, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const files = await readLessonFolder(join(root, entry.name));
    for (const [rel, text] of Object.entries(files)) out[`lessons/${entry.name}/${rel}`] = text;
  }
  return out;
}

/** Read and load every lesson under `root` in one call (for CLIs and tests). */
export async function loadAllLessons(root: string): Promise<LoadAllResult> {
  return loadLessonsFromFiles(await readAllLessons(root));
}
