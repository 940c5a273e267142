import { createTwoFilesPatch } from 'diff';
import { useRef, useState } from 'react';
import type { Lesson } from '../../lessons/schema';
import { effectiveFiles, shippedFiles } from '../../store/catalog';
import { useDrafts } from '../../store/drafts';
import type { Lang } from '../i18n';
import {
  download,
  draftFromImport,
  locateLesson,
  planExport,
  readPicked,
  zipLesson,
} from './transfer';

const L = {
  title: { zh: '作者模式', en: 'Author mode' },
  intro: {
    zh: '准备代码、场景脚本、调用入口和课程源码都可以编辑；每次输入都会自动保存在本机，并立即重新录制。',
    en: 'Setup, scenario scripts, entries and the lesson source are editable; every keystroke is saved on this device and re-recorded at once.',
  },
  clean: { zh: '没有改动。', en: 'No changes.' },
  changed: {
    zh: '已改动 {n} 个文件（已自动保存）',
    en: '{n} changed file(s) (saved automatically)',
  },
  exportChanged: { zh: '导出改动的文件 (.zip)', en: 'Export changed files (.zip)' },
  exportAll: { zh: '导出整个课程文件夹 (.zip)', en: 'Export the lesson folder (.zip)' },
  importZip: { zh: '导入 .zip 或文件…', en: 'Import .zip or files…' },
  importFolder: { zh: '导入文件夹…', en: 'Import folder…' },
  discard: { zh: '放弃草稿…', en: 'Discard draft…' },
  confirmDiscard: { zh: '确认放弃这些改动', en: 'Discard these changes' },
  cancel: { zh: '取消', en: 'Cancel' },
  working: {
    zh: '正在录制每个场景以生成 golden 摘要…',
    en: 'Recording every scenario for the golden summaries…',
  },
  exported: { zh: '已导出 {n} 个文件。', en: 'Exported {n} file(s).' },
  alsoDelete: { zh: '另外请删除：', en: 'Also delete:' },
} as const;

function fill(text: string, n: number) {
  return text.replace('{n}', String(n));
}

/** The author's lesson-level tools: draft status, diff + discard, export, import. */
export function AuthorBar({
  lessonId,
  lesson,
  lang,
}: {
  lessonId: string;
  lesson: Lesson | null;
  lang: Lang;
}) {
  const draft = useDrafts((s) => s.drafts[lessonId]);
  const setDraft = useDrafts((s) => s.setDraft);
  const discard = useDrafts((s) => s.discard);
  const [diff, setDiff] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zipInput = useRef<HTMLInputElement>(null);
  const dirInput = useRef<HTMLInputElement>(null);
  const changed = Object.keys(draft ?? {}).sort();

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
    if (!lesson || !draft) return;
    setBusy(true);
    setMessage(L.working[lang]);
    try {
      const plan = await planExport(lesson, draft);
      download(`${lessonId}-changes.zip`, zipLesson(lessonId, plan.files));
      const names = Object.keys(plan.files).sort();
      setMessage(
        `${fill(L.exported[lang], names.length)} ${names.join(', ')}${plan.deleted.length ? ` — ${L.alsoDelete[lang]} ${plan.deleted.join(', ')}` : ''}`,
      );
    } catch (err) {
      setMessage(String(err));
    } finally {
      setBusy(false);
    }
  };

  const exportAll = async () => {
    if (!lesson) return;
    setBusy(true);
    setMessage(L.working[lang]);
    try {
      const files = effectiveFiles(lessonId, draft);
      const plan = await planExport(lesson, draft ?? {});
      for (const [p, text] of Object.entries(plan.files))
        if (p.startsWith('golden/')) files[p] = text;
      download(`${lessonId}.zip`, zipLesson(lessonId, files));
      setMessage(fill(L.exported[lang], Object.keys(files).length));
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
      const url = new URL(location.href);
      url.searchParams.set('lesson', imported.id);
      url.searchParams.set('author', '1');
      url.searchParams.delete('panel');
      url.searchParams.delete('s');
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
      setMessage(`${imported.id}: ${Object.keys(draftFiles).length} file(s)`);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section className="author-bar" data-testid="author-bar" aria-label={L.title[lang]}>
      <p className="author-intro">{L.intro[lang]}</p>
      <p data-testid="draft-status" data-changed={changed.length}>
        {changed.length ? fill(L.changed[lang], changed.length) : L.clean[lang]}
        {changed.length ? <span className="draft-files"> {changed.join(', ')}</span> : null}
      </p>
      <div className="author-actions">
        <button
          type="button"
          disabled={!changed.length || busy}
          onClick={exportChanged}
          data-testid="export-changed"
        >
          {L.exportChanged[lang]}
        </button>
        <button
          type="button"
          disabled={!lesson || busy}
          onClick={exportAll}
          data-testid="export-all"
        >
          {L.exportAll[lang]}
        </button>
        <button type="button" onClick={() => zipInput.current?.click()} data-testid="import-files">
          {L.importZip[lang]}
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
          {L.importFolder[lang]}
        </button>
        <input
          ref={dirInput}
          type="file"
          hidden
          {...({ webkitdirectory: '' } as Record<string, string>)}
          onChange={(e) => onImport(e.target.files)}
        />
        <button type="button" disabled={!changed.length} onClick={showDiff} data-testid="discard">
          {L.discard[lang]}
        </button>
      </div>
      {message ? (
        <p className="author-message" data-testid="author-message" role="status">
          {message}
        </p>
      ) : null}
      {diff !== null ? (
        <div className="discard-confirm" data-testid="discard-diff">
          <pre className="diff">
            {diff.split('\n').map((line, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: diff lines are positional
                key={i}
                className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}
              >
                {line}
                {'\n'}
              </span>
            ))}
          </pre>
          <button
            type="button"
            data-testid="discard-confirm"
            onClick={() => {
              discard(lessonId);
              setDiff(null);
            }}
          >
            {L.confirmDiscard[lang]}
          </button>{' '}
          <button type="button" onClick={() => setDiff(null)}>
            {L.cancel[lang]}
          </button>
        </div>
      ) : null}
    </section>
  );
}
