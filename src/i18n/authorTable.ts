/**
 * The string table of author mode: the page's table (./index.ts) plus author mode's own
 * area (./strings/author.ts). Only author mode's components (src/ui/author/), loaded when a
 * reader turns it on, use that area, so the page's table, which the browser downloads
 * before anything else, leaves it out; those components read this table instead.
 */
import type { LocalizedText } from '../lessons/schema.ts';
import { type Lang, lookupIn, STRINGS, type StringKey } from './index.ts';
import { authorStrings } from './strings/author.ts';

/** A key author mode may use: any page string, or one of its own area's. */
export type AuthorKey = StringKey | keyof typeof authorStrings;

/** The page's strings with author mode's area. */
export const AUTHOR_STRINGS: Readonly<Record<AuthorKey, LocalizedText>> = {
  ...STRINGS,
  ...authorStrings,
};

/** Look up an author-mode string, filling every `{name}` placeholder from `vars`. */
export const tAuthor = lookupIn(AUTHOR_STRINGS);

/** `tn` (./index.ts) for author mode's keys: `one` when `n` is 1, else `many`. */
export function tnAuthor(
  lang: Lang,
  n: number,
  one: AuthorKey,
  many: AuthorKey,
  vars?: Record<string, string | number>,
): string {
  return tAuthor(lang, n === 1 ? one : many, { ...vars, n });
}
