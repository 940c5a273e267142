import { type Lang, t } from '../i18n';
import type { LessonError } from '../lessons/lesson';
import { renderMessage } from '../lessons/messageText';

/**
 * A lesson that does not load: each of its problems with its file, line and field, in the
 * reader's language. Loaded only when needed (App.tsx), with the lesson-message strings.
 */
export function LessonErrors({
  broken,
  lang,
}: {
  broken: { id: string; errors: readonly LessonError[] };
  lang: Lang;
}) {
  return (
    <section className="error-card" role="alert" data-testid="lesson-error">
      <h2>{t(lang, 'lessonBroken', { id: broken.id })}</h2>
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
  );
}
