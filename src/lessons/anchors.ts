/**
 * Text anchors: find a focus function in Python source and the lines its step notes
 * point at. Notes are anchored by text, never by line numbers, so editing the source
 * above a function does not silently shift every note.
 */
import { PY_NAME } from './basics.ts';
import type { LineRange } from './lesson.ts';

/** Split source text into lines the way editors number them (1-based via index + 1). */
export function sourceLines(code: string): string[] {
  return code.split(/\r\n|\r|\n/);
}

/** Width of a line's leading whitespace; a tab advances to the next multiple of 8, as in Python. */
function indentation(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width = width + 8 - (width % 8);
    else if (ch === '\f') width = 0;
    else break;
  }
  return width;
}

const isBlank = (line: string) => line.trim() === '';
const isComment = (line: string) => line.trim().startsWith('#');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A `def` (or `async def`) line, the function's name captured. */
const DEF_NAME = new RegExp(`^\\s*(?:async\\s+)?def\\s+(${PY_NAME})\\s*\\(`, 'u');

/** The names of the functions `code` defines (any depth), in order, each once. */
export function definedFunctions(code: string): string[] {
  const names = sourceLines(code).flatMap((line) => {
    const m = DEF_NAME.exec(line);
    return m ? [m[1]] : [];
  });
  return [...new Set(names)];
}

/**
 * The 1-based lines of every `def fn(` (also `async def`) in `code`, at any depth. More
 * than one is ambiguous for a panel: the later definition replaces the earlier one when
 * the file runs, while the panel would show the first.
 */
export function functionDefLines(code: string, fn: string): number[] {
  const def = new RegExp(`^\\s*(?:async\\s+)?def\\s+${escapeRegExp(fn)}\\s*\\(`);
  return sourceLines(code).flatMap((line, i) => (def.test(line) ? [i + 1] : []));
}

/**
 * Find the lines of function `fn`: the first line matching `^\s*def <fn>(` (also
 * `async def`), through the last line of its body. The body ends before the next line
 * that is neither blank nor a comment and is indented no deeper than the `def`.
 * Trailing blank lines are excluded, and so are trailing comments indented no deeper
 * than the `def` (they introduce what follows, not this function).
 *
 * Known limit, by design of a line-based rule: a multi-line string whose continuation
 * lines start at or left of the `def`'s indentation ends the range early.
 *
 * Returns 1-based inclusive lines, or `null` when there is no such `def`.
 */
export function resolveFunctionRange(code: string, fn: string): LineRange | null {
  const lines = sourceLines(code);
  const startIndex = (functionDefLines(code, fn)[0] ?? 0) - 1;
  if (startIndex < 0) return null;
  const defIndent = indentation(lines[startIndex]);

  let stop = lines.length; // index of the first line after the function's extent
  for (let i = startIndex + 1; i < lines.length; i++) {
    const line = lines[i];
    if (isBlank(line) || isComment(line)) continue;
    if (indentation(line) <= defIndent) {
      stop = i;
      break;
    }
  }
  let last = stop - 1;
  while (
    last > startIndex &&
    (isBlank(lines[last]) || (isComment(lines[last]) && indentation(lines[last]) <= defIndent))
  )
    last--;
  return { start: startIndex + 1, end: last + 1 };
}

/**
 * Every line in `range`, at or after `from` (default: the range start), whose text
 * contains `text`, as 1-based numbers in order (empty when no line in range has it).
 */
export function anchorLines(
  code: string,
  range: LineRange,
  text: string,
  from: number = range.start,
): number[] {
  const lines = sourceLines(code);
  const first = Math.max(from, range.start, 1);
  const last = Math.min(range.end, lines.length);
  const found: number[] = [];
  for (let n = first; n <= last; n++) {
    if (lines[n - 1].includes(text)) found.push(n);
  }
  return found;
}

/**
 * The first line in `range`, at or after `from` (default: the range start), whose text
 * contains `text`. Returns its 1-based number, or `null` when no line in range has it.
 */
export function resolveAnchor(
  code: string,
  range: LineRange,
  text: string,
  from: number = range.start,
): number | null {
  return anchorLines(code, range, text, from)[0] ?? null;
}

/**
 * Resolve a step note inside a function: `start` is the first line containing the
 * start text; `end` the first line at or after it containing the end text. A missing
 * start makes the end unresolvable too (it is searched from the start line).
 */
export function resolveStepLines(
  code: string,
  range: LineRange,
  anchors: { start: string; end: string },
): { start: number | null; end: number | null } {
  const start = resolveAnchor(code, range, anchors.start);
  const end = start === null ? null : resolveAnchor(code, range, anchors.end, start);
  return { start, end };
}
