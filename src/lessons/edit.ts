/**
 * Edits of a lesson manifest made by author mode: add, duplicate, rename and
 * delete scenarios. Pure functions over the manifest text; each returns the
 * new manifest text plus the files to create or delete, so the draft holds
 * exactly what an instructor would have written by hand. The manifest keeps its
 * formatting: only the parts an edit changes differ (see json-patch.ts).
 */
import { parseJsonWithPositions } from './json.ts';
import { patchJson } from './json-patch.ts';
import { msg } from './messages.ts';
import { LessonMessageError } from './messageText.ts';
import { type Lang, SCENARIO_ID } from './schema.ts';

/** The result of a manifest edit. */
export interface ManifestEdit {
  manifest: string;
  /** Files to write (lesson-relative path → text). */
  write: Record<string, string>;
  /** Files that are no longer used. */
  remove: string[];
}

type Json = Record<string, unknown>;
interface ScenarioJson {
  label: { zh: string; en: string };
  description?: { zh: string; en: string };
  script?: string;
}

/** Why an edit cannot be made, shown to the author in their language. */
const refuse = (...args: Parameters<typeof msg>) => new LessonMessageError(msg(...args));

function parse(text: string): Json {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    throw new LessonMessageError(msg('invalidJson', { reason: message }), {
      file: 'lesson.json',
      line,
      column,
    });
  }
  const m = parsed.value as Json;
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw refuse('editNotObject');
  return m;
}

function catalogue(m: Json): Record<string, ScenarioJson> {
  const s = m.scenarios;
  if (!s || typeof s !== 'object') throw refuse('editNoScenarios');
  return s as Record<string, ScenarioJson>;
}

function panels(m: Json): { id: string; scenarios: string[] }[] {
  if (!Array.isArray(m.panels)) throw refuse('editNoPanels');
  return m.panels as { id: string; scenarios: string[] }[];
}

function checkNewId(m: Json, id: string) {
  if (!SCENARIO_ID.test(id)) throw refuse('editBadScenarioId', { id });
  if (catalogue(m)[id]) throw refuse('editScenarioExists', { id });
}

/** A new scenario script: documents the contract so the author can start typing. */
export function scenarioTemplate(id: string): string {
  return [
    `# Scenario "${id}": runs after setup.py and before the panel's entry, in the`,
    '# same namespace. Change the stand-ins here (SCENARIO is also set to its id).',
    '',
  ].join('\n');
}

/** Add a scenario (with its own script) to the catalogue and to a panel. */
export function addScenario(text: string, panelId: string, id: string): ManifestEdit {
  const m = parse(text);
  checkNewId(m, id);
  const script = `scenarios/${id}.py`;
  catalogue(m)[id] = { label: { zh: id, en: id }, script };
  const panel = panels(m).find((p) => p.id === panelId);
  if (!panel) throw refuse('editNoPanel', { id: panelId });
  panel.scenarios.push(id);
  return { manifest: patchJson(text, m), write: { [script]: scenarioTemplate(id) }, remove: [] };
}

/** Copy a scenario (labels and script) under a new id, next to it in the panel. */
export function duplicateScenario(
  text: string,
  panelId: string,
  fromId: string,
  id: string,
  files: Record<string, string>,
): ManifestEdit {
  const m = parse(text);
  checkNewId(m, id);
  const from = catalogue(m)[fromId];
  if (!from) throw refuse('editNoScenario', { id: fromId });
  const copy: ScenarioJson = {
    label: { zh: `${from.label.zh}（副本）`, en: `${from.label.en} (copy)` },
    ...(from.description ? { description: from.description } : {}),
  };
  const write: Record<string, string> = {};
  if (from.script) {
    copy.script = `scenarios/${id}.py`;
    write[copy.script] = files[from.script] ?? '';
  }
  catalogue(m)[id] = copy;
  const panel = panels(m).find((p) => p.id === panelId);
  if (!panel) throw refuse('editNoPanel', { id: panelId });
  const at = panel.scenarios.indexOf(fromId);
  panel.scenarios.splice(at < 0 ? panel.scenarios.length : at + 1, 0, id);
  return { manifest: patchJson(text, m), write, remove: [] };
}

/** Rename a scenario everywhere it is used; its script follows the new id. */
export function renameScenario(
  text: string,
  fromId: string,
  id: string,
  files: Record<string, string>,
): ManifestEdit {
  const m = parse(text);
  checkNewId(m, id);
  const cat = catalogue(m);
  const s = cat[fromId];
  if (!s) throw refuse('editNoScenario', { id: fromId });
  const write: Record<string, string> = {};
  const remove: string[] = [];
  if (s.script === `scenarios/${fromId}.py`) {
    write[`scenarios/${id}.py`] = files[s.script] ?? '';
    remove.push(s.script);
    s.script = `scenarios/${id}.py`;
  }
  // Rebuild the catalogue so the renamed entry keeps its place.
  m.scenarios = Object.fromEntries(Object.entries(cat).map(([k, v]) => [k === fromId ? id : k, v]));
  for (const p of panels(m)) p.scenarios = p.scenarios.map((x) => (x === fromId ? id : x));
  return { manifest: patchJson(text, m), write, remove };
}

/** Delete a scenario from a panel; from the catalogue too when no panel uses it any more. */
export function deleteScenario(text: string, panelId: string, id: string): ManifestEdit {
  const m = parse(text);
  const panel = panels(m).find((p) => p.id === panelId);
  if (!panel) throw refuse('editNoPanel', { id: panelId });
  if (panel.scenarios.length <= 1) throw refuse('needScenario');
  panel.scenarios = panel.scenarios.filter((x) => x !== id);
  const remove: string[] = [];
  if (!panels(m).some((p) => p.scenarios.includes(id))) {
    const s = catalogue(m)[id];
    const { [id]: _gone, ...rest } = catalogue(m);
    m.scenarios = rest;
    if (s?.script && !Object.values(rest).some((o) => o.script === s.script)) remove.push(s.script);
  }
  return { manifest: patchJson(text, m), write: {}, remove };
}

/** Change one existing scenario's entry in place (`change` edits it); no file changes. */
function editEntry(text: string, id: string, change: (entry: ScenarioJson) => void): ManifestEdit {
  const m = parse(text);
  const s = catalogue(m)[id];
  if (!s) throw refuse('editNoScenario', { id });
  change(s);
  return { manifest: patchJson(text, m), write: {}, remove: [] };
}

/**
 * Set a scenario's label in one language. The other language keeps what the manifest text
 * holds now (not what an older parse held), so editing the two fields one after the other
 * never writes back a stale value.
 */
export function labelScenario(text: string, id: string, lang: Lang, value: string): ManifestEdit {
  return editEntry(text, id, (s) => {
    s.label = { ...s.label, [lang]: value };
  });
}

/**
 * Set a scenario's description in one language; the other keeps what the manifest text holds.
 * With both languages blank the description is removed.
 */
export function describeScenario(
  text: string,
  id: string,
  lang: Lang,
  value: string,
): ManifestEdit {
  return editEntry(text, id, (s) => {
    const description = { zh: '', en: '', ...s.description, [lang]: value };
    if (description.zh.trim() === '' && description.en.trim() === '') delete s.description;
    else s.description = description;
  });
}

/** A text of one scenario field in each language, as the manifest text holds it now. */
export type FieldTexts = Record<Lang, string>;

/**
 * A scenario's label and description as the manifest text holds them now, or null when the
 * text does not parse or has no such scenario. Author mode's fields show these, so a text
 * typed into a draft that does not load yet (one language of a new description) is still
 * what the author sees, after a reload too.
 */
export function scenarioTextsIn(
  text: string,
  id: string,
): { label: FieldTexts; description: FieldTexts } | null {
  try {
    const s = catalogue(parse(text))[id];
    if (!s || typeof s !== 'object') return null;
    const read = (v: unknown): FieldTexts => {
      const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
      const str = (x: unknown) => (typeof x === 'string' ? x : '');
      return { zh: str(o.zh), en: str(o.en) };
    };
    return { label: read(s.label), description: read(s.description) };
  } catch {
    return null;
  }
}
