/**
 * The string table of lesson messages (./../lessons/messages.ts): the page's table
 * (./index.ts) plus the areas only lesson problems use, the loader's (./strings/lessons.ts)
 * and the files' (./strings/files.ts). Those are needed only when a lesson, a draft or an
 * import is broken, so the page's table, which the browser downloads before anything
 * else, leaves them out; the code that shows such problems loads this table with it.
 */
import type { LocalizedText } from '../lessons/schema.ts';
import { lookupIn, STRINGS, type StringKey } from './index.ts';
import { fileStrings } from './strings/files.ts';
import { lessonStrings } from './strings/lessons.ts';

/** A key a lesson message may use: any page string, or one of the loader's or files'. */
export type MessageKey = StringKey | keyof typeof lessonStrings | keyof typeof fileStrings;

/** The page's strings with the lesson-problem areas. */
export const MESSAGE_STRINGS: Readonly<Record<MessageKey, LocalizedText>> = {
  ...STRINGS,
  ...lessonStrings,
  ...fileStrings,
};

/** Look up a lesson-message string, filling every `{name}` placeholder from `vars`. */
export const tMessage = lookupIn(MESSAGE_STRINGS);
