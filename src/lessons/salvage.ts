/**
 * The parts of a manifest the loader resolves against the lesson's files (sources,
 * setup, scenario scripts, panels and their anchors), taken field by field, so that a
 * manifest the schema rejects is still checked as far as it can be: an unknown field
 * must not hide a misspelt function name or a stale anchor. A part that does not fit
 * the schema is left out (the schema already reported it); positions are kept, so the
 * errors about the parts that remain name the right field.
 */
import { nearName } from './nearName.ts';
import {
  type LessonManifest,
  LessonManifestSchema,
  PanelSchema,
  ScenarioDefSchema,
  SourceRefSchema,
  StepNoteSchema,
} from './schema.ts';

/** A source entry; a field is absent when it does not fit the schema. */
export interface SourceParts {
  path?: string;
  module?: string;
}

/** A step note's anchors; absent when they do not fit the schema. */
export interface StepParts {
  start?: string;
  end?: string;
}

/** A panel's fields the loader resolves; a field is absent when it does not fit the schema. */
export interface PanelParts {
  id?: string;
  function?: string;
  source?: string;
  entry?: string;
  /**
   * Scenario ids by position; an id that does not fit is `undefined`. A list that is
   * missing or not a list is `[undefined]`: one id that does not fit, so the prose's
   * references to its scenarios are not reported as well (src/lessons/tries.ts).
   */
  scenarios: (string | undefined)[];
  steps: StepParts[];
}

/** What the loader resolves, from a valid manifest or salvaged from a rejected one. */
export interface ManifestParts {
  sources: SourceParts[];
  /** Every source path as written, even in an entry that is otherwise invalid. */
  sourcePaths: string[];
  setup?: string;
  /** Scenario id → its script path (`undefined`: none, or one that does not fit). */
  scenarios: Map<string, string | undefined>;
  panels: PanelParts[];
}

/** The parts of a manifest that passed the schema. */
export function partsOf(m: LessonManifest): ManifestParts {
  return {
    sources: m.sources.map((s) => ({ path: s.path, module: s.module })),
    sourcePaths: m.sources.map((s) => s.path),
    setup: m.setup,
    scenarios: new Map(Object.entries(m.scenarios).map(([id, s]) => [id, s.script])),
    panels: m.panels.map((p) => ({
      id: p.id,
      function: p.function,
      source: p.source,
      entry: p.entry,
      scenarios: [...p.scenarios],
      steps: p.steps.map((s) => ({ start: s.start, end: s.end })),
    })),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value if it fits `schema`, else undefined. */
function fitting<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? (r.data as T) : undefined;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The manifest with each unknown top-level field that misspells a missing one read as
 * that one (`scenarios_` for `scenarios`). The schema reports the misspelling once; its
 * contents are still checked, instead of every reference to them failing as if the
 * field were empty (a scenario list misspelt made every `[[pass]]` an error).
 */
function respelt(m: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.keys(LessonManifestSchema.shape);
  const out = { ...m };
  for (const key of Object.keys(m)) {
    if (fields.includes(key)) continue;
    const meant = nearName(key, fields);
    if (meant !== undefined && !Object.hasOwn(m, meant)) out[meant] = m[key];
  }
  return out;
}

/** Every part of a rejected manifest (any JSON value) that fits the schema on its own. */
export function salvageParts(raw: unknown): ManifestParts {
  const m = isRecord(raw) ? respelt(raw) : {};
  const sources = asArray(m.sources).map((s): SourceParts => {
    const r = isRecord(s) ? s : {};
    return {
      path: fitting<string>(SourceRefSchema.shape.path, r.path),
      module: fitting<string>(SourceRefSchema.shape.module, r.module),
    };
  });
  const scenarios = new Map<string, string | undefined>();
  if (isRecord(m.scenarios)) {
    for (const [id, def] of Object.entries(m.scenarios)) {
      scenarios.set(
        id,
        isRecord(def) ? fitting<string>(ScenarioDefSchema.shape.script, def.script) : undefined,
      );
    }
  }
  const panels = asArray(m.panels).map((p): PanelParts => {
    const r = isRecord(p) ? p : {};
    const shape = PanelSchema.shape;
    return {
      id: fitting<string>(shape.id, r.id),
      function: fitting<string>(shape.function, r.function),
      source: fitting<string>(shape.source, r.source),
      entry: fitting<string>(shape.entry, r.entry),
      scenarios: Array.isArray(r.scenarios)
        ? r.scenarios.map((s) => fitting<string>(shape.scenarios.def.element, s))
        : [undefined],
      steps: asArray(r.steps).map((s) => {
        const step = isRecord(s) ? s : {};
        return {
          start: fitting<string>(StepNoteSchema.shape.start, step.start),
          end: fitting<string>(StepNoteSchema.shape.end, step.end),
        };
      }),
    };
  });
  return {
    sources,
    sourcePaths: asArray(m.sources).flatMap((s) =>
      isRecord(s) && typeof s.path === 'string' ? [s.path] : [],
    ),
    setup: fitting<string>(LessonManifestSchema.shape.setup, m.setup),
    scenarios,
    panels,
  };
}

/** The panel ids a manifest names, each once (a duplicate is reported at its panel). */
export function panelIdsOf(parts: ManifestParts): string[] {
  return [...new Set(parts.panels.flatMap((p) => (p.id === undefined ? [] : [p.id])))];
}
