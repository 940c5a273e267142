/**
 * "My scenario": per panel, the student's own copy of one scenario's script, edited in
 * place and recorded live like any scenario. This module is pure: what a copy starts as,
 * how a start, an edit, a reset and a restore change it, the run it makes, and how it
 * joins the panel's scenario list. The state itself lives in ./myScenarioStore.ts.
 *
 * It is one more scenario of the panel, not a new kind of thing: its id is in the
 * panel's scenario list, its run request is the base scenario's with the script
 * replaced, so breakpoints, hits, stepping, the compare table and the divergence view
 * treat it like every other scenario. It is never exported, golden-checked or shipped.
 */
import { type Lang, STRINGS, type StringKey, t } from '../i18n';
import type { LessonScenario, ResolvedPanel, RunFile } from '../lessons/lesson';
import type { LocalizedText } from '../lessons/schema';
import type { RecordRequest } from '../runtime/protocol';
import type { RunError } from '../trace/meta';

/**
 * The scenario id of a panel's own scenario. Lesson scenario ids are `[a-z0-9_]+`, so
 * this one can never be a lesson's.
 */
export const MY_SCENARIO = '~mine';

/** One panel's own scenario. */
export interface MyScenario {
  /** The lesson scenario it was copied from: `SCENARIO` in its runs, and what Reset returns to. */
  base: string;
  /** The script as the student typed it. */
  code: string;
  /** The version a reset or a restart replaced: "Restore" swaps it back in. */
  previous: { base: string; code: string } | null;
}

/** The file name the student's script runs under (a name no lesson file of the panel uses). */
export function myScriptPath(files: Readonly<Record<string, string>>): string {
  let name = 'my_scenario.py';
  for (let n = 2; Object.hasOwn(files, name); n++) name = `my_scenario_${n}.py`;
  return name;
}

/** The label of a lesson scenario of the panel, in both languages (its id if unknown). */
function labelOf(panel: ResolvedPanel, id: string): LocalizedText {
  return panel.scenarios.find((s) => s.id === id)?.label ?? { zh: id, en: id };
}

/**
 * A fresh copy of a scenario's script: the script itself, or, for a scenario whose
 * behaviour lives in the setup (no script of its own), a commented start that says so.
 */
export function baseScript(panel: ResolvedPanel, base: string, lang: Lang): string {
  const script = panel.scenarios.find((s) => s.id === base)?.script;
  if (script) return script.code;
  return t(lang, 'myScenarioTemplate', { base: labelOf(panel, base)[lang], id: base });
}

/** Whether the script differs from a fresh copy of its base (in any language). */
export function isEdited(panel: ResolvedPanel, mine: MyScenario): boolean {
  return (['zh', 'en'] as const).every((lang) => mine.code !== baseScript(panel, mine.base, lang));
}

/**
 * Start (or start again) from `base` with its fresh copy `code`. What it replaces, if it
 * differs, becomes the previous version, so a stray click loses nothing.
 */
export function startMine(prev: MyScenario | undefined, base: string, code: string): MyScenario {
  if (!prev) return { base, code, previous: null };
  const same = prev.code === code && prev.base === base;
  return { base, code, previous: same ? prev.previous : { base: prev.base, code: prev.code } };
}

/** The script as typed (the previous version stays available). */
export function editMine(mine: MyScenario, code: string): MyScenario {
  return code === mine.code ? mine : { ...mine, code };
}

/** Swap the previous version back in; the current one becomes the previous (so it too can come back). */
export function restoreMine(mine: MyScenario): MyScenario {
  if (!mine.previous) return mine;
  return { ...mine.previous, previous: { base: mine.base, code: mine.code } };
}

/** Whether a panel offers the base of its own scenario (a draft may have removed it). */
function baseOffered(panel: ResolvedPanel, mine: MyScenario | undefined): mine is MyScenario {
  return mine !== undefined && panel.scenarios.some((s) => s.id === mine.base);
}

/** The scenario ids a panel offers: the lesson's, then the student's own if there is one. */
export function scenarioIds(panel: ResolvedPanel, mine: MyScenario | undefined): string[] {
  const ids = panel.scenarios.map((s) => s.id);
  return baseOffered(panel, mine) ? [...ids, MY_SCENARIO] : ids;
}

/** A string of the table in both languages, with the same placeholders filled. */
function both(key: StringKey, vars: (lang: Lang) => Record<string, string>): LocalizedText {
  return { zh: t('zh', key, vars('zh')), en: t('en', key, vars('en')) };
}

const withMine = new WeakMap<ResolvedPanel, WeakMap<MyScenario, ResolvedPanel>>();

/**
 * The panel as the student sees it: its lesson scenarios, then "My scenario" (label,
 * description and script), so the picker, the compare table and the divergence view
 * list it like any other. Derived, memoised per (panel, own scenario); the lesson's
 * panel itself is never changed.
 */
export function panelWithMine(
  panel: ResolvedPanel,
  mine: MyScenario | undefined,
  path: string,
): ResolvedPanel {
  if (!baseOffered(panel, mine)) return panel;
  let inner = withMine.get(panel);
  if (!inner) {
    inner = new WeakMap();
    withMine.set(panel, inner);
  }
  const hit = inner.get(mine);
  if (hit) return hit;
  const base = labelOf(panel, mine.base);
  const own: LessonScenario = {
    id: MY_SCENARIO,
    label: STRINGS.myScenario,
    description: both('myScenarioDesc', (lang) => ({ base: base[lang] })),
    script: { path, code: mine.code },
  };
  const out = { ...panel, scenarios: [...panel.scenarios, own] };
  inner.set(mine, out);
  return out;
}

/** The Python files execution can enter, with the student's script among them. */
export function filesWithMine(
  files: Readonly<Record<string, string>>,
  mine: MyScenario | undefined,
  path: string,
): Readonly<Record<string, string>> {
  return mine ? { ...files, [path]: mine.code } : files;
}

/**
 * The run of the student's scenario: the base scenario's run (same sources, setup,
 * entry and `SCENARIO`), with the student's script in place of the base's own.
 */
export function myRunRequest(
  baseRequest: Omit<RecordRequest, 'probes'>,
  mine: MyScenario,
  path: string,
): Omit<RecordRequest, 'probes'> {
  const script: RunFile = { path, code: mine.code, role: 'scenario' };
  const files = baseRequest.files.filter((f) => f.role !== 'scenario');
  const entry = files.findIndex((f) => f.role === 'entry');
  files.splice(entry < 0 ? files.length : entry, 0, script);
  return { ...baseRequest, files };
}

/**
 * The line of the student's script a run error points at: the error's own place when it
 * is in the script, else the innermost frame of the script in the traceback (a hook the
 * student wrote, called from the lesson's code). Null when the script is not involved.
 */
export function scriptLineOf(error: RunError | null | undefined, path: string): number | null {
  if (!error) return null;
  if (error.file === path && error.line) return error.line;
  let line: number | null = null;
  for (const m of (error.traceback ?? '').matchAll(/File "([^"]*)", line (\d+)/g)) {
    if (m[1] === path) line = Number(m[2]);
  }
  return line;
}
