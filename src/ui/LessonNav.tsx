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
