/**
 * The string table of the command-line tools (`npm run lessons:check`, `vite build`'s log):
 * the lesson-message table (./messageTable.ts) plus the check's and the build's own areas
 * (./strings/check.ts, ./strings/build.ts). The check's sentences are
 * kept out of the page's table because the browser never shows them and downloads that
 * table before anything else.
 */
import type { LocalizedText } from '../lessons/schema.ts';
import { fill, type Lang } from './index.ts';
import { MESSAGE_STRINGS, type MessageKey } from './messageTable.ts';
import { buildStrings } from './strings/build.ts';
import { checkStrings } from './strings/check.ts';

export type { Lang } from './index.ts';

/** A key of the command line's table: a page string or one of the check's own. */
export type CliKey = MessageKey | keyof typeof checkStrings | keyof typeof buildStrings;

const table: Readonly<Record<CliKey, LocalizedText>> = {
  ...MESSAGE_STRINGS,
  ...checkStrings,
  ...buildStrings,
};

/** Look up a command-line string, filling every `{name}` placeholder from `vars`. */
export function t(lang: Lang, key: CliKey, vars?: Record<string, string | number>): string {
  return fill(table[key][lang], vars);
}
