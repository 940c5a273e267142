import { createTwoFilesPatch } from 'diff';
import { useMemo, useRef, useState } from 'react';
import type { Lang } from '../../i18n';
import { tAuthor as t, tnAuthor as tn } from '../../i18n/authorTable';
import type { Lesson } from '../../lessons/lesson';
import { errorText } from '../../lessons/messageText';
import { useApp } from '../../store/app';
import { effectiveFiles, shippedFiles } from '../../store/catalog';
import { DRAFT_PREFIX, draftBase, staleDraftFiles, useDrafts } from '../../store/drafts';
import { exportedText, planExport } from '../../store/exportPlan';
import { keptFrom, useKept } from '../../store/keptAside';
import { navigate } from '../../store/urlSync';
import { download } from '../download';
import { KeptNotice } from '../KeptNotice';
import { pythonFailedNote } from '../pythonStatus';
import { ScrollPre } from '../ScrollPre';
import { draftFromImport, locateLesson, readPicked, zipLesson } from './transfer';

const ZIP = 'application/zip';

/**
 * How a line of a unified diff is shown: an added or removed line, or a file header
 * (`--- a/lesson.json`, `+++ b/lesson.json`, which are neither), else plain.
 */
export function diffLineClass(line: string): 'add' | 'del' | 'head' | undefined {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('@@')) return 'head';
  if (line.startsWith('+')) return 'add';
  return line.startsWith('-') ? 'del' : undefined;
}

/** The author's lesson-level tools: draft status, diff + discard, export, import. */
export function AuthorBar({
  lessonId,
  lesson,
  problems,
  lang,
}: {
  lessonId: string;
  lesson: Lesson | null;
  /** How many problems keep the draft from loading (`lesson` is then the last good one). */
  problems: number;
  lang: Lang;
}) {
  const draft = useDrafts((s) => s.drafts[lessonId]);
  const setDraft = useDrafts((s) => s.setDraft);
  const discard = useDrafts((s) => s.discard);
  const unsaved = useDrafts((s) => s.unsaved.includes(lessonId));
  const keptEntries = useKept((s) => s.entries);
  const kept = useMemo(() => keptFrom(keptEntries, { prefix: DRAFT_PREFIX }), [keptEntries]);
  // Drafts are kept and exported without Python; only recording them needs it.
  const unavailable = useApp((s) => pythonFailedNote(s.runtime, 'featureDraft', lang));
  const [diff, setDiff] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zipInput = useRef<HTMLInputElement>(null);
  const dirInput = useRef<HTMLInputElement>(null);
  const changed = Object.keys(draft ?? {}).sort();
  // Edited on disk since drafted (the dev server picks that up): the draft hides it.
  const stale = staleDraftFiles(draft, draftBase(lessonId), shippedFiles(lessonId));

  const showDiff = () => {
    const shipped = shippedFiles(lessonId);
    const patch = changed
      .map((p) =>
        createTwoFilesPatch(`a/${p}`, `b/${p}`, shipped[p] ?? '', draft?.[p] ?? '', '', '', {
          context: 2,
        }),
      )
      .join('\n');
    setDiff(patch);
  };

  const exportChanged = async () => {
    if (!draft) return;
    setBusy(true);
    setMessage(t(lang, 'exportWorking'));
    try {
      const plan = await planExport(lessonId, lesson, draft);
      download(`${lessonId}-changes.zip`, zipLesson(lessonId, plan.files) as BlobPart, ZIP);
      const names = Object.keys(plan.files).sort();
      setMessage(exportedText(lang, plan, names.length, names, problems));
    } catch (err) {
      setMessage(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };

  const exportAll = async () => {
    setBusy(true);
    setMessage(t(lang, 'exportWorking'));
    try {
      const plan = await planExport(lessonId, lesson, draft ?? {});
      // The whole folder: every file as drafted, and every golden file, changed or not.
      const files = { ...effectiveFiles(lessonId, draft), ...plan.goldens };
      download(`${lessonId}.zip`, zipLesson(lessonId, files) as BlobPart, ZIP);
      setMessage(exportedText(lang, plan, Object.keys(files).length, null, problems));
    } catch (err) {
      setMessage(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };

  const onImport = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    try {
      const imported = locateLesson(await readPicked(list));
      const draftFiles = draftFromImport(shippedFiles(imported.id), imported.files);
      setDraft(imported.id, draftFiles);
      navigate({ lesson: imported.id, author: '1', panel: null, state: null }, { push: true });
      setMessage(
        tn(lang, Object.keys(draftFiles).length, 'importedOne', 'imported', { id: imported.id }),
      );
    } catch (err) {
      setMessage(errorText(err, lang));
    }
  };

  return (
    <section className="author-bar" data-testid="author-bar" aria-label={t(lang, 'authorMode')}>
      <p className="author-intro">{t(lang, 'authorIntro')}</p>
      <KeptNotice entries={kept} lang={lang} says="keptDraft" prefix={DRAFT_PREFIX} />
      <p
        data-testid="draft-status"
        data-changed={changed.length}
        data-saved={unsaved ? 'false' : 'true'}
        className={unsaved ? 'author-python' : undefined}
      >
        {changed.length
          ? unsaved
            ? tn(lang, changed.length, 'draftUnsavedOne', 'draftUnsaved')
            : tn(lang, changed.length, 'draftChangedOne', 'draftChanged')
          : t(lang, 'draftClean')}
        {changed.length ? <span className="draft-files"> {changed.join(', ')}</span> : null}
      </p>
      {unavailable ? (
        <p className="author-python" data-testid="author-python">
          {unavailable}
        </p>
      ) : null}
      <div className="author-actions">
        <button
          type="button"
          disabled={!changed.length || busy}
          onClick={exportChanged}
          data-testid="export-changed"
        >
          {t(lang, 'exportChanged')}
        </button>
        <button type="button" disabled={busy} onClick={exportAll} data-testid="export-all">
          {t(lang, 'exportAll')}
        </button>
        <button type="button" onClick={() => zipInput.current?.click()} data-testid="import-files">
          {t(lang, 'importZip')}
        </button>
        <input
          ref={zipInput}
          type="file"
          multiple
          accept=".zip,.py,.json,.md"
          hidden
          data-testid="import-input"
          onChange={(e) => onImport(e.target.files)}
        />
        <button type="button" onClick={() => dirInput.current?.click()}>
          {t(lang, 'importFolder')}
        </button>
        <input
          ref={dirInput}
          type="file"
          hidden
          {...({ webkitdirectory: '' } as Record<string, string>)}
          onChange={(e) => onImport(e.target.files)}
        />
        <button type="button" disabled={!changed.length} onClick={showDiff} data-testid="discard">
          {t(lang, 'discardDraft')}
        </button>
      </div>
      {stale.length > 0 ? (
        <p className="author-message" data-testid="draft-stale" role="status">
          {t(lang, 'draftStale', { files: stale.join(', ') })}
        </p>
      ) : null}
      {message ? (
        <p className="author-message" data-testid="author-message" role="status">
          {message}
        </p>
      ) : null}
      {diff !== null ? (
        <div className="discard-confirm" data-testid="discard-diff">
          <ScrollPre className="diff">
            {diff.split('\n').map((line, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: diff lines are positional
                key={i}
                className={diffLineClass(line)}
              >
                {line}
                {'\n'}
              </span>
            ))}
          </ScrollPre>
          <button
            type="button"
            data-testid="discard-confirm"
            onClick={() => {
              discard(lessonId);
              setDiff(null);
            }}
          >
            {t(lang, 'confirmDiscard')}
          </button>{' '}
          <button type="button" onClick={() => setDiff(null)}>
            {t(lang, 'cancel')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
