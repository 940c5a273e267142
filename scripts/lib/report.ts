/**
 * Where problems are reported: paths on disk as the user can open them, and the
 * compiler-style `file:line:column: field: message` form. Pure.
 */

import path from 'node:path';
import { type Lang, t } from '../../src/i18n/cli.ts';
import type { Lesson, LessonError } from '../../src/lessons/lesson.ts';
import { placeText, renderMessage } from '../../src/lessons/messageText.ts';
import type { CompileError } from '../../src/runtime/sandbox/messages.ts';

/** One reportable problem; `file` is a path the user can open. */
export interface Problem {
  file: string;
  line?: number | null;
  column?: number | null;
  field?: string;
  message: string;
  /** A warning is printed as such and does not fail the check. */
  warning?: boolean;
}

/**
 * `file:line:column: field: message` (`file:line:column: warning: field: message` for a
 * warning), leaving out the parts that are absent.
 */
export function formatProblem(p: Problem, lang: Lang = 'en'): string {
  let where = placeText(p);
  if (p.warning) where += `: ${t(lang, 'checkTagWarning')}`;
  return p.field ? `${where}: ${p.field}: ${p.message}` : `${where}: ${p.message}`;
}

/**
 * The folder of lesson `folder` as the user should see it: relative to `cwd` when it
 * lies inside it (`lessons/s04-hooks`), absolute otherwise; always with forward slashes.
 */
export function lessonDisplayDir(root: string, folder: string, cwd: string): string {
  const abs = path.resolve(cwd, root, folder);
  const rel = path.relative(cwd, abs);
  const shown = rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
  return shown.split(path.sep).join('/');
}

/**
 * A loader error with its file moved from the repo-relative `lessons/<folder>/...` the
 * loader uses to the lesson's real folder on disk (`dir`), its message in `lang`.
 */
export function loaderProblem(
  e: LessonError,
  folder: string,
  dir: string,
  lang: Lang = 'en',
): Problem {
  const prefix = `lessons/${folder}`;
  const file =
    e.file === prefix || e.file.startsWith(`${prefix}/`)
      ? dir + e.file.slice(prefix.length)
      : e.file;
  return {
    file,
    ...(e.line !== undefined ? { line: e.line } : {}),
    ...(e.column !== undefined ? { column: e.column } : {}),
    ...(e.field !== undefined ? { field: e.field } : {}),
    // Messages name other files of the lesson the same way ("not found in lessons/<id>/src/...").
    message: renderMessage(e.message, lang).split(`${prefix}/`).join(`${dir}/`),
  };
}

/**
 * Python file names (what code is compiled with, and what tracebacks and traces name)
 * mapped to lesson-relative paths on disk: sources live under `src/`, the setup, scenario
 * scripts and entries at their manifest path. The first mapping of a name wins.
 */
export function pythonFiles(lesson: Lesson): Map<string, string> {
  const map = new Map<string, string>();
  const add = (pyPath: string, rel: string) => {
    if (!map.has(pyPath)) map.set(pyPath, rel);
  };
  for (const s of lesson.sources) add(s.path, `src/${s.path}`);
  add(lesson.setup.path, lesson.setup.path);
  for (const s of lesson.scenarios) if (s.script) add(s.script.path, s.script.path);
  for (const p of lesson.panels) add(p.entry.path, p.entry.path);
  return map;
}

/** Every Python file of a lesson once, as compiled: `{path, code, rel}`. */
export function lessonPythonFiles(lesson: Lesson): { path: string; code: string; rel: string }[] {
  const seen = new Set<string>();
  const out: { path: string; code: string; rel: string }[] = [];
  const add = (pyPath: string, code: string, rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    out.push({ path: pyPath, code, rel });
  };
  for (const s of lesson.sources) add(s.path, s.code, `src/${s.path}`);
  add(lesson.setup.path, lesson.setup.code, lesson.setup.path);
  for (const s of lesson.scenarios) if (s.script) add(s.script.path, s.script.code, s.script.path);
  for (const p of lesson.panels) add(p.entry.path, p.entry.code, p.entry.path);
  return out;
}

/** A syntax error found by compiling one file (what `compile()` raised). */
export type CompileProblem = CompileError;

/**
 * Every problem of a lesson that did not load: first the syntax error of each Python file
 * of the folder that does not compile (as a syntax error, at its file, line and column),
 * then the loader's errors. A loader error about a file that does not compile (an anchor
 * or function the broken syntax hides) says so, so the author fixes the cause first.
 * `compile(rel, code)` compiles one lesson-relative file.
 */
export function brokenLessonProblems(
  entry: { folder: string; dir: string; files: Record<string, string> },
  errors: readonly LessonError[],
  compile: (rel: string, code: string) => CompileProblem | null,
  lang: Lang = 'en',
): Problem[] {
  const syntax: Problem[] = [];
  const broken: string[] = [];
  for (const rel of Object.keys(entry.files).sort()) {
    if (!rel.endsWith('.py')) continue;
    const bad = compile(rel, entry.files[rel]);
    if (!bad) continue;
    broken.push(`${entry.dir}/${rel}`);
    syntax.push({
      file: `${entry.dir}/${rel}`,
      line: bad.line,
      column: bad.column,
      message: `${bad.type}: ${bad.message}`,
    });
  }
  const rest = errors.map((e) => {
    const p = loaderProblem(e, entry.folder, entry.dir, lang);
    const cause = broken.find((file) => p.message.includes(file));
    return cause
      ? { ...p, message: t(lang, 'checkCompileCause', { message: p.message, file: cause }) }
      : p;
  });
  return [...syntax, ...rest];
}
