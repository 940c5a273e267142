/**
 * Messages about lessons (loader and schema errors, JSON and UTF-8 problems, author-mode
 * edits and imports) are made as a key of the one UI string table plus its values, never
 * as text: they are rendered when shown (./messageText.ts), in the reader's language (the
 * page) or in the language the command line asks for. Their place (file, line, field)
 * travels beside them. This module holds no text, so the worker can use the schema
 * without loading the string table.
 */
import type { MessageKey } from '../i18n/messageTable.ts';

/** A value of a message's placeholder: a plain value, or another message (rendered in turn). */
export type MessageValue = string | number | LessonMessage;

/** A message about a lesson: a string-table key and the values of its placeholders. */
export interface LessonMessage {
  key: MessageKey;
  vars?: Record<string, MessageValue>;
}

/** A message; `vars` left out when there are none. */
export function msg(key: MessageKey, vars?: Record<string, MessageValue>): LessonMessage {
  return vars ? { key, vars } : { key };
}

/** Where a problem is: a repo-relative or lesson-relative file, and what is known of the rest. */
export interface MessagePlace {
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
  /** The manifest field concerned, e.g. `panels[0].steps[1].end`. */
  field?: string;
}

/** What marks a zod issue message as an encoded {@link LessonMessage}. */
const ENCODED = 'lesson-message:';

/**
 * A message as the text of a zod issue (the schema's custom errors): zod carries a string,
 * the loader turns it back with {@link decodeMessage}.
 */
export function encodeMessage(key: MessageKey, vars?: Record<string, MessageValue>): string {
  return ENCODED + JSON.stringify(msg(key, vars));
}

/** The message encoded in a zod issue's text, or null if the text is zod's own. */
export function decodeMessage(text: string): LessonMessage | null {
  return text.startsWith(ENCODED)
    ? (JSON.parse(text.slice(ENCODED.length)) as LessonMessage)
    : null;
}
