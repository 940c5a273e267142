/**
 * Lesson messages (./messages.ts) as text, in one language: for the page (the reader's
 * language), for author mode's caught errors, and for the command line.
 */
import type { Lang } from '../i18n/index.ts';
import { tMessage } from '../i18n/messageTable.ts';
import type { LessonError } from './lesson.ts';
import type { LessonMessage, MessagePlace } from './messages.ts';

/** A message in one language, nested messages included. */
export function renderMessage(m: LessonMessage, lang: Lang): string {
  if (!m.vars) return tMessage(lang, m.key);
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.vars)) {
    vars[name] = typeof value === 'object' ? renderMessage(value, lang) : value;
  }
  return tMessage(lang, m.key, vars);
}

/** `file:line:column`, as far as it is known (a column only after a line). */
export function placeText(place: {
  file: string;
  line?: number | null;
  column?: number | null;
}): string {
  if (place.line == null) return place.file;
  return place.column == null
    ? `${place.file}:${place.line}`
    : `${place.file}:${place.line}:${place.column}`;
}

/**
 * `file:line:column: field: message`, the way compilers print (and `npm run lessons:check`),
 * leaving out the parts that are not known.
 */
export function formatPlaced(place: MessagePlace, text: string): string {
  const where = placeText(place);
  return place.field ? `${where}: ${place.field}: ${text}` : `${where}: ${text}`;
}

/**
 * An error whose message is a {@link LessonMessage} (and maybe a place). `message` is its
 * English rendering, for logs and stack traces; what a reader sees comes from
 * {@link errorText} in the reader's language.
 */
export class LessonMessageError extends Error {
  constructor(
    readonly detail: LessonMessage,
    readonly place?: MessagePlace,
  ) {
    super(place ? formatPlaced(place, renderMessage(detail, 'en')) : renderMessage(detail, 'en'));
    this.name = 'LessonMessageError';
  }
}

/** The text of a caught error for the reader: translated when it is a lesson message. */
export function errorText(err: unknown, lang: Lang): string {
  if (err instanceof LessonMessageError) {
    const text = renderMessage(err.detail, lang);
    return err.place ? formatPlaced(err.place, text) : text;
  }
  return err instanceof Error ? err.message : String(err);
}

/** A loader error as one line in `lang`: `file:line:column: field: message`. */
export function formatLessonError(e: LessonError, lang: Lang = 'en'): string {
  return formatPlaced(e, renderMessage(e.message, lang));
}
