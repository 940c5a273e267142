/**
 * The embed view: one panel of one lesson, with its setup and notes, and no page chrome,
 * for an iframe in another site's page. It reports its height to the host page (see
 * src/store/embed.ts and public/embed-host.js). Author mode never applies here (drafts
 * are not even read).
 */
import { lazy, StrictMode, Suspense, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { langTag, t } from '../i18n';
import { startApp, useApp } from '../store/app';
import { ensureLesson, useCatalog } from '../store/catalog';
import { startShippedCatalog } from '../store/catalogShipped';
import {
  EMBED_HEIGHT_MESSAGE,
  type EmbedHeightMessage,
  embedFailure,
  embedMissingText,
} from '../store/embed';
import { indexLesson } from '../store/lessonIndex';
import { startPanelSync } from '../store/panelStore';
import { startTraceWarmup } from '../store/traceWarmup';
import { currentAddress, startUrlSync, useAddress } from '../store/urlSync';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { pageTitle } from '../ui/LessonNav';
import { LessonUnavailable } from '../ui/LessonUnavailable';
import { Panel } from '../ui/panel/Panel';
// The panel's whole look, as in the app: its student-facing parts and their phone layout.
import '../ui/styles.css';
import '../ui/student.css';
import '../ui/student-phone.css';
import { panelHash } from '../store/address';

const LessonErrors = lazy(() =>
  import('../ui/LessonErrors').then((m) => ({ default: m.LessonErrors })),
);

/** Post the content height to the host page whenever it changes. */
function useReportHeight(root: HTMLElement): void {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      const message: EmbedHeightMessage = { type: EMBED_HEIGHT_MESSAGE, height };
      // Only a number leaves the frame, so any host may read it.
      window.parent.postMessage(message, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(root);
    post();
    return () => observer.disconnect();
  }, [root]);
}

function EmbedView({ root }: { root: HTMLElement }) {
  const lang = useApp((s) => s.lang);
  const catalog = useCatalog((s) => s.catalog);
  const lessonId = useAddress((a) => a.lesson) ?? '';
  const panelId = useAddress((a) => a.panel) ?? '';
  const compact = useAddress((a) => a.view) === 'compact';
  const why = useCatalog((s) => s.unavailable[lessonId]);
  const index = useCatalog((s) => s.index);
  const lesson = catalog.lessons.find((l) => l.id === lessonId);
  const entry = useMemo(
    () => (lesson ? indexLesson(lesson).panels.find((p) => p.panel.id === panelId) : undefined),
    [lesson, panelId],
  );
  const panel = entry?.panel;
  useReportHeight(root);
  useEffect(() => {
    document.documentElement.lang = langTag(lang);
    if (panel) document.title = pageTitle(lang, panel.function);
  }, [lang, panel]);

  if (why !== undefined) return <LessonUnavailable id={lessonId} why={why} lang={lang} />;
  const failure = embedFailure(lessonId, catalog.broken, { lesson: !!lesson, panel: !!entry });
  if (failure?.kind === 'broken') {
    return (
      <Suspense fallback={null}>
        <LessonErrors broken={failure.lesson} fallback={false} lang={lang} />
      </Suspense>
    );
  }
  if (!lesson || !panel || !entry) {
    return (
      <p className="error-card" role="alert" data-testid="embed-missing">
        {embedMissingText(
          lang,
          lessonId,
          panelId,
          lesson,
          index.map((l) => l.id),
        )}
      </p>
    );
  }
  const full = new URL(import.meta.env.BASE_URL, document.baseURI);
  full.searchParams.set('lesson', lesson.id);
  full.searchParams.set('lang', lang);
  full.hash = panelHash(panel.id);
  return (
    <main
      className={compact ? 'embed-main is-compact' : 'embed-main'}
      data-testid="embed"
      data-view={compact ? 'compact' : undefined}
      lang={langTag(lang)}
      // The course page around the frame has a main landmark of its own.
      aria-label={pageTitle(lang, panel.function)}
    >
      {/* Under the course page's own headings: the lesson, then the panel's title (h3). */}
      <h2 className="sr-only">{lesson.title[lang]}</h2>
      <ErrorBoundary what={`${panel.source} · ${panel.function}`}>
        <Panel entry={entry} embedded />
      </ErrorBoundary>
      <p className="embed-foot">
        <a href={full.href} target="_blank" rel="noopener">
          {t(lang, 'embedOpenFull')}: {lesson.title[lang]}
        </a>
      </p>
    </main>
  );
}

/** Render the embed view into #root. */
export function bootEmbed(): void {
  // As src/boot.tsx, without drafts: author mode never applies to an embedded panel.
  // Only the embedded lesson is fetched; Python warms up meanwhile.
  startUrlSync();
  startApp();
  startPanelSync();
  startTraceWarmup();
  const root = document.getElementById('root')!;
  startShippedCatalog();
  void ensureLesson(currentAddress().lesson ?? '').then(() => {
    createRoot(root).render(
      <StrictMode>
        <EmbedView root={root} />
      </StrictMode>,
    );
  });
}
