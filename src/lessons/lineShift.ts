/**
 * Breakpoints follow their lines while the author edits: each text change
 * moves the lines below it by the number of lines it added or removed.
 */

/** One edit, in the numbering before it was applied (Monaco's content change). */
export interface LineEdit {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  /** The inserted text. */
  text: string;
}

/** Where `line` is after `edit`, or null when its line was deleted. */
export function shiftLine(line: number, edit: LineEdit): number | null {
  const inserted = edit.text.split('\n').length - 1;
  const removed = edit.endLine - edit.startLine;
  const delta = inserted - removed;
  if (line < edit.startLine) return line;
  if (line > edit.endLine) return line + delta;
  // An insertion at the very start of a line pushes that line down with it.
  const atLineStart = edit.startColumn === 1 && removed === 0 && edit.endColumn === 1;
  if (line === edit.startLine) return atLineStart ? line + inserted : line;
  // A line inside a removed range is gone.
  return null;
}

/** Apply several edits of one change event (Monaco lists them last-first). */
export function shiftLineAll(line: number, edits: readonly LineEdit[]): number | null {
  let at: number | null = line;
  for (const e of edits) {
    if (at === null) return null;
    at = shiftLine(at, e);
  }
  return at;
}
