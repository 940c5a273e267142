/**
 * Short lesson texts (a prediction's question) with two inline forms: `` `code` `` and
 * `[[scenario_id]]`, a scenario named by the label the picker shows (derived, never
 * copied). `SCENARIO_REF` is the one pattern for `[[id]]`, also used by things to try.
 */

/** `[[scenario_id]]` (global: use with `matchAll` / `replace`). */
export const SCENARIO_REF = /\[\[([a-z0-9_]+)\]\]/g;

/** A piece of a short text: plain text, inline code, or a scenario shown by its label. */
export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'scenario'; id: string; text: string };

/** The scenario ids a short text names. */
export function inlineScenarioIds(text: string): string[] {
  return [...text.matchAll(SCENARIO_REF)].map((m) => m[1]);
}

/**
 * Split a short text into parts; `labelOf(id)` gives a scenario's label (an id without
 * one stays as written, so nothing is lost).
 */
export function inlineParts(
  text: string,
  labelOf: (id: string) => string | undefined,
): InlinePart[] {
  const parts: InlinePart[] = [];
  const push = (part: InlinePart) => {
    const last = parts[parts.length - 1];
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  const pattern = /`([^`]+)`|\[\[([a-z0-9_]+)\]\]/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    push({ kind: 'text', text: text.slice(at, m.index) });
    if (m[1] !== undefined) push({ kind: 'code', text: m[1] });
    else {
      const label = labelOf(m[2]);
      push(
        label === undefined
          ? { kind: 'text', text: m[0] }
          : { kind: 'scenario', id: m[2], text: label },
      );
    }
    at = m.index + m[0].length;
  }
  push({ kind: 'text', text: text.slice(at) });
  return parts;
}
