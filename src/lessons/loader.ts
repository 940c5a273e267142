/**
 * The lesson loader: turns a lesson folder's files into a checked {@link Lesson}, or
 * into every error found, each naming the file, line and manifest field to fix and
 * saying what is wrong as a lesson message (rendered in the reader's language by
 * ./messageText.ts).
 *
 * Pure on purpose (no fs, no DOM): the same code validates lessons in Node (CI, the
 * golden CLI) and loads them in the browser. Callers supply the files as a map of
 * lesson-relative paths to text; src/lessons/fs.ts builds that map from disk. The work is
 * shared out: ./issues.ts words what the schema rejects, ./salvage.ts keeps what still
 * fits, ./resolve.ts and ./resolvePanels.ts check it against the files, and
 * ./predictions.ts checks the questions.
 */
import { isRecord, schemaProblems } from './issues.ts';
import { formatJsonPath, type JsonPath, parseJsonWithPositions, positionOf } from './json.ts';
import type { Lesson, LessonError, LoadAllResult, LoadResult } from './lesson.ts';
import { type LessonMessage, msg } from './messages.ts';
import { resolvePredictions } from './predictions.ts';
import { readRequired, resolveProse, resolveScenarios, resolveSources } from './resolve.ts';
import { type CheckablePanel, resolvePanels } from './resolvePanels.ts';
import { panelIdsOf, partsOf, salvageParts } from './salvage.ts';
import { LessonManifestSchema } from './schema.ts';

/** The manifest's file name inside a lesson folder. */
export const MANIFEST_FILE = 'lesson.json';

/**
 * The errors in the order an author reads and fixes them: the manifest's first, then each
 * file's, by line (an error of the whole file after its lines). A typo early in a file
 * often causes the errors after it (an unknown panel marker, then every `[[scenario]]` of
 * that panel), so the cause comes first. Stable: errors of one line keep their order.
 */
function inReadingOrder(errors: LessonError[], manifest: string): LessonError[] {
  const files = [manifest, ...new Set(errors.map((e) => e.file).filter((f) => f !== manifest))];
  return errors
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) =>
        files.indexOf(a.e.file) - files.indexOf(b.e.file) ||
        (a.e.line ?? Number.MAX_SAFE_INTEGER) - (b.e.line ?? Number.MAX_SAFE_INTEGER) ||
        a.i - b.i,
    )
    .map(({ e }) => e);
}

/**
 * Load one lesson.
 * @param folder the folder name under `lessons/` (must equal the manifest id)
 * @param files lesson-relative paths (`lesson.json`, `src/s04/core/gate.py`, ...) to text
 */
export function loadLesson(folder: string, files: Record<string, string>): LoadResult {
  const base = `lessons/${folder}`;
  const manifestPath = `${base}/${MANIFEST_FILE}`;

  if (!Object.hasOwn(files, MANIFEST_FILE)) {
    return { ok: false, errors: [{ file: manifestPath, message: msg('manifestMissing') }] };
  }
  const parsed = parseJsonWithPositions(files[MANIFEST_FILE]);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return {
      ok: false,
      errors: [
        { file: manifestPath, line, column, message: msg('invalidJson', { reason: message }) },
      ],
    };
  }

  const errors: LessonError[] = [];
  const manifestError = (path: JsonPath, message: LessonMessage) => {
    const pos = positionOf(parsed.positions, path);
    errors.push({
      file: manifestPath,
      line: pos?.line,
      column: pos?.column,
      field: formatJsonPath(path),
      message,
    });
  };

  // The id check does not need a valid manifest, so it is reported alongside schema errors.
  const rawId = isRecord(parsed.value) ? parsed.value.id : undefined;
  if (typeof rawId === 'string' && rawId !== folder) {
    manifestError(
      ['id'],
      msg('idMismatch', { id: JSON.stringify(rawId), folder: JSON.stringify(folder) }),
    );
  }

  const checked = LessonManifestSchema.safeParse(parsed.value);
  if (!checked.success) {
    for (const problem of schemaProblems(checked.error.issues, parsed.value, LessonManifestSchema))
      manifestError(problem.path, problem.message);
  }

  // Resolve whatever fits the schema even when the manifest as a whole does not, so one
  // run of the check reports every error of the lesson.
  const parts = checked.success ? partsOf(checked.data) : salvageParts(parsed.value);
  const sources = resolveSources(parts, files, base, manifestError);
  const setup =
    parts.setup === undefined
      ? undefined
      : readRequired(files, parts.setup, base, ['setup'], manifestError, 'setupNotFound');
  const scenarios = resolveScenarios(parts, checked.data, files, base, manifestError);
  const checkable: CheckablePanel[] = [];
  const panels = resolvePanels(
    parts,
    checked.data,
    files,
    base,
    sources,
    scenarios,
    manifestError,
    checkable,
  );
  const prose = resolveProse(parts, files, base, errors);
  const predictions = resolvePredictions(
    isRecord(parsed.value) ? parsed.value.predictions : undefined,
    checkable,
    panelIdsOf(parts),
    sources,
    base,
    manifestError,
  );

  if (!checked.success) return { ok: false, errors: inReadingOrder(errors, manifestPath) };
  const manifest = checked.data;
  if (errors.length > 0 || !setup || !prose)
    return { ok: false, errors: inReadingOrder(errors, manifestPath) };
  return {
    ok: true,
    lesson: {
      id: manifest.id,
      folder,
      order: manifest.order,
      title: manifest.title,
      summary: manifest.summary,
      ...(manifest.budget ? { budget: manifest.budget } : {}),
      manifest,
      sources,
      setup,
      scenarios: [...scenarios.values()],
      panels,
      predictions,
      prose,
    },
  };
}

/**
 * Load every lesson from a map of repo-relative paths (`lessons/<id>/...`; a leading
 * `/` or `./` is ignored, so Vite's `import.meta.glob` keys work as they are).
 * Files under a lesson's `golden/` folder are skipped. A broken lesson never stops the
 * others from loading. Lessons are sorted by `order`, then by id.
 */
export function loadLessonsFromFiles(all: Record<string, string>): LoadAllResult {
  const byFolder = new Map<string, Record<string, string>>();
  for (const [rawPath, text] of Object.entries(all)) {
    const path = rawPath.replace(/\\/g, '/').replace(/^(?:\.\/|\/)+/, '');
    const match = /^lessons\/([^/]+)\/(.+)$/.exec(path);
    if (!match) continue;
    const [, folder, rel] = match;
    if (rel.startsWith('golden/')) continue;
    const files = byFolder.get(folder) ?? {};
    files[rel] = text;
    byFolder.set(folder, files);
  }

  const lessons: Lesson[] = [];
  const broken: LoadAllResult['broken'] = [];
  for (const folder of [...byFolder.keys()].sort()) {
    const result = loadLesson(folder, byFolder.get(folder)!);
    if (result.ok) lessons.push(result.lesson);
    else broken.push({ id: folder, errors: result.errors });
  }
  lessons.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { lessons, broken };
}
