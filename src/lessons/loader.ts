/**
 * The lesson loader: turns a lesson folder's files into a checked {@link Lesson}, or
 * into every error found, each naming the file, line and manifest field to fix.
 *
 * Pure on purpose (no fs, no DOM): the same code validates lessons in Node (CI, the
 * golden CLI) and loads them in the browser. Callers supply the files as a map of
 * lesson-relative paths to text; src/lessons/fs.ts builds that map from disk.
 */
import { resolveFunctionRange, resolveStepLines } from './anchors.ts';
import {
  formatJsonPath,
  type JsonPath,
  parseJsonWithPositions,
  positionOf,
  type TextPosition,
} from './json.ts';
import { resolvePredictions } from './predictions.ts';
import { splitProse } from './prose.ts';
import { unknownTryScenarios } from './tries.ts';
import { type ManifestParts, partsOf, salvageParts } from './salvage.ts';
import {
  LANGS,
  type Lang,
  type Lesson,
  type LessonError,
  type LessonFile,
  type LessonManifest,
  LessonManifestSchema,
  type LessonScenario,
  type LessonSource,
  type LoadAllResult,
  type LoadResult,
  type ProseSegment,
  type ResolvedPanel,
  type ResolvedStep,
  type RunFile,
} from './schema.ts';

export { resolveAnchor, resolveFunctionRange, resolveStepLines } from './anchors.ts';
export { splitProse } from './prose.ts';

/** Render an error the way compilers do: `file:line: field: message`. */
export function formatLessonError(e: LessonError): string {
  const where = e.line === undefined ? e.file : `${e.file}:${e.line}`;
  return e.field ? `${where}: ${e.field}: ${e.message}` : `${where}: ${e.message}`;
}

/** The manifest's file name inside a lesson folder. */
export const MANIFEST_FILE = 'lesson.json';

/** The article file for a language, relative to the lesson folder. */
export const proseFile = (lang: Lang) => `prose.${lang}.md`;

/** Where a source's code lives, relative to the lesson folder. */
export const sourceFile = (path: string) => `src/${path}`;

/**
 * Load one lesson.
 * @param folder the folder name under `lessons/` (must equal the manifest id)
 * @param files lesson-relative paths (`lesson.json`, `src/s04/core/gate.py`, ...) to text
 */
export function loadLesson(folder: string, files: Record<string, string>): LoadResult {
  const base = `lessons/${folder}`;
  const manifestPath = `${base}/${MANIFEST_FILE}`;
  const has = (rel: string) => Object.hasOwn(files, rel);

  if (!has(MANIFEST_FILE)) {
    return {
      ok: false,
      errors: [
        {
          file: manifestPath,
          message: 'file not found: every lesson folder needs a lesson.json manifest',
        },
      ],
    };
  }
  const parsed = parseJsonWithPositions(files[MANIFEST_FILE]);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return {
      ok: false,
      errors: [{ file: manifestPath, line, column, message: `invalid JSON: ${message}` }],
    };
  }

  const errors: LessonError[] = [];
  const at = (path: JsonPath): TextPosition | undefined => positionOf(parsed.positions, path);
  const manifestError = (path: JsonPath, message: string) => {
    const pos = at(path);
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
      `id ${JSON.stringify(rawId)} does not match its folder name ${JSON.stringify(folder)}`,
    );
  }

  const checked = LessonManifestSchema.safeParse(parsed.value);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          manifestError(
            [...issue.path, key],
            'unknown field (check its spelling; the format rejects fields it does not define)',
          );
      } else if (issue.code === 'invalid_key') {
        const inner = issue.issues[0]?.message ?? issue.message;
        manifestError(issue.path, `invalid key: ${inner}`);
      } else if (isMissing(parsed.value, issue.path)) {
        manifestError(issue.path, 'required field is missing');
      } else {
        manifestError(issue.path, issue.message);
      }
    }
  }

  // Resolve whatever fits the schema even when the manifest as a whole does not, so one
  // run of the check reports every error of the lesson.
  const parts = checked.success ? partsOf(checked.data) : salvageParts(parsed.value);
  const sources = resolveSources(parts, files, base, manifestError);
  const setup =
    parts.setup === undefined
      ? undefined
      : readRequired(files, parts.setup, base, ['setup'], manifestError, 'setup script');
  const scenarios = resolveScenarios(parts, checked.data, files, base, manifestError);
  const panels = resolvePanels(parts, checked.data, files, base, sources, scenarios, manifestError);
  const prose = resolveProse(parts, files, base, errors);
  const predictions = resolvePredictions(
    isRecord(parsed.value) ? parsed.value.predictions : undefined,
    panels,
    parts.panels.flatMap((p) => (p.id === undefined ? [] : [p.id])),
    sources,
    base,
    manifestError,
  );

  if (!checked.success) return { ok: false, errors };
  const manifest = checked.data;
  if (errors.length > 0 || !setup || !prose) return { ok: false, errors };
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

type ReportField = (path: JsonPath, message: string) => void;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the value at `path` is absent because its parent object lacks the key. */
function isMissing(root: unknown, path: readonly PropertyKey[]): boolean {
  let node: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (Array.isArray(node) && typeof key === 'number') {
      if (key >= node.length) return true;
      node = node[key];
    } else if (isRecord(node) && typeof key === 'string') {
      if (!Object.hasOwn(node, key)) return i === path.length - 1;
      node = node[key];
    } else {
      return false;
    }
  }
  return false;
}

function readRequired(
  files: Record<string, string>,
  rel: string,
  base: string,
  path: JsonPath,
  report: ReportField,
  what: string,
): LessonFile | undefined {
  if (!Object.hasOwn(files, rel)) {
    report(path, `${what} not found: ${base}/${rel}`);
    return undefined;
  }
  return { path: rel, code: files[rel] };
}

function resolveSources(
  parts: ManifestParts,
  files: Record<string, string>,
  base: string,
  report: ReportField,
): LessonSource[] {
  const out: LessonSource[] = [];
  const seenPaths = new Set<string>();
  const seenModules = new Set<string>();
  parts.sources.forEach((src, i) => {
    if (src.path !== undefined && seenPaths.has(src.path))
      report(['sources', i, 'path'], `duplicate source path ${JSON.stringify(src.path)}`);
    if (src.module !== undefined && seenModules.has(src.module))
      report(['sources', i, 'module'], `duplicate module name ${JSON.stringify(src.module)}`);
    if (src.path === undefined) return;
    seenPaths.add(src.path);
    if (src.module !== undefined) seenModules.add(src.module);
    const rel = sourceFile(src.path);
    if (!Object.hasOwn(files, rel)) {
      report(['sources', i, 'path'], `source file not found: ${base}/${rel}`);
      return;
    }
    out.push({ path: src.path, module: src.module ?? '', code: files[rel] });
  });
  return out;
}

/**
 * The catalogue with every script read. Labels and descriptions come from the manifest
 * when it passed the schema; a salvaged catalogue only serves to check references.
 */
function resolveScenarios(
  parts: ManifestParts,
  manifest: LessonManifest | undefined,
  files: Record<string, string>,
  base: string,
  report: ReportField,
): Map<string, LessonScenario> {
  const out = new Map<string, LessonScenario>();
  for (const [id, scriptPath] of parts.scenarios) {
    const def = manifest?.scenarios[id];
    const scenario: LessonScenario = { id, label: def?.label ?? { zh: id, en: id } };
    if (def?.description) scenario.description = def.description;
    if (def?.ending) scenario.ending = def.ending;
    if (scriptPath !== undefined) {
      const script = readRequired(
        files,
        scriptPath,
        base,
        ['scenarios', id, 'script'],
        report,
        'scenario script',
      );
      if (script) scenario.script = script;
    }
    out.set(id, scenario);
  }
  return out;
}

function resolvePanels(
  parts: ManifestParts,
  manifest: LessonManifest | undefined,
  files: Record<string, string>,
  base: string,
  sources: LessonSource[],
  scenarios: Map<string, LessonScenario>,
  report: ReportField,
): ResolvedPanel[] {
  const out: ResolvedPanel[] = [];
  const seenIds = new Set<string>();
  const { sourcePaths } = parts;

  parts.panels.forEach((panel, p) => {
    const field = (...rest: PropertyKey[]): JsonPath => ['panels', p, ...rest];
    let complete = panel.id !== undefined;
    if (panel.id !== undefined && seenIds.has(panel.id)) {
      report(field('id'), `duplicate panel id ${JSON.stringify(panel.id)}`);
      complete = false;
    }
    if (panel.id !== undefined) seenIds.add(panel.id);

    const entry =
      panel.entry === undefined
        ? undefined
        : readRequired(files, panel.entry, base, field('entry'), report, 'entry script');
    if (!entry) complete = false;

    const offered: LessonScenario[] = [];
    const seenScenarios = new Set<string>();
    panel.scenarios.forEach((id, s) => {
      if (id === undefined) return;
      const scenario = scenarios.get(id);
      if (seenScenarios.has(id)) {
        report(field('scenarios', s), `scenario ${JSON.stringify(id)} is listed twice`);
        complete = false;
      } else if (!scenario) {
        const known = [...scenarios.keys()].join(', ') || '(none)';
        report(
          field('scenarios', s),
          `unknown scenario ${JSON.stringify(id)}; the lesson's catalogue has: ${known}`,
        );
        complete = false;
      } else {
        offered.push(scenario);
      }
      seenScenarios.add(id);
    });

    if (panel.source === undefined || panel.function === undefined) return;
    if (!sourcePaths.includes(panel.source)) {
      report(
        field('source'),
        `${JSON.stringify(panel.source)} is not one of the lesson's sources (${sourcePaths.join(', ')})`,
      );
      return;
    }
    const source = sources.find((s) => s.path === panel.source);
    if (!source) return; // its missing file is already reported under sources[]
    const sourceName = `${base}/${sourceFile(source.path)}`;

    const functionRange = resolveFunctionRange(source.code, panel.function);
    if (!functionRange) {
      report(
        field('function'),
        `function ${JSON.stringify(panel.function)} not found in ${sourceName} (no line matching "def ${panel.function}(")`,
      );
      return;
    }

    const steps: ResolvedStep[] = [];
    const span = `${panel.function} (${sourceName}, lines ${functionRange.start}-${functionRange.end})`;
    panel.steps.forEach((step, k) => {
      if (step.start === undefined || step.end === undefined) return;
      const lines = resolveStepLines(source.code, functionRange, {
        start: step.start,
        end: step.end,
      });
      if (lines.start === null) {
        report(
          field('steps', k, 'start'),
          `anchor text ${JSON.stringify(step.start)} not found in ${span}`,
        );
        return;
      }
      if (lines.end === null) {
        report(
          field('steps', k, 'end'),
          `anchor text ${JSON.stringify(step.end)} not found in ${span} at or after line ${lines.start}`,
        );
        return;
      }
      const text = manifest?.panels[p].steps[k].text;
      if (text) {
        steps.push({
          start: lines.start,
          end: lines.end,
          text,
          anchors: { start: step.start, end: step.end },
        });
      }
    });

    if (complete && entry && panel.id && steps.length === panel.steps.length) {
      out.push({
        id: panel.id,
        function: panel.function,
        source: panel.source,
        entry,
        functionRange,
        steps,
        scenarios: offered,
      });
    }
  });
  return out;
}

function resolveProse(
  parts: ManifestParts,
  files: Record<string, string>,
  base: string,
  errors: LessonError[],
): Record<Lang, ProseSegment[]> | undefined {
  const panelIds = parts.panels.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const out: Partial<Record<Lang, ProseSegment[]>> = {};
  for (const lang of LANGS) {
    const rel = proseFile(lang);
    const file = `${base}/${rel}`;
    if (!Object.hasOwn(files, rel)) {
      errors.push({ file, message: `file not found: the ${lang} article is required` });
      continue;
    }
    const split = splitProse(files[rel]);
    for (const bad of split.malformed) {
      errors.push({
        file,
        line: bad.line,
        message:
          bad.kind === 'panel'
            ? `malformed panel marker ${JSON.stringify(bad.text)}; write exactly "<!-- panel: <panelId> -->" on its own line`
            : `misplaced or unclosed ${JSON.stringify(bad.text)}; a panel's things to try go right after its panel marker, between a "<!-- try -->" line and a "<!-- /try -->" line`,
      });
    }
    errors.push(...unknownTryScenarios(split.tries, parts.panels, file));
    const firstLine = new Map<string, number>();
    for (const marker of split.markers) {
      const earlier = firstLine.get(marker.panelId);
      if (!panelIds.includes(marker.panelId)) {
        errors.push({
          file,
          line: marker.line,
          message: `unknown panel ${JSON.stringify(marker.panelId)}; the lesson's panels are: ${panelIds.join(', ')}`,
        });
      } else if (earlier !== undefined) {
        errors.push({
          file,
          line: marker.line,
          message: `panel ${JSON.stringify(marker.panelId)} is placed twice (first at line ${earlier}); place each panel exactly once`,
        });
      } else {
        firstLine.set(marker.panelId, marker.line);
      }
    }
    parts.panels.forEach(({ id }, p) => {
      if (id !== undefined && !firstLine.has(id)) {
        errors.push({
          file,
          field: `panels[${p}]`,
          message: `panel ${JSON.stringify(id)} is not placed; add a line "<!-- panel: ${id} -->" where it belongs`,
        });
      }
    });
    out[lang] = split.segments;
  }
  return LANGS.every((lang) => out[lang]) ? (out as Record<Lang, ProseSegment[]>) : undefined;
}

/**
 * The files of one (panel, scenario) run, in execution order: every source (with its
 * module name), the setup, the scenario script if any, then the panel's entry.
 * Paths are the file names to compile with. Throws on an unknown panel, or a scenario
 * the panel does not offer: that is a caller bug, not a lesson error.
 */
export function buildRunFiles(lesson: Lesson, panelId: string, scenarioId: string): RunFile[] {
  const panel = lesson.panels.find((p) => p.id === panelId);
  if (!panel) throw new Error(`lesson ${lesson.id} has no panel ${JSON.stringify(panelId)}`);
  const scenario = panel.scenarios.find((s) => s.id === scenarioId);
  if (!scenario) {
    throw new Error(
      `panel ${lesson.id}/${panelId} does not offer scenario ${JSON.stringify(scenarioId)} (it offers: ${panel.scenarios.map((s) => s.id).join(', ')})`,
    );
  }
  const files: RunFile[] = lesson.sources.map((s) => ({
    path: s.path,
    code: s.code,
    role: 'source',
    module: s.module,
  }));
  files.push({ path: lesson.setup.path, code: lesson.setup.code, role: 'setup' });
  if (scenario.script)
    files.push({ path: scenario.script.path, code: scenario.script.code, role: 'scenario' });
  files.push({ path: panel.entry.path, code: panel.entry.code, role: 'entry' });
  return files;
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
