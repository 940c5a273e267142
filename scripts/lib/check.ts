/**
 * The lesson check behind `npm run lessons:check` (and the golden step of `lesson:new`):
 * load every lesson, compile its Python, run every (panel, scenario) in Pyodide under
 * Node and compare each run's summary with its golden file, or write the golden files
 * when `update` is set. Pyodide is loaded once, and only if some lesson loads.
 */
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Lang, t } from '../../src/i18n/cli.ts';
import { readLessonFolderChecked } from '../../src/lessons/fs.ts';
import {
  formatJsonPath,
  type JsonPath,
  parseJsonWithPositions,
  positionOf,
} from '../../src/lessons/json.ts';
import type {
  Lesson,
  LessonError,
  LessonScenario,
  ResolvedPanel,
} from '../../src/lessons/lesson.ts';
import { loadLesson, MANIFEST_FILE } from '../../src/lessons/loader.ts';
import { buildRunFiles } from '../../src/lessons/runFiles.ts';
import { judgeEnding } from '../../src/runtime/ending.ts';
import { recorderInstall } from '../../src/runtime/node-recorder.ts';
import {
  createSandboxedRecorder,
  type SandboxedRecorder,
} from '../../src/runtime/sandbox/runner.ts';
import { recordingKey } from '../../src/runtime/shipped-format.ts';
import { summarizeTrace } from '../../src/runtime/summary.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { DEFAULT_ROOT, shellWord } from './args.ts';
import {
  compareGolden,
  diffSummaries,
  GOLDEN_DIR,
  goldenFile,
  parseJson,
  serializeGolden,
} from './golden.ts';
import { checkPredictions } from './predictions.ts';
import {
  brokenLessonProblems,
  type CompileProblem,
  formatProblem,
  lessonDisplayDir,
  lessonPythonFiles,
  type Problem,
  pythonFiles,
} from './report.ts';
import { starterLeftovers } from './template.ts';
import { lessonRequest, recordingEnvironment, writeCachedRecording } from './traces.ts';
import {
  budgetWarning,
  capWarnings,
  endingText,
  outcomeText,
  plural,
  runFailure,
  statusTag,
} from './verdict.ts';

export interface CheckOptions {
  /** The lessons folder, absolute or relative to `cwd`. */
  root: string;
  /** Only these lesson folders; empty or absent means all. */
  lessonIds?: readonly string[];
  /** Write golden files instead of comparing them, and remove stale ones. */
  update: boolean;
  /** Where relative paths start and what printed paths are relative to (default: process.cwd()). */
  cwd?: string;
  /** Where report lines go (default: console.log). */
  print?: (line: string) => void;
  /** The language of the whole report, the loader's messages included (default: en). */
  lang?: Lang;
  /** A recorder to use instead of starting one (then it is left open); for tests. */
  recorder?: SandboxedRecorder;
}

export interface CheckResult {
  /** Lesson loads and scenario runs that passed. */
  passed: number;
  /** Lesson loads and scenario runs that failed. */
  failed: number;
  warnings: number;
  /** Set when the check could not start (bad root, unknown lesson id): exit status 2. */
  usageError?: string;
  golden: { created: number; updated: number; removed: number; unchanged: number };
}

interface LoadedFolder {
  folder: string;
  /** The lesson folder as printed (`lessons/s04-hooks`). */
  dir: string;
  /** The lesson folder, absolute. */
  abs: string;
  files: Record<string, string>;
  result: { ok: true; lesson: Lesson } | { ok: false; errors: LessonError[] };
  /** A file is not valid UTF-8: its text is not what Python would read, so nothing is compiled. */
  undecodable: boolean;
}

/** Run the check; prints its report and returns the counts (it never throws for lesson problems). */
export async function runCheck(options: CheckOptions): Promise<CheckResult> {
  const cwd = options.cwd ?? process.cwd();
  const print = options.print ?? ((line: string) => console.log(line));
  const lang = options.lang ?? 'en';
  const rootAbs = path.resolve(cwd, options.root);
  const result: CheckResult = {
    passed: 0,
    failed: 0,
    warnings: 0,
    golden: { created: 0, updated: 0, removed: 0, unchanged: 0 },
  };

  let folders: string[];
  try {
    const entries = await readdir(rootAbs, { withFileTypes: true });
    // --root given a lesson's own folder (an easy slip): say so, not "no lesson.json" per folder.
    if (entries.some((e) => e.isFile() && e.name === MANIFEST_FILE)) {
      const parent = path.dirname(options.root.replace(/[/\\]+$/, '')) || '.';
      result.usageError = t(lang, 'checkRootIsLesson', {
        root: options.root,
        parent,
        id: path.basename(rootAbs),
      });
      return result;
    }
    folders = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    // The usual case in the reader's words; any other reason as the system said it.
    result.usageError =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? t(lang, 'checkNoRoot', { root: options.root })
        : t(lang, 'checkCannotRead', { root: options.root, reason: (err as Error).message });
    return result;
  }
  const wanted = options.lessonIds ?? [];
  let unchecked: string[] = []; // lessons not named: their order still counts for a tie
  if (wanted.length > 0) {
    const missing = wanted.filter((id) => !folders.includes(id));
    if (missing.length > 0) {
      result.usageError = t(lang, 'checkNoSuchLesson', {
        ids: missing.map((m) => JSON.stringify(m)).join(', '),
        root: options.root,
        has: folders.join(', ') || t(lang, 'checkNothing'),
      });
      return result;
    }
    unchecked = folders.filter((f) => !wanted.includes(f));
    folders = folders.filter((f) => wanted.includes(f));
  }
  if (folders.length === 0) {
    print(t(lang, 'checkNoLessons', { root: options.root }));
    result.failed++;
    return result;
  }

  const loaded: LoadedFolder[] = [];
  for (const folder of folders) {
    const abs = path.join(rootAbs, folder);
    const { files, errors: encoding } = await readLessonFolderChecked(abs, folder);
    const result = loadLesson(folder, files);
    loaded.push({
      folder,
      abs,
      dir: lessonDisplayDir(rootAbs, folder, cwd),
      files,
      undecodable: encoding.length > 0,
      // A file that is not UTF-8 fails the lesson, whatever else the loader found.
      result:
        encoding.length === 0
          ? result
          : { ok: false, errors: [...encoding, ...(result.ok ? [] : result.errors)] },
    });
  }
  const orderOf = (l: LoadedFolder) =>
    l.result.ok ? l.result.lesson.order : Number.POSITIVE_INFINITY;
  loaded.sort((a, b) => orderOf(a) - orderOf(b) || (a.folder < b.folder ? -1 : 1));
  const orders = [
    ...loaded.flatMap((l) => (l.result.ok ? [[l.result.lesson.id, l.result.lesson.order]] : [])),
    ...(await Promise.all(unchecked.map((f) => orderIn(path.join(rootAbs, f), f)))).flat(),
  ] as [string, number][];
  const sharesOrder = (lesson: Lesson) =>
    orders.flatMap(([id, order]) => (id !== lesson.id && order === lesson.order ? [id] : []));

  // Lesson code is untrusted: it runs in a child process confined by Node's permission model.
  let recorder: SandboxedRecorder | undefined = options.recorder;
  const ctx: LessonContext = {
    print,
    argsFor: (id) =>
      path.relative(cwd, rootAbs) === DEFAULT_ROOT
        ? id
        : `--root ${shellWord(options.root)} ${shellWord(id)}`,
    result,
    update: options.update,
    lang,
    sharesOrder,
    recorder: async () => {
      if (!recorder) {
        const t0 = Date.now();
        recorder = await createSandboxedRecorder({ install: recorderInstall() });
        print(t(lang, 'checkPyodideLoaded', { seconds: ((Date.now() - t0) / 1000).toFixed(1) }));
      }
      return recorder;
    },
  };

  try {
    // Load Pyodide up front (once) when a lesson needs it: to run, or to compile the
    // Python of a broken lesson (not of one whose files are not even UTF-8).
    const needsPython = (l: LoadedFolder) =>
      l.result.ok || (!l.undecodable && Object.keys(l.files).some((f) => f.endsWith('.py')));
    if (loaded.some(needsPython)) await ctx.recorder();
    for (const entry of loaded) {
      // Each lesson in an interpreter of its own: what one lesson's runs could leave in
      // it (the restore after each run is best effort) never reaches another's.
      recorder?.renew();
      print('');
      print(`${entry.folder}  (${entry.dir})`);
      if (!entry.result.ok) {
        const rec = entry.undecodable ? null : await ctx.recorder();
        const compiled = new Map<string, CompileProblem | null>();
        for (const [rel, code] of Object.entries(entry.files)) {
          if (rel.endsWith('.py') && !entry.undecodable)
            compiled.set(rel, (await rec?.compileError(rel, code)) ?? null);
        }
        const problems = brokenLessonProblems(
          entry,
          entry.result.errors,
          (rel) => compiled.get(rel) ?? null,
          lang,
        );
        const n = problems.length;
        print(
          statusTag(lang, false) + plural(lang, n, 'checkLoadErrorsOne', 'checkLoadErrorsMany'),
        );
        for (const p of problems) print(formatProblem(p, lang));
        result.failed++;
        continue;
      }
      await checkLesson(ctx, entry, entry.result.lesson);
    }
  } finally {
    if (recorder !== options.recorder) recorder?.close();
  }

  print('');
  const g = result.golden;
  if (options.update) {
    print(t(lang, 'checkGoldenCounts', { ...g }));
  }
  if (result.warnings > 0)
    print(plural(lang, result.warnings, 'checkWarningsOne', 'checkWarningsMany'));
  print(t(lang, 'checkTotals', { passed: result.passed, failed: result.failed }));
  return result;
}

interface LessonContext {
  print: (line: string) => void;
  /** The arguments that check one lesson again, as typed after `--`: its id, after `--root` if not the default. */
  argsFor: (lessonId: string) => string;
  result: CheckResult;
  update: boolean;
  lang: Lang;
  /** The other lessons checked with the same `order` (their ids). */
  sharesOrder: (lesson: Lesson) => string[];
  recorder: () => Promise<SandboxedRecorder>;
}

/**
 * `[[id, order]]` of a lesson folder not checked this time, if it loads (as a full check
 * counts it): loading runs none of its code. `[]` if it does not load or cannot be read.
 */
async function orderIn(abs: string, folder: string): Promise<[string, number][]> {
  try {
    const loaded = loadLesson(folder, (await readLessonFolderChecked(abs, folder)).files);
    return loaded.ok ? [[loaded.lesson.id, loaded.lesson.order]] : [];
  } catch {
    return [];
  }
}

async function checkLesson(ctx: LessonContext, entry: LoadedFolder, lesson: Lesson): Promise<void> {
  const { print, result, lang } = ctx;
  const { dir } = entry;
  const manifestFile = `${dir}/${MANIFEST_FILE}`;
  const parsedManifest = parseJsonWithPositions(entry.files[MANIFEST_FILE]);
  const at = (jsonPath: JsonPath) =>
    parsedManifest.ok ? positionOf(parsedManifest.positions, jsonPath) : undefined;
  const warn = (p: Problem) => {
    result.warnings++;
    print(formatProblem({ ...p, warning: true }, lang));
  };

  // 1. Compile every Python file once, so a syntax error is reported once, at its file.
  // The runs that do not use a broken file still run (a new scenario with a typo does not
  // hide the results of the others).
  const rec = await ctx.recorder();
  const pyFiles = lessonPythonFiles(lesson);
  const compileProblems: Problem[] = [];
  /** Run-file path -> the lesson-relative file shown for it, for each file that does not compile. */
  const broken = new Map<string, string>();
  for (const f of pyFiles) {
    const bad = await rec.compileError(f.path, f.code);
    if (bad) {
      broken.set(f.path, `${dir}/${f.rel}`);
      compileProblems.push({
        file: `${dir}/${f.rel}`,
        line: bad.line,
        column: bad.column,
        message: `${bad.type}: ${bad.message}`,
      });
    }
  }
  const allRuns = lesson.panels.flatMap((p) => p.scenarios.map((s) => ({ panel: p, scenario: s })));
  /** The first file a run uses that does not compile, if any. */
  const brokenFileOf = (r: (typeof allRuns)[number]) =>
    buildRunFiles(lesson, r.panel.id, r.scenario.id)
      .map((f) => broken.get(f.path))
      .find((shown) => shown !== undefined);
  const runs = allRuns.filter((r) => brokenFileOf(r) === undefined);
  if (compileProblems.length > 0) {
    const n = compileProblems.length;
    print(
      statusTag(lang, false) +
        plural(lang, n, 'checkNotCompiledOne', 'checkNotCompiledMany', {
          skipped: allRuns.length - runs.length,
          runs: allRuns.length,
        }),
    );
    for (const p of compileProblems) print(formatProblem(p, lang));
    result.failed++;
    for (const r of allRuns) {
      const file = brokenFileOf(r);
      if (file === undefined) continue;
      print(
        `${statusTag(lang, false)}${r.panel.id}/${r.scenario.id}: ${t(lang, 'checkRunNotCompiled', { file })}`,
      );
    }
  } else {
    print(statusTag(lang, true) + t(lang, 'checkLoadOk', { n: pyFiles.length }));
    result.passed++;
  }

  // 2. Text of the starter lesson still there (it would reach students).
  for (const left of starterLeftovers(entry.files)) {
    warn({ file: `${dir}/${left.file}`, line: left.line, message: t(lang, 'checkStarterText') });
  }

  // 3. Another lesson with the same order: the index, and the page / opens, fall to the ids.
  const same = ctx.sharesOrder(lesson);
  if (same.length > 0) {
    const pos = at(['order']);
    warn({
      file: manifestFile,
      line: pos?.line,
      column: pos?.column,
      field: 'order',
      message: t(lang, 'checkSameOrder', { order: lesson.order, others: same.join(', ') }),
    });
  }

  // 4. Catalogue scenarios no panel offers.
  const offered = new Set(allRuns.map((r) => r.scenario.id));
  for (const s of lesson.scenarios) {
    if (offered.has(s.id)) continue;
    const pos = at(['scenarios', s.id]);
    warn({
      file: manifestFile,
      line: pos?.line,
      column: pos?.column,
      field: formatJsonPath(['scenarios', s.id]),
      message: t(lang, 'checkUnofferedScenario', { id: JSON.stringify(s.id) }),
    });
  }

  // 5. Run every (panel, scenario) and compare or write its golden file.
  const run: RunContext = {
    ...ctx,
    rec,
    lesson,
    entry,
    manifestFile,
    at,
    pyMap: pythonFiles(lesson),
  };
  for (const { panel, scenario } of runs) {
    const pending: Problem[] = [];
    const passed = await checkRun(run, panel, scenario, pending);
    if (passed) result.passed++;
    else result.failed++;
    for (const p of pending) warn(p);
  }

  // 6. Golden files no (panel, scenario) writes any more.
  // (a run skipped for a syntax error keeps its golden file)
  const expected = new Set(allRuns.map((r) => goldenFile(r.panel.id, r.scenario.id)));
  const present = await listFiles(path.join(entry.abs, GOLDEN_DIR));
  const stale = present.map((rel) => `${GOLDEN_DIR}/${rel}`).filter((rel) => !expected.has(rel));
  for (const rel of stale) {
    if (ctx.update) {
      await rm(path.join(entry.abs, rel));
      result.golden.removed++;
      print(`  ${t(lang, 'checkRemovedStale', { file: `${dir}/${rel}` })}`);
    } else {
      warn({
        file: `${dir}/${rel}`,
        message: t(lang, 'checkStaleGolden'),
      });
    }
  }
  if (ctx.update && stale.length > 0) await removeEmptyDirs(path.join(entry.abs, GOLDEN_DIR));
}

interface RunContext extends LessonContext {
  rec: SandboxedRecorder;
  lesson: Lesson;
  entry: LoadedFolder;
  manifestFile: string;
  at: (jsonPath: JsonPath) => { line: number; column: number } | undefined;
  /** Python file name -> lesson-relative path. */
  pyMap: Map<string, string>;
}

/**
 * Run one (panel, scenario), print its status line and problems, and compare or write
 * its golden file. Warnings go to `warnings`, to be printed after the status line.
 * Returns whether the run passed.
 */
async function checkRun(
  ctx: RunContext,
  panel: ResolvedPanel,
  scenario: LessonScenario,
  warnings: Problem[],
): Promise<boolean> {
  const { print, lesson, entry, manifestFile, lang } = ctx;
  const { dir } = entry;
  const name = `${panel.id}/${scenario.id}`;
  const ok = (text: string) => print(`${statusTag(lang, true)}${name}: ${text}`);
  const fail = (headline: string, problem: Problem, details: string[] = []) => {
    print(`${statusTag(lang, false)}${name}: ${headline}`);
    print(formatProblem(problem, lang));
    for (const row of details) print(`    ${row}`);
    return false;
  };

  let trace: Trace;
  try {
    // One recording for the check and the build: the build ships this one from the cache.
    const request = lessonRequest(lesson, panel.id, scenario.id);
    const recorded = await ctx.rec.recordWithRaw(request);
    trace = recorded.trace;
    const key = recordingKey(request, await recordingEnvironment());
    if (key && recorded.raw) await writeCachedRecording(key, recorded.raw);
  } catch (err) {
    return fail(t(lang, 'checkRecorderFailed'), {
      file: manifestFile,
      field: name,
      message: (err as Error).message,
    });
  }
  const { meta } = trace;
  const verdictCtx = { lesson, dir, manifestFile, at: ctx.at, pyMap: ctx.pyMap, lang };
  const verdict = judgeEnding(meta, scenario.ending);
  const failure = runFailure(verdictCtx, panel, scenario, trace, verdict);
  if (failure) return fail(failure.headline, failure.problem, failure.details);
  const heavy = budgetWarning(verdictCtx, name, trace, verdict);
  if (heavy) warnings.push(heavy);
  warnings.push(...capWarnings(verdictCtx, name, trace));

  const predicted = checkPredictions(lesson, panel, scenario.id, trace, manifestFile, ctx.at, lang);
  const wrong = predicted.problems.filter((p) => !p.warning);
  warnings.push(...predicted.problems.filter((p) => p.warning));
  if (wrong.length > 0) {
    const n = wrong.length;
    const head = n === 1 ? t(lang, 'checkPredictionHead') : t(lang, 'checkPredictionsHead', { n });
    print(`${statusTag(lang, false)}${name}: ${head}`);
    for (const p of wrong) print(formatProblem(p, lang));
    // the other questions on this run are answered all the same
    for (const line of predicted.lines) print(`        ${line}`);
    return false;
  }

  // The predictions' answers, printed whatever the golden comparison says: an author who
  // just changed the code wants to see them most when the golden file no longer matches.
  const answers = () => {
    for (const line of predicted.lines) print(`        ${line}`);
  };
  const summary = summarizeTrace(trace);
  const goldenRel = goldenFile(panel.id, scenario.id);
  const goldenAbs = path.join(entry.abs, goldenRel);
  const goldenShown = `${dir}/${goldenRel}`;
  const existing = await readTextIfExists(goldenAbs);
  const outcome = outcomeText(summary.outcome, lang);
  const events =
    summary.events === null
      ? t(lang, 'checkEventsNotCompared', { n: meta.eventCount })
      : t(lang, 'checkEvents', { n: summary.events });
  const stats = t(lang, 'checkStats', {
    outcome: verdict.intended
      ? t(lang, 'checkAsDeclared', { outcome, ending: endingText(verdict.actual, lang) })
      : outcome,
    events,
    ms: Math.round(meta.elapsedMs),
  });

  if (ctx.update) {
    const text = serializeGolden(summary);
    if (existing === text) {
      ctx.result.golden.unchanged++;
      ok(stats);
      answers();
      return true;
    }
    await mkdir(path.dirname(goldenAbs), { recursive: true });
    await writeFile(goldenAbs, text);
    if (existing === undefined) {
      ctx.result.golden.created++;
      ok(t(lang, 'checkCreated', { stats, file: goldenShown }));
    } else {
      ctx.result.golden.updated++;
      ok(t(lang, 'checkUpdated', { stats, file: goldenShown }));
      const old = parseJson(existing, lang);
      const rows = old.ok ? diffSummaries(old.value, summary, lang) : [t(lang, 'checkOldNotJson')];
      for (const row of rows) print(`    ${row}`);
    }
    answers();
    return true;
  }

  const problem = compareGolden(existing, summary, ctx.argsFor(lesson.id), lang);
  if (problem === null) {
    ok(stats);
    answers();
    return true;
  }
  fail(
    problem.headline,
    { file: goldenShown, field: name, message: problem.message },
    problem.details,
  );
  answers();
  return false;
}

async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Files under `dir` (recursively, dot-files skipped), relative, with forward slashes. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory())
      out.push(...(await listFiles(path.join(dir, e.name), `${prefix}${e.name}/`)));
    else out.push(`${prefix}${e.name}`);
  }
  return out;
}

/** Remove the empty folders under `dir` (and `dir` itself if it ends up empty). */
async function removeEmptyDirs(dir: string): Promise<boolean> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const e of entries) {
    if (e.isDirectory() && (await removeEmptyDirs(path.join(dir, e.name)))) continue;
    empty = false;
  }
  if (empty) await rmdir(dir);
  return empty;
}
