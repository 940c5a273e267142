/**
 * The reader's language: what a UI string is looked up in. The list of languages is
 * the lesson format's (`LANGS` in src/lessons/schema.ts); this module only picks one.
 */
import type { Lang } from '../lessons/schema.ts';

export type { Lang };

/**
 * The first language that is set: `?lang=` in the URL, then the saved choice, then the
 * browser's languages (any `zh*` means zh), else en. Pure: the caller reads the page.
 */
export function pickLang(
  fromUrl: string | null,
  saved: string | null,
  browser: readonly string[],
): Lang {
  if (fromUrl === 'zh' || fromUrl === 'en') return fromUrl;
  if (saved === 'zh' || saved === 'en') return saved;
  return browser.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

/** Each language's name in itself (the language switch shows these, whatever the UI language). */
export const LANG_NAMES: Record<Lang, string> = { zh: '中文', en: 'English' };

/** A language's BCP 47 tag, for `lang` attributes and number formatting. */
export function langTag(lang: Lang): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

/**
 * What goes between two sentences of one message, as the language writes them: nothing in
 * zh (a sentence ends with its own full stop, 。), a space in en.
 */
export function sentenceGap(lang: Lang): string {
  return lang === 'zh' ? '' : ' ';
}

/** Sentences of one message, joined with {@link sentenceGap}. */
export function sentences(lang: Lang, ...parts: string[]): string {
  return parts.join(sentenceGap(lang));
}
