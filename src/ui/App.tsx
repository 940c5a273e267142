import { lazy, Suspense, useEffect } from 'react';
import { LANG_NAMES, type Lang, t } from '../i18n';
import { renderMessage } from '../lessons/messageText';
import { LANGS } from '../lessons/schema';
import { useApp } from '../store/app';
import { useAuthoring } from '../store/authorTools';
import { lessonStatus, lessonToShow, useCatalog } from '../store/catalog';
import { useDrafts } from '../store/drafts';
import { resolveLesson } from '../store/lessonIndex';
import { navigate, useAddress } from '../store/urlSync';
import { ErrorBoundary } from './ErrorBoundary';
import { LessonUnavailable } from './LessonUnavailable';
import { LessonView } from './LessonView';
import { pythonDownloadShare, pythonStatusText } from './pythonStatus';
import { ShortcutsHelp } from './ShortcutsHelp';

// Author mode (its editor tools, diff and zip) loads only when an instructor turns it on.
const AuthorBar = lazy(() => import('./author/AuthorBar').then((m) => ({ default: m.AuthorBar })));

function RuntimeBadge({ lang }: { lang: Lang }) {
  const runtime = useApp((s) => s.runtime);
  const retry = useApp((s) => s.retryRuntime);
  const text = pythonStatusText(runtime, lang);
  if (runtime.state === 'failed') {
    return (
      <span
        className="runtime runtime-failed"
        data-testid="runtime"
        data-state="failed"
        role="alert"
      >
        {text}{' '}
        <button type="button" onClick={retry} data-testid="runtime-retry">
          {t(lang, 'retry')}
        </button>
      </span>
    );
  }
  const share = pythonDownloadShare(runtime);
  return (
    <span
      className={`runtime runtime-${runtime.state}`}
      data-testid="runtime"
      data-state={runtime.state}
      data-restarted={runtime.state === 'loading' && runtime.restartedAfter ? 'true' : undefined}
      data-stage={runtime.state === 'loading' ? runtime.progress?.stage : undefined}
      role="status"
      title={runtime.state === 'loading' ? runtime.restartedAfter : undefined}
    >
      {runtime.state === 'loading' && <span className="spinner" aria-hidden="true" />} {text}
      {share !== null && (
        <progress
          className="runtime-progress"
          data-testid="runtime-progress"
          max={1}
          value={share}
          aria-label={text}
        />
      )}
    </span>
  );
}

/** The whole page: header, lesson index, the open lesson. */
export function App() {
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  const lessonId = useAddress((s) => s.lesson);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);

  const open = (id: string) => {
    navigate({ lesson: id, panel: null, state: null, hash: '' }, { push: true });
    scrollTo(0, 0);
  };

  const index = useCatalog((s) => s.index);
  const catalog = useCatalog((s) => s.catalog);
  const unavailable = useCatalog((s) => s.unavailable);
  const authoring = useAuthoring();
  const author = useDrafts((s) => s.author);
  const drafts = useDrafts((s) => s.drafts);
  const setAuthor = useDrafts((s) => s.setAuthor);
  const id = lessonToShow(lessonId, { index, catalog });
  // Read drafts and catalog above so that a change re-renders; resolveLesson reads them.
  const { lesson, errors } = id ? resolveLesson(id) : { lesson: null, errors: [] };
  const broken = errors.length > 0 && id ? { id, errors } : null;
  // Nothing to show yet: the shipped lesson is on its way, or (a draft-only lesson is known
  // only then) author mode's tools are.
  const status =
    lesson || broken
      ? 'here'
      : !id
        ? 'unknown'
        : author && !authoring
          ? 'arriving'
          : lessonStatus(id, { index, catalog, unavailable });
  const draftOnly = author
    ? Object.keys(drafts).filter(
        (d) => !index.some((l) => l.id === d) && !catalog.broken.some((b) => b.id === d),
      )
    : [];

  const firstPanel = lesson?.prose[lang].find((seg) => seg.kind === 'panel');
  return (
    <div className="app">
      {firstPanel?.kind === 'panel' ? (
        <a className="skip-link" href={`#panel-${firstPanel.panelId}`} data-testid="skip-link">
          {t(lang, 'skipToPanel')}
        </a>
      ) : null}
      <header className="topbar">
        <a className="brand" href="?">
          {t(lang, 'appTitle')}
        </a>
        <RuntimeBadge lang={lang} />
        <span className="privacy">{t(lang, 'privacy')}</span>
        <ShortcutsHelp lang={lang} />
        <label className="author-toggle">
          <input
            type="checkbox"
            checked={author}
            onChange={(e) => setAuthor(e.target.checked)}
            data-testid="author-toggle"
          />{' '}
          {t(lang, 'authorMode')}
        </label>
        <fieldset className="lang-switch">
          <legend className="sr-only">{t(lang, 'language')}</legend>
          {LANGS.map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              data-testid={`lang-${l}`}
              onClick={() => setLang(l)}
            >
              {LANG_NAMES[l]}
            </button>
          ))}
        </fieldset>
      </header>
      <div className="layout">
        <nav className="index" aria-label={t(lang, 'lessons')} data-testid="lesson-index">
          <h2>{t(lang, 'lessons')}</h2>
          <ul>
            {index.map((l) => (
              <li key={l.id}>
                <a
                  href={`?lesson=${l.id}&lang=${lang}`}
                  aria-current={l.id === id ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    open(l.id);
                  }}
                >
                  {l.title[lang]}
                </a>
                <ul className="index-panels">
                  {l.panels.map((p) => (
                    <li key={p.id}>
                      <a href={`?lesson=${l.id}&lang=${lang}#panel-${p.id}`}>
                        <code>{p.function}</code>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {draftOnly.map((d) => (
              <li key={d} className="index-draft">
                <a
                  href={`?lesson=${d}&author=1`}
                  onClick={(e) => {
                    e.preventDefault();
                    open(d);
                  }}
                >
                  {d} ✎
                </a>
              </li>
            ))}
            {catalog.broken.map((b) => (
              <li key={b.id} className="index-broken">
                <a
                  href={`?lesson=${b.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    open(b.id);
                  }}
                >
                  {b.id} ⚠
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="content">
          {authoring && id ? (
            <Suspense fallback={null}>
              <AuthorBar lessonId={id} lesson={lesson} lang={lang} />
            </Suspense>
          ) : null}
          {broken ? (
            <section className="error-card" role="alert" data-testid="lesson-error">
              <h2>
                {t(lang, 'lessonBroken')}: {broken.id}
              </h2>
              <ul>
                {broken.errors.map((e) => (
                  <li key={`${e.file}:${e.line}:${e.field}:${JSON.stringify(e.message)}`}>
                    <code>
                      {e.file}
                      {e.line ? `:${e.line}` : ''}
                    </code>{' '}
                    {e.field ? <code>{e.field}</code> : null} {renderMessage(e.message, lang)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {lesson ? (
            <ErrorBoundary key={lesson.id} what={lesson.id}>
              <LessonView lesson={lesson} lang={lang} />
            </ErrorBoundary>
          ) : null}
          {status === 'arriving' ? (
            <p className="lesson-loading" role="status" data-testid="lesson-loading">
              {t(lang, 'lessonLoading')}
            </p>
          ) : null}
          {status === 'unavailable' && id ? (
            <LessonUnavailable id={id} why={unavailable[id]} lang={lang} />
          ) : null}
          {status === 'unknown' ? <p className="error-card">{t(lang, 'notFound')}</p> : null}
        </main>
      </div>
    </div>
  );
}
