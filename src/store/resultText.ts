/**
 * The words for what a frame hands back at a step (`resultAt`, ../trace/result.ts), in the
 * reader's language: one table for the Variables pane's row, the diagram's row and the
 * diagram's text version, so the three always name a return, a yield and a raise alike.
 * Pure.
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

/** The row's label: "return value", "yielded value", "raised". */
export function resultLabel(lang: Lang, kind: ResultKind): string {
  return t(lang, LABEL[kind]);
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
