import { Fragment, type ReactNode } from 'react';
import { type Lang, langTag, t } from '../i18n';
import { type Lesson, opensWithHeading } from '../lessons/lesson';
import { panelHash } from '../store/address';
import { Prose } from './Prose';

/** What an article shows: a lesson's prose, with `panel` rendering each panel in place. */
export interface ArticleProps {
  lesson: Lesson;
  lang: Lang;
  /** The panel placed at this point of the prose (its id, and its order among the panels). */
  panel: (panelId: string, order: number) => ReactNode;
}

/**
 * A lesson as an article: its title unless the prose opens with one, the "how to use"
 * box when there is a panel, then the prose with the panels in place. Pure props: the
 * app renders it with live panels, the build prerenders it with their listings.
 */
export function Article({ lesson, lang, panel }: ArticleProps) {
  const prose = lesson.prose[lang];
  const first = prose.find((seg) => seg.kind === 'panel');
  let order = 0;
  return (
    <article className="lesson" data-testid="lesson" data-lesson={lesson.id} lang={langTag(lang)}>
      {opensWithHeading(prose) ? null : <h1>{lesson.title[lang]}</h1>}
      {first?.kind === 'panel' ? (
        <aside className="start-here" data-testid="start-here" aria-label={t(lang, 'startTitle')}>
          <strong>{t(lang, 'startTitle')}</strong>
          <ol>
            <li>{t(lang, 'startStep1')}</li>
            <li>{t(lang, 'startStep2')}</li>
            <li>{t(lang, 'startStep3')}</li>
            <li>{t(lang, 'startStepMine')}</li>
          </ol>
          <a href={`#${panelHash(first.panelId)}`} data-testid="start-link">
            {t(lang, 'startLink')}
          </a>
        </aside>
      ) : null}
      {prose.map((seg, i) =>
        seg.kind === 'html' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: prose segments are positional
          <Prose key={i} html={seg.html} />
        ) : (
          <Fragment key={seg.panelId}>{panel(seg.panelId, order++)}</Fragment>
        ),
      )}
    </article>
  );
}
