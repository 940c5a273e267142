/**
 * What an author's export contains: the draft's changed files plus the golden summaries
 * that change with them, recorded through the page's Python runtime (the same recorder
 * as `npm run lessons:check`).
 */

import { type Lang, sentences, t } from '../i18n';
import { tAuthor, tnAuthor } from '../i18n/authorTable';
import type { Lesson } from '../lessons/lesson';
import { buildRunFiles } from '../lessons/runFiles';
import { getRuntime } from '../runtime';
import { judgeEnding } from '../runtime/ending';
import { formatGolden, summarizeTrace } from '../runtime/summary';
import type { DraftFiles } from './drafts';

const shippedGoldens = import.meta.glob('/lessons/*/golden/**/*.json', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

/** Golden files of a lesson as shipped: lesson-relative path → text. */
async function goldensOf(lessonId: string): Promise<Record<string, string>> {
  const prefix = `/lessons/${lessonId}/`;
  const out: Record<string, string> = {};
  await Promise.all(
    Object.entries(shippedGoldens)
      .filter(([k]) => k.startsWith(prefix))
      .map(async ([k, load]) => {
        out[k.slice(prefix.length)] = await load();
      }),
  );
  return out;
}

/** A lesson's golden files as recorded now, and the runs that do not end as they should. */
export interface RecordedGoldens {
  /** lesson-relative path → text. */
  goldens: Record<string, string>;
  /** `panel/scenario` of each run that `lessons:check` will fail (see runtime/ending.ts). */
  failing: string[];
}

/** Record every panel × scenario of a lesson: its golden files and the runs that fail. */
export async function computeGoldens(lesson: Lesson): Promise<RecordedGoldens> {
  const goldens: Record<string, string> = {};
  const failing: string[] = [];
  const runtime = getRuntime();
  for (const panel of lesson.panels) {
    for (const s of panel.scenarios) {
      const trace = await runtime.record({
        files: buildRunFiles(lesson, panel.id, s.id),
        scenario: s.id,
        budget: lesson.budget,
      });
      goldens[`golden/${panel.id}/${s.id}.json`] = formatGolden(summarizeTrace(trace));
      if (!judgeEnding(trace.meta, s.ending).ok) failing.push(`${panel.id}/${s.id}`);
    }
  }
  return { goldens, failing };
}

/** What an export contains. */
export interface ExportPlan {
  /** lesson-relative path → text, for every file that is new or changed. */
  files: Record<string, string>;
  /** lesson-relative paths that the draft deletes. */
  deleted: string[];
  /**
   * Every golden file of the lesson as the draft now records it, changed or not: what a
   * whole-folder export needs so that the folder passes `lessons:check` on its own.
   */
  goldens: Record<string, string>;
  /**
   * `panel/scenario` of each run that does not end as its scenario declares (or complete):
   * its golden file records that, and `lessons:check` fails on it.
   */
  failing: string[];
  /** Whether the golden files were recorded now (false: the lesson does not load at all). */
  recorded: boolean;
}

/**
 * The files a draft changes, plus the golden summaries that change with them. With no
 * `lesson` (neither the draft nor the files on disk load), nothing can be recorded: the
 * plan holds the drafted files and the golden files as they are (`recorded` is false).
 */
export async function planExport(
  lessonId: string,
  lesson: Lesson | null,
  draft: DraftFiles,
): Promise<ExportPlan> {
  const files: Record<string, string> = {};
  const deleted: string[] = [];
  for (const [path, text] of Object.entries(draft)) {
    if (text === null) deleted.push(path);
    else files[path] = text;
  }
  const shipped = await goldensOf(lessonId);
  if (!lesson)
    return { files, deleted: deleted.sort(), goldens: shipped, failing: [], recorded: false };
  const { goldens: fresh, failing } = await computeGoldens(lesson);
  for (const [path, text] of Object.entries(fresh)) {
    if (shipped[path] !== text) files[path] = text;
  }
  for (const path of Object.keys(shipped)) if (!(path in fresh)) deleted.push(path);
  return { files, deleted: deleted.sort(), goldens: fresh, failing, recorded: true };
}

/**
 * What the author bar says after an export: how many files (and which, for an export of
 * the changed files: `listed`), what to delete, and the notes on runs that will fail, a
 * draft that does not load (`problems`) and golden files that could not be recorded.
 */
export function exportedText(
  lang: Lang,
  plan: Pick<ExportPlan, 'deleted' | 'failing' | 'recorded'>,
  count: number,
  listed: readonly string[] | null,
  problems: number,
): string {
  const list = (items: readonly string[]) => items.join(t(lang, 'listSeparator'));
  return sentences(
    lang,
    listed
      ? tnAuthor(lang, count, 'exportedListOne', 'exportedList', { files: list(listed) })
      : tnAuthor(lang, count, 'exportedOne', 'exported'),
    ...(listed && plan.deleted.length
      ? [tAuthor(lang, 'alsoDelete', { files: list(plan.deleted) })]
      : []),
    ...(plan.failing.length ? [tAuthor(lang, 'exportFailing', { runs: list(plan.failing) })] : []),
    ...(problems > 0 ? [tnAuthor(lang, problems, 'exportBrokenOne', 'exportBroken')] : []),
    ...(plan.recorded ? [] : [tAuthor(lang, 'exportUnrecorded')]),
  );
}
