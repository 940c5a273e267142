import { useEffect, useState } from 'react';
import type { Lang } from '../i18n';
import type { Lesson } from '../lessons/lesson';
import { panelHash } from '../store/address';
import { indexLesson, missingPanelText, panelsShownFirst } from '../store/lessonIndex';
import { currentAddress, scrollToHash } from '../store/urlSync';
import { Article } from './Article';
import { ErrorBoundary } from './ErrorBoundary';
import { Panel } from './panel/Panel';

/** A lesson as an article, with live panels: the ones up to the reader's target first. */
export function LessonView({ lesson, lang }: { lesson: Lesson; lang: Lang }) {
  const index = indexLesson(lesson);
  const placed = lesson.prose[lang].flatMap((seg) => (seg.kind === 'panel' ? [seg.panelId] : []));
  // The address the page opened with (the reader's own steps rewrite it later).
  const [opened] = useState(currentAddress);
  // The first paint shows the panels up to the one the reader came for; the rest follow.
  const [shown, setShown] = useState(() => panelsShownFirst(placed, opened));
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
  // A link to a panel this lesson does not have opens the lesson, and says so.
  const panelIds = lesson.panels.map((p) => p.id);
  const missingText = missingPanelText(lang, lesson.id, panelIds, opened);
  return (
    <>
      {missingText ? (
        <p className="notice link-panel-missing" role="status" data-testid="link-panel-missing">
          {missingText}
        </p>
      ) : null}
      <Article
        lesson={lesson}
        lang={lang}
        panel={(panelId, order) => {
          const entry = index.panels.find((p) => p.panel.id === panelId);
          if (!entry) return null;
          if (order >= shown) {
            return (
              // Focusable as the panel's anchor will be (the same element once the panel
              // mounts), so a link followed before then still takes the keyboard there.
              <div
                id={panelHash(panelId)}
                className="panel-anchor panel-pending"
                data-testid="panel-pending"
                tabIndex={-1}
              />
            );
          }
          return (
            <div id={panelHash(panelId)} className="panel-anchor" tabIndex={-1}>
              <ErrorBoundary what={`${entry.panel.source} · ${entry.panel.function}`}>
                <Panel entry={entry} tracesWhen={order === 0 ? 'shown-now' : 'near'} />
              </ErrorBoundary>
            </div>
          );
        }}
      />
    </>
  );
}
