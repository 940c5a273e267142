import { type Lang, t } from '../i18n';
import type { LessonSummary } from '../lessons/lesson';
import { panelHash } from '../store/address';

/** What the lesson index lists. Pure props: the build prerenders it. */
export interface LessonNavProps {
  lang: Lang;
  index: readonly LessonSummary[];
  /** The lesson shown, marked as the current page. */
  current: string | null;
  /** Author mode: drafts that are not shipped lessons, with the titles they are listed under. */
  drafts: readonly { id: string; title: string }[];
  /** Lessons that failed to load (listed so that their errors can be opened). */
  broken: readonly string[];
  /** Open a lesson in place (the links also work as plain links). */
  onOpen: (id: string) => void;
}

/** The lesson index: each lesson with its panels' functions, then drafts and broken lessons. */
export function LessonNav({ lang, index, current, drafts, broken, onOpen }: LessonNavProps) {
  const opener = (id: string) => (e: { preventDefault(): void }) => {
    e.preventDefault();
    onOpen(id);
  };
  return (
    <nav className="index" aria-label={t(lang, 'lessons')} data-testid="lesson-index">
      <h2>{t(lang, 'lessons')}</h2>
      <ul>
        {index.map((l) => (
          <li key={l.id}>
            <a
              href={`?lesson=${l.id}&lang=${lang}`}
              aria-current={l.id === current ? 'page' : undefined}
              onClick={opener(l.id)}
            >
              {l.title[lang]}
            </a>
            <ul className="index-panels">
              {l.panels.map((p) => (
                <li key={p.id}>
                  {/* On the lesson shown, only the fragment: a link that also changes the
                      query (from a page opened without ?lesson=) would reload the page. */}
                  <a
                    href={
                      l.id === current
                        ? `#${panelHash(p.id)}`
                        : `?lesson=${l.id}&lang=${lang}#${panelHash(p.id)}`
                    }
                  >
                    <code>{p.function}</code>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {drafts.map((d) => (
          <li key={d.id} className="index-draft">
            <a
              href={`?lesson=${d.id}&author=1`}
              aria-current={d.id === current ? 'page' : undefined}
              onClick={opener(d.id)}
            >
              {d.title} ✎
            </a>
          </li>
        ))}
        {broken.map((id) => (
          <li key={id} className="index-broken">
            <a href={`?lesson=${id}`} onClick={opener(id)}>
              {id} ⚠
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The lessons before and after `current` in the index (null at either end, or if not listed). */
export function neighbours(
  index: readonly LessonSummary[],
  current: string | null,
): { prev: LessonSummary | null; next: LessonSummary | null } {
  const at = index.findIndex((l) => l.id === current);
  if (at < 0) return { prev: null, next: null };
  return { prev: index[at - 1] ?? null, next: index[at + 1] ?? null };
}

/** The page's title: the lesson's, then the app's (the app's alone without a lesson). */
export function pageTitle(lang: Lang, lessonTitle: string | null): string {
  return lessonTitle ? `${lessonTitle} · ${t(lang, 'appTitle')}` : t(lang, 'appTitle');
}

/**
 * At the end of a lesson: the previous and the next one, so that a reader who finished
 * (on a phone, far below the index) goes on without scrolling back up.
 */
export function LessonFooter(props: {
  lang: Lang;
  index: readonly LessonSummary[];
  current: string;
  onOpen: (id: string) => void;
}) {
  const { lang, index, current, onOpen } = props;
  const { prev, next } = neighbours(index, current);
  if (!prev && !next) return null;
  const link = (l: LessonSummary, key: 'prevLesson' | 'nextLesson') => (
    <a
      href={`?lesson=${l.id}&lang=${lang}`}
      className={`lesson-footer-${key === 'prevLesson' ? 'prev' : 'next'}`}
      data-testid={key === 'prevLesson' ? 'prev-lesson' : 'next-lesson'}
      onClick={(e) => {
        e.preventDefault();
        onOpen(l.id);
      }}
    >
      <span className="lesson-footer-label">{t(lang, key)}</span>
      {l.title[lang]}
    </a>
  );
  return (
    <nav className="lesson-footer" aria-label={t(lang, 'moreLessons')}>
      {prev ? link(prev, 'prevLesson') : <span />}
      {next ? link(next, 'nextLesson') : null}
    </nav>
  );
}
