/**
 * The lesson format: the zod schema of `lesson.json` and the types of a loaded lesson.
 *
 * A lesson is a folder `lessons/<id>/` holding a manifest, the lesson's Python sources,
 * a shared setup script, one entry script per panel, optional scenario scripts and an
 * article in each language. See docs/lesson-format.md for the full reference.
 */
import { z } from 'zod';
import { STDLIB_MODULES } from './stdlib-modules.ts';

/** The languages every lesson text is written in; zh is the primary audience. */
export const LANGS = ['zh', 'en'] as const;

/** One of {@link LANGS}. */
export type Lang = (typeof LANGS)[number];

const LESSON_ID = /^[a-z0-9-]+$/;
const SCENARIO_ID = /^[a-z0-9_]+$/;
const PANEL_ID = /^[a-z0-9_]+$/;
const PY_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Module names the interpreter, Pyodide and the recorder themselves use, besides the
 * standard library (tests/pyodide/stdlib-modules.test.ts checks against `sys.modules`).
 */
export const PYODIDE_MODULES: readonly string[] = [
  '__main__',
  '_pyodide',
  '_pyodide_core',
  'js',
  'micropip',
  'pyodide',
  'pyodide_js',
  'wpt_recorder',
];

/**
 * Module names a lesson must not take: registering a lesson module under one of these
 * would shadow the standard library (every name in `sys.stdlib_module_names` of the
 * Pyodide in use) or Pyodide for the lesson and for the recorder.
 */
export const RESERVED_MODULES: ReadonlySet<string> = new Set([
  ...STDLIB_MODULES,
  ...PYODIDE_MODULES,
]);

/** A path inside the lesson folder: relative, forward slashes, no `..`, no empty parts. */
const relativePath = (what: string) =>
  z
    .string()
    .min(1, { error: `${what} must not be empty` })
    .refine(
      (p) =>
        !p.startsWith('/') &&
        !p.includes('\\') &&
        p.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
      {
        error: `${what} must be a relative path inside the lesson folder, with forward slashes and no "." or ".." parts`,
      },
    );

const pythonPath = (what: string) =>
  relativePath(what).refine((p) => p.endsWith('.py'), { error: `${what} must name a .py file` });

/** A text in every lesson language. */
export const LocalizedTextSchema = z.strictObject({
  zh: z.string().refine((s) => s.trim() !== '', { error: 'the Chinese text must not be empty' }),
  en: z.string().refine((s) => s.trim() !== '', { error: 'the English text must not be empty' }),
});

/** A text in every lesson language, e.g. `{"zh": "放行", "en": "Pass"}`. */
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** One Python module of the lesson, shown to students and importable by the scripts. */
export const SourceRefSchema = z.strictObject({
  /** Displayed file name, the `co_filename` of its code, and its location under `src/`. */
  path: pythonPath('a source path'),
  /** The name it is registered under in `sys.modules`, so scripts can `import` it. */
  module: z
    .string()
    .regex(PY_IDENTIFIER, {
      error:
        'module must be a plain Python identifier such as "runtime" (no dots: there are no packages)',
    })
    .refine((m) => !RESERVED_MODULES.has(m), {
      error: (issue) =>
        `module ${JSON.stringify(issue.input)} would shadow the ${STDLIB_MODULES.includes(issue.input as string) ? 'standard-library' : 'Pyodide'} module of that name; choose another name`,
    }),
});

/** A lesson source as written in the manifest: `{"path": "s04/core/gate.py", "module": "gate"}`. */
export type SourceRef = z.infer<typeof SourceRefSchema>;

/** Limits the recorder enforces for one run of this lesson. */
export const BudgetSchema = z.strictObject({
  /** Stop recording after this many trace events. */
  maxEvents: z.number().int().positive().optional(),
  /** Stop the run after this many seconds of wall-clock time. */
  maxSeconds: z.number().positive().optional(),
});

/** Recorder limits for one run; both optional, the recorder has its own defaults. */
export type Budget = z.infer<typeof BudgetSchema>;

/** Which budget stopped a run: its events, its clock, or its call depth. */
export const STOP_REASONS = ['events', 'time', 'depth'] as const;

/**
 * How a scenario that teaches a runaway loop or an error is meant to end. Without it,
 * a run that stops or raises fails the check; with it, the check fails when the run
 * does *not* end this way, and the panel presents the ending as intended.
 */
export const ExpectedEndingSchema = z
  .strictObject({
    /** The run is stopped by this budget (see `budget`). */
    stop: z
      .enum(STOP_REASONS, {
        error: `"stop" is one of ${STOP_REASONS.map((r) => `"${r}"`).join(', ')}`,
      })
      .optional(),
    /** The run ends in an uncaught exception of exactly this type (`RecursionError`). */
    error: z
      .string()
      .regex(PY_IDENTIFIER, { error: 'an exception type is a Python identifier' })
      .optional(),
  })
  .refine((e) => (e.stop === undefined) !== (e.error === undefined), {
    error:
      'an ending is either {"stop": "events" | "time" | "depth"} or {"error": "<exception type>"}',
  })
  .transform(
    (e): ExpectedEnding => (e.stop !== undefined ? { stop: e.stop } : { error: e.error ?? '' }),
  );

/** A scenario's expected ending: `{stop: 'events'}` or `{error: 'RecursionError'}`. */
export type ExpectedEnding = { stop: (typeof STOP_REASONS)[number] } | { error: string };

/** One entry of the lesson's scenario catalogue. */
export const ScenarioDefSchema = z.strictObject({
  /** Short name shown in the scenario picker. */
  label: LocalizedTextSchema,
  /** One or two sentences shown under the picker. */
  description: LocalizedTextSchema.optional(),
  /** Optional script, run after the setup and before the panel's entry. */
  script: pythonPath('a scenario script').optional(),
  /** How the run is meant to end, when it is not by completing. */
  ending: ExpectedEndingSchema.optional(),
});

/** A scenario as declared in the manifest's `scenarios` catalogue. */
export type ScenarioDef = z.infer<typeof ScenarioDefSchema>;

/** One step note: a short text tied to a range of the focus function's lines. */
export const StepNoteSchema = z.strictObject({
  /** Text contained in the first line of the step (searched inside the function). */
  start: z.string().min(1, { error: 'an anchor text must not be empty' }),
  /** Text contained in the last line of the step (searched from the start line on). */
  end: z.string().min(1, { error: 'an anchor text must not be empty' }),
  /** What the step does, in every language. */
  text: LocalizedTextSchema,
});

/** A step note as written in the manifest, anchored by text rather than line numbers. */
export type StepNote = z.infer<typeof StepNoteSchema>;

/** One interactive panel: a focus function, its entry script, its scenarios and notes. */
export const PanelSchema = z.strictObject({
  /** Unique within the lesson; prose places the panel with `<!-- panel: <id> -->`. */
  id: z.string().regex(PANEL_ID, { error: 'a panel id must match [a-z0-9_]+' }),
  /** The Python function the panel shows and replays. */
  function: z.string().regex(PY_IDENTIFIER, { error: 'function must be a Python identifier' }),
  /** The source that defines `function`; one of `sources[].path`. */
  source: z.string().min(1),
  /** The script that calls into the lesson for this panel. */
  entry: pythonPath('an entry script'),
  /** Scenario ids from the catalogue; the first one is the default. */
  scenarios: z
    .array(z.string().regex(SCENARIO_ID, { error: 'a scenario id must match [a-z0-9_]+' }))
    .min(1, { error: 'a panel needs at least one scenario' }),
  /** Exactly the step notes shown beside the panel, in order. */
  steps: z.array(StepNoteSchema),
});

/** A panel as written in the manifest. */
export type PanelDef = z.infer<typeof PanelSchema>;

/**
 * What a prediction asks about the recorded run; the answer is always computed from the
 * trace, never written in the lesson, so it stays true when the code changes.
 */
export const PredictionAskSchema = z.discriminatedUnion('kind', [
  /** How many times is this line of the focus function reached? (A number.) */
  z.strictObject({
    kind: z.literal('hits'),
    /** Anchor text of the line, searched inside the focus function like a step's `start`. */
    line: z.string().min(1, { error: 'an anchor text must not be empty' }),
  }),
  /** Is this line of the focus function reached at all? (Yes or no.) */
  z.strictObject({
    kind: z.literal('reached'),
    line: z.string().min(1, { error: 'an anchor text must not be empty' }),
  }),
  /** Which of these lines does the run print? (Any number of them.) */
  z.strictObject({
    kind: z.literal('output'),
    choices: z
      .array(z.string().min(1, { error: 'a choice must not be empty' }))
      .min(2, { error: 'an output question needs at least two choices' }),
  }),
  /**
   * What is the final value of this name in the focus function (its last call, at its
   * last step)? Free text compared with the value's repr, or one of `choices`.
   */
  z.strictObject({
    kind: z.literal('value'),
    name: z.string().regex(PY_IDENTIFIER, { error: 'name must be a Python identifier' }),
    choices: z
      .array(z.string().min(1, { error: 'a choice must not be empty' }))
      .min(2, { error: 'a value question with choices needs at least two' })
      .optional(),
  }),
]);

/** The question part of a prediction, as written in the manifest. */
export type PredictionAsk = z.infer<typeof PredictionAskSchema>;

/** A question the reader answers before the panel replays a scenario. */
export const PredictionSchema = z.strictObject({
  /** Unique within the lesson. The panel it is about shows it, above its toolbar. */
  id: z.string().regex(PANEL_ID, { error: 'a prediction id must match [a-z0-9_]+' }),
  /** The panel it is about. */
  panel: z.string().regex(PANEL_ID, { error: 'a panel id must match [a-z0-9_]+' }),
  /** The scenario it is about; one the panel offers. */
  scenario: z.string().regex(SCENARIO_ID, { error: 'a scenario id must match [a-z0-9_]+' }),
  ask: PredictionAskSchema,
  /** The question as the reader sees it, in every language. */
  question: LocalizedTextSchema,
});

/** A prediction as written in the manifest. */
export type PredictionDef = z.infer<typeof PredictionSchema>;

/** The whole `lesson.json` manifest. Unknown fields are rejected, so typos fail loudly. */
export const LessonManifestSchema = z.strictObject({
  /** Must equal the folder name. */
  id: z.string().regex(LESSON_ID, { error: 'a lesson id must match [a-z0-9-]+' }),
  /** Position in the lessons index (ascending). */
  order: z.number().int({ error: 'order must be an integer' }),
  title: LocalizedTextSchema,
  summary: LocalizedTextSchema,
  /** Lesson modules, executed in this order. */
  sources: z.array(SourceRefSchema).min(1, { error: 'a lesson needs at least one source' }),
  /** The shared teaching setup, relative to the lesson folder. */
  setup: pythonPath('the setup script'),
  budget: BudgetSchema.optional(),
  /** The scenario catalogue; keys are scenario ids. */
  scenarios: z.record(
    z.string().regex(SCENARIO_ID, { error: 'a scenario id must match [a-z0-9_]+' }),
    ScenarioDefSchema,
  ),
  panels: z.array(PanelSchema).min(1, { error: 'a lesson needs at least one panel' }),
  /** Questions the reader answers before replaying (see {@link PredictionSchema}). */
  predictions: z.array(PredictionSchema).optional(),
});

/** The parsed and schema-checked `lesson.json`, before files and anchors are resolved. */
export type LessonManifest = z.infer<typeof LessonManifestSchema>;

// ---------------------------------------------------------------------------------
// The loaded lesson: every file read, every anchor resolved. Plain data, safe to send
// to a worker or to serialise.

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
  /** Set when the run is meant to stop or raise (see {@link ExpectedEndingSchema}). */
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

/** A piece of an article: Markdown, or a panel (with its "things to try" Markdown, if any). */
export type ProseSegment =
  | { kind: 'markdown'; text: string }
  | { kind: 'panel'; panelId: string; tries?: string };

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

/** A problem found while loading a lesson, precise enough to jump to. */
export interface LessonError {
  /** Repo-relative file, e.g. `lessons/s04-hooks/lesson.json`. */
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  /** 1-based column, when known (JSON syntax errors, fields). */
  column?: number;
  /** The manifest field concerned, e.g. `panels[0].steps[1].end`. */
  field?: string;
  message: string;
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
  path: z.string().min(1),
  code: z.string(),
  /** `source` files become importable modules; the rest share one namespace. */
  role: z.enum(['source', 'setup', 'scenario', 'entry']),
  /** Module name for `source` files. */
  module: z.string().optional(),
});
/** One file of a (panel, scenario) run. */
export type RunFile = z.infer<typeof RunFileSchema>;

/** What a Python file is for in one run; it decides how the recorder executes it. */
export type RunFileRole = RunFile['role'];
