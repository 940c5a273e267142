/**
 * The lesson index: for the lesson the reader sees (shipped, or the author's draft), its
 * panels with everything a panel needs, built once per loaded lesson and shared by the
 * store and the UI. A panel's key is built here from its ids and looked up, never parsed.
 */

import { type Lang, t } from '../i18n';
import type { Lesson, LessonFile, ResolvedPanel } from '../lessons/lesson';
import { buildRunFiles } from '../lessons/runFiles';
import type { RecordRequest } from '../runtime/protocol';
import { hashPanel } from './address';
import { type EffectiveLesson, effectiveLesson, shippedLesson } from './catalog';
import { useDrafts } from './drafts';
import type { PanelKey } from './panels';

/** One panel of a lesson, with what its view and its runs need. */
export interface PanelEntry {
  key: PanelKey;
  lessonId: string;
  lesson: Lesson;
  panel: ResolvedPanel;
  /** Every Python file of the lesson by file name, for following execution. */
  files: Record<string, string>;
  /**
   * Shown read-only under the panel: the lesson's other source files (context code, such
   * as a gate from an earlier lesson), the setup, the scenario scripts and the entry.
   */
  setupFiles: LessonFile[];
}

/** A lesson's panels, in manifest order and by key. */
export interface LessonEntry {
  lesson: Lesson;
  panels: PanelEntry[];
  byKey: Map<PanelKey, PanelEntry>;
}

const built = new WeakMap<Lesson, LessonEntry>();
/** Which lesson and panel each key names (filled as keys are made; never parsed). */
const refs = new Map<PanelKey, { lesson: string; panel: string }>();

/** The store key of a panel. */
export function panelKey(lessonId: string, panelId: string): PanelKey {
  const key = `${lessonId}:${panelId}`;
  refs.set(key, { lesson: lessonId, panel: panelId });
  return key;
}

function entryOf(lesson: Lesson, panel: ResolvedPanel): PanelEntry {
  const files: Record<string, string> = {};
  for (const s of lesson.sources) files[s.path] = s.code;
  files[lesson.setup.path] = lesson.setup.code;
  files[panel.entry.path] = panel.entry.code;
  const scripts = panel.scenarios.flatMap((s) => (s.script ? [s.script] : []));
  for (const s of scripts) files[s.path] = s.code;
  return {
    key: panelKey(lesson.id, panel.id),
    lessonId: lesson.id,
    lesson,
    panel,
    files,
    setupFiles: [
      ...lesson.sources.filter((s) => s.path !== panel.source),
      lesson.setup,
      ...scripts,
      panel.entry,
    ],
  };
}

/** The index of one loaded lesson (built once per lesson object). */
export function indexLesson(lesson: Lesson): LessonEntry {
  const hit = built.get(lesson);
  if (hit) return hit;
  const panels = lesson.panels.map((p) => entryOf(lesson, p));
  const entry = { lesson, panels, byKey: new Map(panels.map((p) => [p.key, p])) };
  built.set(lesson, entry);
  return entry;
}

/**
 * The lesson the reader sees for an id: in author mode the draft (the last version of
 * it that loaded, with the draft's errors), else the shipped one (or its load errors).
 */
export function resolveLesson(id: string): EffectiveLesson {
  const { author, drafts } = useDrafts.getState();
  return author ? effectiveLesson(id, drafts[id]) : shippedLesson(id);
}

/** The current entry of a panel (its lesson may have changed since the key was made). */
export function panelEntry(key: PanelKey): PanelEntry | null {
  const ref = refs.get(key);
  const lesson = ref ? resolveLesson(ref.lesson).lesson : null;
  return lesson ? (indexLesson(lesson).byKey.get(key) ?? null) : null;
}

/** The run of a panel under one of its scenarios (null if the panel does not offer it). */
export function runRequest(
  entry: PanelEntry,
  scenario: string,
): Omit<RecordRequest, 'probes'> | null {
  if (!entry.panel.scenarios.some((s) => s.id === scenario)) return null;
  return {
    files: buildRunFiles(entry.lesson, entry.panel.id, scenario),
    scenario,
    budget: entry.lesson.budget,
  };
}

/** The panel an address points at: its `panel=`, else its `#panel-<id>`; null for none. */
function addressedPanel(address: { panel: string | null; hash: string }): string | null {
  return address.panel ?? hashPanel(address.hash);
}

/**
 * How many of an article's panels (in article order) the first paint shows: through the
 * panel the address points at (a shared link's panel, or `#panel-<id>`), else through
 * the first. Any other `#anchor` may sit below every panel, so then all of them (the
 * browser must find the anchor where the finished page has it). The rest mount right
 * after that paint.
 */
export function panelsShownFirst(
  panelIds: readonly string[],
  address: { panel: string | null; hash: string },
): number {
  const target = addressedPanel(address);
  if (target === null) return address.hash ? panelIds.length : Math.min(1, panelIds.length);
  const at = panelIds.indexOf(target);
  return at < 0 ? panelIds.length : at + 1;
}

/**
 * What the page says when its address names a panel (`panel=`, `#panel-<id>`) the lesson
 * does not have (a mistyped or old link): null when it has it or none is named.
 */
export function missingPanelText(
  lang: Lang,
  lessonId: string,
  panelIds: readonly string[],
  address: { panel: string | null; hash: string },
): string | null {
  const target = addressedPanel(address);
  if (target === null || panelIds.includes(target)) return null;
  return t(lang, 'linkPanelMissing', {
    lesson: lessonId,
    panel: target,
    panels: panelIds.join(t(lang, 'listSeparator')),
  });
}
