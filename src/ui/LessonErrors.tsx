import { type Lang, t } from '../i18n';
import type { LessonError } from '../lessons/lesson';
import { placeText, renderMessage } from '../lessons/messageText';

/**
 * A lesson that does not load: each of its problems with its file, line and field, in the
 * reader's language. Loaded only when needed (App.tsx), with the lesson-message strings.
 * `fallback`: an author's draft broke it, and the article below is the last version that
 * loaded (the heading says so, rather than that nothing could be loaded).
 */
export function LessonErrors({
  broken,
  fallback,
  lang,
}: {
  broken: { id: string; errors: readonly LessonError[] };
  fallback: boolean;
  lang: Lang;
}) {
  return (
    <section className="error-card" role="alert" data-testid="lesson-error">
      <h2>{t(lang, fallback ? 'draftBroken' : 'lessonBroken', { id: broken.id })}</h2>
      <ul>
        {broken.errors.map((e) => (
          <li key={`${e.file}:${e.line}:${e.field}:${JSON.stringify(e.message)}`}>
            <code>{placeText(e)}</code> {e.field ? <code>{e.field}</code> : null}{' '}
            {renderMessage(e.message, lang)}
          </li>
        ))}
      </ul>
    </section>
  );
}
