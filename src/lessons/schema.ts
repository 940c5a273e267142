/**
 * The lesson format: the zod schema of `lesson.json` (the loaded lesson's types are in
 * ./lesson.ts). Every custom error is a key of the UI string table (see ./messages.ts), so
 * the loader reports it in the reader's language.
 *
 * A lesson is a folder `lessons/<id>/` holding a manifest, the lesson's Python sources,
 * a shared setup script, one entry script per panel, optional scenario scripts and an
 * article in each language. See docs/lesson-format.md for the full reference.
 */
import { z } from 'zod/mini';
import type { MessageKey } from '../i18n/messageTable.ts';
import { BudgetSchema, type Lang, PY_IDENTIFIER, SCENARIO_ID } from './basics.ts';
import { encodeMessage, type MessageValue, msg } from './messages.ts';
import { STDLIB_MODULES } from './stdlib-modules.ts';

export { type Budget, BudgetSchema, LANGS, type Lang, SCENARIO_ID } from './basics.ts';

const LESSON_ID = /^[a-z0-9-]+$/;
const PANEL_ID = /^[a-z0-9_]+$/;
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

/** A zod error option whose message is a string-table key (decoded by the loader). */
const fail = (key: MessageKey, vars?: Record<string, MessageValue>): { error: string } => ({
  error: encodeMessage(key, vars),
});

/** Which path a path error is about: a string-table key. */
type PathWhat = 'whatSourcePath' | 'whatScenarioScript' | 'whatEntryScript' | 'whatSetupScript';

/** A path inside the lesson folder: relative, forward slashes, no `..`, no empty parts. */
const relativePath = (what: PathWhat) =>
  z.string().check(
    z.minLength(1, fail('pathEmpty', { what: msg(what) })),
    z.refine(
      (p) =>
        !p.startsWith('/') &&
        !p.includes('\\') &&
        p.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
      fail('pathNotRelative', { what: msg(what) }),
    ),
  );

const pythonPath = (what: PathWhat) =>
  relativePath(what).check(
    z.refine((p) => p.endsWith('.py'), fail('pathNotPython', { what: msg(what) })),
  );

/**
 * A text in every lesson language. Its type is written in the annotation because the UI
 * string table (whose keys the schema's errors use) is typed by it: inferring it from the
 * schema would make the two types depend on each other.
 */
export const LocalizedTextSchema: z.ZodMiniType<Record<Lang, string>> = z.strictObject({
  zh: z.string().check(z.refine((s) => s.trim() !== '', fail('zhTextEmpty'))),
  en: z.string().check(z.refine((s) => s.trim() !== '', fail('enTextEmpty'))),
});

/** A text in every lesson language, e.g. `{"zh": "放行", "en": "Pass"}`. */
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** One Python module of the lesson, shown to students and importable by the scripts. */
export const SourceRefSchema = z.strictObject({
  /** Displayed file name, the `co_filename` of its code, and its location under `src/`. */
  path: pythonPath('whatSourcePath'),
  /** The name it is registered under in `sys.modules`, so scripts can `import` it. */
  module: z.string().check(
    z.regex(PY_IDENTIFIER, fail('modulePlain')),
    z.refine((m) => !RESERVED_MODULES.has(m), {
      error: (issue) =>
        encodeMessage(
          STDLIB_MODULES.includes(issue.input as string)
            ? 'moduleShadowsStdlib'
            : 'moduleShadowsPyodide',
          { module: JSON.stringify(issue.input) },
        ),
    }),
  ),
});

/** A lesson source as written in the manifest: `{"path": "s04/core/gate.py", "module": "gate"}`. */
export type SourceRef = z.infer<typeof SourceRefSchema>;

/** Which budget stopped a run: its events, its clock, or its call depth. */
export const STOP_REASONS = ['events', 'time', 'depth'] as const;

/**
 * How a scenario that teaches a runaway loop or an error is meant to end. Without it,
 * a run that stops or raises fails the check; with it, the check fails when the run
 * does *not* end this way, and the panel presents the ending as intended.
 */
export const ExpectedEndingSchema = z.pipe(
  z
    .strictObject({
      /** The run is stopped by this budget (see `budget`). */
      stop: z.optional(
        z.enum(
          STOP_REASONS,
          fail('stopReason', { reasons: STOP_REASONS.map((r) => `"${r}"`).join(', ') }),
        ),
      ),
      /** The run ends in an uncaught exception of exactly this type (`RecursionError`). */
      error: z.optional(z.string().check(z.regex(PY_IDENTIFIER, fail('exceptionIdentifier')))),
    })
    .check(
      z.refine((e) => (e.stop === undefined) !== (e.error === undefined), fail('endingShape')),
    ),
  z.transform(
    (e): ExpectedEnding => (e.stop !== undefined ? { stop: e.stop } : { error: e.error ?? '' }),
  ),
);

/** A scenario's expected ending: `{stop: 'events'}` or `{error: 'RecursionError'}`. */
export type ExpectedEnding = { stop: (typeof STOP_REASONS)[number] } | { error: string };

/** One entry of the lesson's scenario catalogue. */
export const ScenarioDefSchema = z.strictObject({
  /** Short name shown in the scenario picker. */
  label: LocalizedTextSchema,
  /** One or two sentences shown under the picker. */
  description: z.optional(LocalizedTextSchema),
  /** Optional script, run after the setup and before the panel's entry. */
  script: z.optional(pythonPath('whatScenarioScript')),
  /** How the run is meant to end, when it is not by completing. */
  ending: z.optional(ExpectedEndingSchema),
});

/** A scenario as declared in the manifest's `scenarios` catalogue. */
export type ScenarioDef = z.infer<typeof ScenarioDefSchema>;

/** One step note: a short text tied to a range of the focus function's lines. */
export const StepNoteSchema = z.strictObject({
  /** Text contained in the first line of the step (searched inside the function). */
  start: z.string().check(z.minLength(1, fail('anchorEmpty'))),
  /** Text contained in the last line of the step (searched from the start line on). */
  end: z.string().check(z.minLength(1, fail('anchorEmpty'))),
  /** What the step does, in every language. */
  text: LocalizedTextSchema,
});

/** A step note as written in the manifest, anchored by text rather than line numbers. */
export type StepNote = z.infer<typeof StepNoteSchema>;

/** One interactive panel: a focus function, its entry script, its scenarios and notes. */
export const PanelSchema = z.strictObject({
  /** Unique within the lesson; prose places the panel with `<!-- panel: <id> -->`. */
  id: z.string().check(z.regex(PANEL_ID, fail('panelIdPattern'))),
  /** The Python function the panel shows and replays. */
  function: z.string().check(z.regex(PY_IDENTIFIER, fail('functionIdentifier'))),
  /** The source that defines `function`; one of `sources[].path`. */
  source: z.string().check(z.minLength(1)),
  /** The script that calls into the lesson for this panel. */
  entry: pythonPath('whatEntryScript'),
  /** Scenario ids from the catalogue; the first one is the default. */
  scenarios: z
    .array(z.string().check(z.regex(SCENARIO_ID, fail('scenarioIdPattern'))))
    .check(z.minLength(1, fail('needScenario'))),
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
    line: z.string().check(z.minLength(1, fail('anchorEmpty'))),
  }),
  /** Is this line of the focus function reached at all? (Yes or no.) */
  z.strictObject({
    kind: z.literal('reached'),
    line: z.string().check(z.minLength(1, fail('anchorEmpty'))),
  }),
  /** Which of these lines does the run print? (Any number of them.) */
  z.strictObject({
    kind: z.literal('output'),
    choices: z
      .array(z.string().check(z.minLength(1, fail('choiceEmpty'))))
      .check(z.minLength(2, fail('outputChoices'))),
  }),
  /**
   * What is the final value of this name in the focus function (its last call, at its
   * last step)? Free text compared with the value's repr, or one of `choices`.
   */
  z.strictObject({
    kind: z.literal('value'),
    name: z.string().check(z.regex(PY_IDENTIFIER, fail('nameIdentifier'))),
    choices: z.optional(
      z
        .array(z.string().check(z.minLength(1, fail('choiceEmpty'))))
        .check(z.minLength(2, fail('valueChoices'))),
    ),
  }),
]);

/** The question part of a prediction, as written in the manifest. */
export type PredictionAsk = z.infer<typeof PredictionAskSchema>;

/** A question the reader answers before the panel replays a scenario. */
export const PredictionSchema = z.strictObject({
  /** Unique within the lesson. The panel it is about shows it, above its toolbar. */
  id: z.string().check(z.regex(PANEL_ID, fail('predictionIdPattern'))),
  /** The panel it is about. */
  panel: z.string().check(z.regex(PANEL_ID, fail('panelIdPattern'))),
  /** The scenario it is about; one the panel offers. */
  scenario: z.string().check(z.regex(SCENARIO_ID, fail('scenarioIdPattern'))),
  ask: PredictionAskSchema,
  /** The question as the reader sees it, in every language. */
  question: LocalizedTextSchema,
});

/** A prediction as written in the manifest. */
export type PredictionDef = z.infer<typeof PredictionSchema>;

/** The whole `lesson.json` manifest. Unknown fields are rejected, so typos fail loudly. */
export const LessonManifestSchema = z.strictObject({
  /** Must equal the folder name. */
  id: z.string().check(z.regex(LESSON_ID, fail('lessonIdPattern'))),
  /** Position in the lessons index (ascending). */
  order: z.number().check(z.int(fail('orderInteger'))),
  title: LocalizedTextSchema,
  summary: LocalizedTextSchema,
  /** Lesson modules, executed in this order. */
  sources: z.array(SourceRefSchema).check(z.minLength(1, fail('needSource'))),
  /** The shared teaching setup, relative to the lesson folder. */
  setup: pythonPath('whatSetupScript'),
  budget: z.optional(BudgetSchema),
  /** The scenario catalogue; keys are scenario ids. */
  scenarios: z.record(
    z.string().check(z.regex(SCENARIO_ID, fail('scenarioIdPattern'))),
    ScenarioDefSchema,
  ),
  panels: z.array(PanelSchema).check(z.minLength(1, fail('needPanel'))),
  /** Questions the reader answers before replaying (see {@link PredictionSchema}). */
  predictions: z.optional(z.array(PredictionSchema)),
});

/** The parsed and schema-checked `lesson.json`, before files and anchors are resolved. */
export type LessonManifest = z.infer<typeof LessonManifestSchema>;
