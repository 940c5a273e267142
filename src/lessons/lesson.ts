/**
 * A loaded lesson: every file read, every anchor resolved, what `loadLesson` returns
 * (./loader.ts). Plain data, safe to send to a worker or to serialise. The manifest as
 * written is described by the zod schema in ./schema.ts.
 */
import { z } from 'zod/mini';
import type { LessonMessage, MessagePlace } from './messages.ts';
import type { Budget, ExpectedEnding, Lang, LessonManifest, LocalizedText } from './schema.ts';

/** Where a source's code lives, relative to the lesson folder. */
export const sourceFile = (path: string) => `src/${path}`;

/** A 1-based, inclusive range of lines in one file. */
export interface LineRange {
  start: number;
  end: number;
}

/** A Python file the recorder runs; `path` is its file name in tracebacks and traces. */
export interface LessonFile {
  path: string;
  code: string;
}

/** A lesson source with its code, registered in `sys.modules` as `module`. */
export interface LessonSource extends LessonFile {
  module: string;
}

/** A catalogue scenario with its script's code loaded. */
export interface LessonScenario {
  id: string;
  label: LocalizedText;
  description?: LocalizedText;
  /** Runs after the setup and before the entry, in the same namespace. */
  script?: LessonFile;
  /** Set when the run is meant to stop or raise (see `ExpectedEndingSchema` in ./schema.ts). */
  ending?: ExpectedEnding;
}

/** A step note whose anchors were resolved to lines of the panel's source file. */
export interface ResolvedStep extends LineRange {
  text: LocalizedText;
  /** The anchor texts from the manifest, kept for error messages and tooling. */
  anchors: { start: string; end: string };
}

/** A panel with everything the UI and the recorder need. */
export interface ResolvedPanel {
  id: string;
  /** The focus function's name. */
  function: string;
  /** The source path (one of the lesson's `sources[].path`) that defines it. */
  source: string;
  entry: LessonFile;
  /** Lines of `function` in `source`, def line included, trailing blank lines excluded. */
  functionRange: LineRange;
  steps: ResolvedStep[];
  /** The scenarios this panel offers, in manifest order; the first is the default. */
  scenarios: LessonScenario[];
}

/** What a prediction asks, with its anchor resolved to a line of the panel's source. */
export type ResolvedAsk =
  | { kind: 'hits' | 'reached'; line: number; anchor: string }
  | { kind: 'output'; choices: string[] }
  | { kind: 'value'; name: string; choices?: string[] };

/** A prediction whose panel, scenario and anchor were checked. */
export interface ResolvedPrediction {
  id: string;
  panel: string;
  scenario: string;
  ask: ResolvedAsk;
  question: LocalizedText;
}

/**
 * A piece of an article: prose, or a panel with its "things to try", if any. Both are the
 * lesson's Markdown already rendered to HTML by the loader (./markdown.ts, safe by
 * construction), so the page needs no Markdown renderer for a shipped lesson.
 */
export type ProseSegment =
  | { kind: 'html'; html: string }
  | { kind: 'panel'; panelId: string; triesHtml?: string };

/** True when an article opens with its own level-1 heading (so the page adds no title). */
export function opensWithHeading(prose: ProseSegment[]): boolean {
  const first = prose[0];
  return first?.kind === 'html' && /^\s*<h1[\s>]/.test(first.html);
}

/** A lesson loaded and checked by `loadLesson`: nothing in it can dangle. */
export interface Lesson {
  id: string;
  /** The folder name under `lessons/` (always equal to `id`). */
  folder: string;
  order: number;
  title: LocalizedText;
  summary: LocalizedText;
  budget?: Budget;
  /** The manifest as written, for tools that need fields not copied here. */
  manifest: LessonManifest;
  /** In execution order. */
  sources: LessonSource[];
  setup: LessonFile;
  /** The whole catalogue, in manifest order. */
  scenarios: LessonScenario[];
  panels: ResolvedPanel[];
  /** The lesson's prediction questions, in manifest order. */
  predictions: ResolvedPrediction[];
  /** The article in each language, split at panel markers. */
  prose: Record<Lang, ProseSegment[]>;
}

/**
 * A shipped lesson as the index lists it before the lesson itself is fetched: what the
 * lesson list shows, and where the build put the lesson (a {@link Lesson} as JSON). The
 * build writes these (scripts/lib/vite-lessons.ts, from ./summary.ts).
 */
export interface LessonSummary {
  id: string;
  order: number;
  title: LocalizedText;
  summary: LocalizedText;
  /** Each panel's id and focus function, for the lesson list's links. */
  panels: { id: string; function: string }[];
  /** The URL of the lesson's JSON. */
  url: string;
}

/**
 * A problem found while loading a lesson, precise enough to jump to: its place (the
 * repo-relative file such as `lessons/s04-hooks/lesson.json`, the 1-based line and column
 * when known, the manifest field such as `panels[0].steps[1].end`) and what is wrong, as a
 * message rendered in the reader's language (see ./messages.ts).
 */
export interface LessonError extends MessagePlace {
  message: LessonMessage;
}

/** The outcome of loading one lesson: a lesson, or every problem found in it. */
export type LoadResult = { ok: true; lesson: Lesson } | { ok: false; errors: LessonError[] };

/** The outcome of loading every lesson: the good ones sorted by order, and the broken ones. */
export interface LoadAllResult {
  lessons: Lesson[];
  broken: { id: string; errors: LessonError[] }[];
}

/** One Python file of a run, in execution order (the worker validates runs with this). */
export const RunFileSchema = z.object({
  /** Python file name: shown in tracebacks and used for breakpoints. */
  path: z.string().check(z.minLength(1)),
  code: z.string(),
  /** `source` files become importable modules; the rest share one namespace. */
  role: z.enum(['source', 'setup', 'scenario', 'entry']),
  /** Module name for `source` files. */
  module: z.optional(z.string()),
});
/** One file of a (panel, scenario) run. */
export type RunFile = z.infer<typeof RunFileSchema>;

/** What a Python file is for in one run; it decides how the recorder executes it. */
export type RunFileRole = RunFile['role'];
