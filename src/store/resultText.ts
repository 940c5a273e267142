/**
 * The words for what a frame hands back at a step (`resultAt`, ../trace/result.ts), in the
 * reader's language: one table for the Variables pane's row, the diagram's row and the
 * diagram's text version, so the three always tell a return, a yield and a raise apart
 * alike. Pure.
 */
import { type Lang, type StringKey, t } from '../i18n';
import type { ResultKind } from '../trace/result';

const LABEL: Record<ResultKind, StringKey> = {
  return: 'returnValue',
  yield: 'yieldValue',
  exception: 'raised',
  unwind: 'raised',
};

const OBJECT: Record<ResultKind, StringKey> = {
  return: 'returnsObject',
  yield: 'yieldsObject',
  exception: 'raisesObject',
  unwind: 'raisesObject',
};

const VERB: Record<ResultKind, StringKey> = {
  return: 'rowReturns',
  yield: 'rowYields',
  exception: 'rowRaises',
  unwind: 'rowRaises',
};

/** The Variables pane's row: "return value", "yielded value", "raised". */
export function resultLabel(lang: Lang, kind: ResultKind): string {
  return t(lang, LABEL[kind]);
}

/**
 * The diagram's row, the verb its text version says ("returns", "yields", "raises"): with
 * the arrow it reads as a sentence, and it fits a phone's frame box, where "yielded value"
 * was cut to "yielded v…".
 */
export function resultVerb(lang: Lang, kind: ResultKind): string {
  return t(lang, VERB[kind]);
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
  if (ref !== undefined) return t(lang, OBJECT[kind], { id: ref });
  if (kind === 'return') return t(lang, 'returnsAtom', { value: atom });
  if (kind === 'yield') return t(lang, 'yieldsAtom', { value: atom });
  return t(lang, 'holdsAtom', { name: resultLabel(lang, kind), value: atom });
}
