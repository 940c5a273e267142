/**
 * The words for what a frame hands back at a step (`resultAt`, ../trace/result.ts), in the
 * reader's language: one table for the Variables pane's row, the diagram's row and the
 * diagram's text version, so the three always tell a return, a yield and a raise apart
 * alike. Pure.
 */
import { type Lang, type StringKey, t } from '../i18n';
import type { ResultKind } from '../trace/result';

/** Per kind: the pane's label, the diagram row's verb, and the text version's sentences. */
const WORDS: Record<
  ResultKind,
  { label: StringKey; verb: StringKey; object: StringKey; atom: StringKey }
> = {
  return: {
    label: 'returnValue',
    verb: 'rowReturns',
    object: 'returnsObject',
    atom: 'returnsAtom',
  },
  yield: { label: 'yieldValue', verb: 'rowYields', object: 'yieldsObject', atom: 'yieldsAtom' },
  exception: { label: 'raised', verb: 'rowRaises', object: 'raisesObject', atom: 'raisesAtom' },
  unwind: { label: 'raised', verb: 'rowRaises', object: 'raisesObject', atom: 'raisesAtom' },
};

/** The Variables pane's row: "return value", "yielded value", "raised". */
export function resultLabel(lang: Lang, kind: ResultKind): string {
  return t(lang, WORDS[kind].label);
}

/**
 * The diagram's row, the verb its text version says ("returns", "yields", "raises"): with
 * the arrow it reads as a sentence, and it fits a phone's frame box, where "yielded value"
 * was cut to "yielded v…".
 */
export function resultVerb(lang: Lang, kind: ResultKind): string {
  return t(lang, WORDS[kind].verb);
}

/**
 * The row as a sentence, for the diagram's text version: "returns object #4", "yields 3",
 * "raises object #7". `ref` is the object's id when the value is an object, else `atom` is
 * its text.
 */
export function resultSentence(
  lang: Lang,
  kind: ResultKind,
  ref: number | undefined,
  atom: string,
): string {
  return ref !== undefined
    ? t(lang, WORDS[kind].object, { id: ref })
    : t(lang, WORDS[kind].atom, { value: atom });
}
