import { type Lang, t } from '../i18n';
import { retryLesson } from '../store/catalog';

/** A lesson whose fetch failed: why, and a Retry (the app and the embed view show this). */
export function LessonUnavailable({ id, why, lang }: { id: string; why: string; lang: Lang }) {
  return (
    <section className="error-card" role="alert" data-testid="lesson-unavailable">
      <p>
        {t(lang, 'lessonUnavailable')} <code>{why}</code>
      </p>
      <button type="button" onClick={() => retryLesson(id)}>
        {t(lang, 'retry')}
      </button>
    </section>
  );
}
