import { useEffect, useState } from 'react';
import { type Lang, t } from '../i18n';
import { type Lesson, opensWithHeading } from '../lessons/lesson';
import { indexLesson, panelsShownFirst } from '../store/lessonIndex';
import { currentAddress, scrollToHash } from '../store/urlSync';
import { ErrorBoundary } from './ErrorBoundary';
import { Prose } from './Prose';
import { Panel } from './panel/Panel';

/** A lesson as an article: prose with the panels in place. */
export function LessonView({ lesson, lang }: { lesson: Lesson; lang: Lang }) {
  const index = indexLesson(lesson);
  const placed = lesson.prose[lang].flatMap((seg) => (seg.kind === 'panel' ? [seg.panelId] : []));
  // The first paint shows the panels up to the one the reader came for; the rest follow.
  const [shown, setShown] = useState(() => panelsShownFirst(placed, currentAddress()));
  useEffect(() => {
    if (shown >= placed.length) return;
    // Once the page is idle: after the first paint, and after the shown panel's trace
    // (a shared link's paused view comes before the panels below it).
    const mountAll = () => setShown(placed.length);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(mountAll, 50);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(mountAll, { timeout: 500 });
    return () => cancelIdleCallback(idle);
  }, [shown, placed.length]);
  // Panels render after the browser tried to follow the #hash: scroll now.
  useEffect(scrollToHash, []);
  const first = lesson.prose[lang].find((seg) => seg.kind === 'panel');
  return (
    <article
      className="lesson"
      data-testid="lesson"
      data-lesson={lesson.id}
      lang={lang === 'zh' ? 'zh-CN' : 'en'}
    >
      {/* The article may open with its own level-1 heading; otherwise use the title. */}
      {opensWithHeading(lesson.prose[lang]) ? null : <h1>{lesson.title[lang]}</h1>}
      {first?.kind === 'panel' ? (
        <aside className="start-here" data-testid="start-here" aria-label={t(lang, 'startTitle')}>
          <strong>{t(lang, 'startTitle')}</strong>
          <ol>
            <li>{t(lang, 'startStep1')}</li>
            <li>{t(lang, 'startStep2')}</li>
            <li>{t(lang, 'startStep3')}</li>
            <li>{t(lang, 'startStepMine')}</li>
          </ol>
          <a href={`#panel-${first.panelId}`} data-testid="start-link">
            {t(lang, 'startLink')}
          </a>
        </aside>
      ) : null}
      {lesson.prose[lang].map((seg, i) => {
        if (seg.kind === 'html') {
          // biome-ignore lint/suspicious/noArrayIndexKey: prose segments are positional
          return <Prose key={i} html={seg.html} />;
        }
        const entry = index.panels.find((p) => p.panel.id === seg.panelId);
        if (entry && placed.indexOf(seg.panelId) >= shown) {
          return (
            <div
              key={seg.panelId}
              id={`panel-${seg.panelId}`}
              className="panel-anchor panel-pending"
              data-testid="panel-pending"
            />
          );
        }
        return entry ? (
          <div key={seg.panelId} id={`panel-${seg.panelId}`} className="panel-anchor" tabIndex={-1}>
            <ErrorBoundary what={`${entry.panel.source} · ${entry.panel.function}`}>
              <Panel entry={entry} />
            </ErrorBoundary>
          </div>
        ) : null;
      })}
    </article>
  );
}
