/**
 * Node-only helpers that read lesson folders from disk into the file maps the pure
 * loader takes. Never import this from browser code; use `import.meta.glob` there.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { loadLessonsFromFiles } from './loader.ts';
import type { LoadAllResult } from './schema.ts';

// golden/ holds generated trace summaries, not lesson input; dot-files and caches are noise.
const SKIP_AT_TOP = new Set(['golden']);
const SKIP_ANYWHERE = new Set(['__pycache__', 'node_modules']);

async function walk(root: string, dir: string, out: Record<string, string>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIP_ANYWHERE.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === root && SKIP_AT_TOP.has(entry.name)) continue;
      await walk(root, full, out);
    } else if (entry.isFile()) {
      out[relative(root, full).split(sep).join('/')] = await readFile(full, 'utf8');
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
