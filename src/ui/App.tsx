import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { langTag, t } from '../i18n';
import { panelHash } from '../store/address';
import { useApp } from '../store/app';
import { useAuthoring } from '../store/authorTools';
import { lessonStatus, lessonToShow, useCatalog } from '../store/catalog';
import { draftTitle, useDrafts } from '../store/drafts';
import { resolveLesson } from '../store/lessonIndex';
import { navigate, useAddress } from '../store/urlSync';
import { ErrorBoundary } from './ErrorBoundary';
import { LessonFooter, LessonNav, pageTitle } from './LessonNav';
import { LessonUnavailable } from './LessonUnavailable';
import { LessonView } from './LessonView';
import { usePanelLinkIntent } from './panelLinkIntent';
import { releaseShell } from './shell/release';
import { TopBar } from './TopBar';

// Author mode (its editor tools, diff and zip) loads only when an instructor turns it on.
const AuthorBar = lazy(() => import('./author/AuthorBar').then((m) => ({ default: m.AuthorBar })));
// A lesson that does not load is rare: its messages (and their strings) load with it.
const LessonErrors = lazy(() =>
  import('./LessonErrors').then((m) => ({ default: m.LessonErrors })),
);

/** The whole page: header, lesson index, the open lesson. */
export function App() {
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  const runtime = useApp((s) => s.runtime);
  const offline = useApp((s) => s.offline);
  const retryRuntime = useApp((s) => s.retryRuntime);
  const lessonId = useAddress((s) => s.lesson);

  useEffect(() => {
    document.documentElement.lang = langTag(lang);
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
  // The tab and the history name the lesson (the index has its title before it arrives).
  const shownTitle = index.find((l) => l.id === id)?.title[lang] ?? null;
  useEffect(() => {
    document.title = pageTitle(lang, shownTitle);
  }, [lang, shownTitle]);
  usePanelLinkIntent(id);
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
    ? Object.keys(drafts)
        .filter((d) => !index.some((l) => l.id === d) && !catalog.broken.some((b) => b.id === d))
        .map((d) => ({ id: d, title: draftTitle(d, drafts[d], lang) }))
    : [];

  const firstPanel = lesson?.prose[lang].find((seg) => seg.kind === 'panel');
  // The prerendered article gives way to what the app shows: a lesson's first panel
  // releases it (Panel); anything else the page shows instead releases it here.
  const waitsForPanel = status === 'arriving' || (lesson !== null && firstPanel !== undefined);
  useLayoutEffect(() => {
    if (!waitsForPanel) releaseShell();
  }, [waitsForPanel]);
  return (
    <div className="app">
      {lesson && firstPanel?.kind === 'panel' ? (
        <a className="skip-link" href={`#${panelHash(firstPanel.panelId)}`} data-testid="skip-link">
          {t(lang, 'skipToPanel')}
        </a>
      ) : null}
      <TopBar
        lang={lang}
        runtime={runtime}
        offline={offline}
        author={author}
        onRetry={retryRuntime}
        onAuthor={setAuthor}
        onLang={setLang}
      />
      <div className="layout">
        <LessonNav
          lang={lang}
          index={index}
          current={id}
          drafts={draftOnly}
          broken={catalog.broken.map((b) => b.id)}
          onOpen={open}
        />
        <main className="content">
          {authoring && id ? (
            <Suspense fallback={null}>
              <AuthorBar lessonId={id} lesson={lesson} problems={errors.length} lang={lang} />
            </Suspense>
          ) : null}
          {broken ? (
            <Suspense fallback={null}>
              <LessonErrors broken={broken} fallback={lesson !== null} lang={lang} />
            </Suspense>
          ) : null}
          {lesson ? (
            <ErrorBoundary key={lesson.id} what={lesson.id}>
              <LessonView lesson={lesson} lang={lang} />
              <LessonFooter lang={lang} index={index} current={lesson.id} onOpen={open} />
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
          {status === 'unknown' ? (
            <div className="error-card" data-testid="lesson-not-found">
              <p>{t(lang, 'notFound')}</p>
              {/* A lesson that exists here only as a draft opens in author mode. */}
              {!author && lessonId && drafts[lessonId] ? (
                <p>
                  <a href={`?lesson=${lessonId}&author=1&lang=${lang}`} data-testid="open-draft">
                    {t(lang, 'draftElsewhere', { id: lessonId })}
                  </a>
                </p>
              ) : null}
            </div>
          ) : null}
        </main>
      </div>
    </div>
  );
}
