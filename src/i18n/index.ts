/**
 * The one string table for all UI text, in every language (lesson text lives in the
 * lessons; this is only the chrome around it).
 *
 * The table is split by area under ./strings/ so that parallel work touches different
 * files; `STRING_TABLES` joins them. To add a string: add a key with `zh` and `en` to the
 * area's file (or a new file listed in `STRING_TABLES`) and call `t(lang, 'key')` (a lesson
 * message's key: `msg('key')`, rendered through ./messageTable.ts; the command line's:
 * ./cli.ts).
 * tests/unit/i18n/strings.test.ts checks that no key is defined twice, that every key
 * has both languages, that zh text is Chinese and that both use the same `{placeholders}`.
 */
import type { LocalizedText } from '../lessons/schema.ts';
import type { Lang } from './lang.ts';
import { appStrings } from './strings/app.ts';
import { authorStrings } from './strings/author.ts';
import { breakpointStrings } from './strings/breakpoints.ts';
import { buildStrings } from './strings/build.ts';
import { checkStrings } from './strings/check.ts';
import { commandStrings } from './strings/commands.ts';
import { embedBoxStrings } from './strings/embedBox.ts';
import { fileStrings } from './strings/files.ts';
import { instructorStrings } from './strings/instructor.ts';
import { lessonStrings } from './strings/lessons.ts';
import { myScenarioStrings } from './strings/myScenario.ts';
import { objectStrings } from './strings/objects.ts';
import { panelStrings } from './strings/panel.ts';
import { pythonStrings } from './strings/python.ts';
import { sandboxStrings } from './strings/sandbox.ts';

export { LANG_NAMES, type Lang, langTag, pickLang, sentenceGap, sentences } from './lang.ts';

/**
 * The area tables, by area name (for the tests). Six are not in the page's table, which
 * the browser downloads before anything else: `check` and `build`, the command line's
 * (`lessons:check` and the build, through ./cli.ts); `lessons` and `files`, which only
 * lesson problems use (through ./messageTable.ts); `author`, which only author mode's
 * components use (through ./authorTable.ts); and `embedBox`, the embed box's, which loads
 * when a reader opens it (through ./embedTable.ts).
 */
export const STRING_TABLES = {
  app: appStrings,
  panel: panelStrings,
  commands: commandStrings,
  breakpoints: breakpointStrings,
  author: authorStrings,
  embedBox: embedBoxStrings,
  instructor: instructorStrings,
  sandbox: sandboxStrings,
  objects: objectStrings,
  python: pythonStrings,
  myScenario: myScenarioStrings,
  lessons: lessonStrings,
  files: fileStrings,
  check: checkStrings,
  build: buildStrings,
} as const;

const strings = {
  ...appStrings,
  ...panelStrings,
  ...commandStrings,
  ...breakpointStrings,
  ...instructorStrings,
  ...sandboxStrings,
  ...objectStrings,
  ...pythonStrings,
  ...myScenarioStrings,
} satisfies Record<string, LocalizedText>;

/** A key of the UI string table. */
export type StringKey = keyof typeof strings;

/** Every key of the table with its texts (for tests and tools). */
export const STRINGS: Readonly<Record<StringKey, LocalizedText>> = strings;

/** Look up a UI string, filling every `{name}` placeholder from `vars`. */
export function t(lang: Lang, key: StringKey, vars?: Record<string, string | number>): string {
  return fill(strings[key][lang], vars);
}

/**
 * A count in words: `one` when `n` is 1, else `many`, with `{n}` filled ("1 item", "3
 * items"; Chinese has one form, which both keys then hold).
 */
export function tn(
  lang: Lang,
  n: number,
  one: StringKey,
  many: StringKey,
  vars?: Record<string, string | number>,
): string {
  return t(lang, n === 1 ? one : many, { ...vars, n });
}

/**
 * `t` over another table: the page's strings with areas the page leaves out, loaded with
 * the code that uses them (./authorTable.ts, ./messageTable.ts, ./embedTable.ts).
 */
export function lookupIn<K extends string>(
  table: Readonly<Record<K, LocalizedText>>,
): (lang: Lang, key: K, vars?: Record<string, string | number>) => string {
  return (lang, key, vars) => fill(table[key][lang], vars);
}

/** `text` with every `{name}` placeholder that `vars` has filled in; unknown ones stay. */
export function fill(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
