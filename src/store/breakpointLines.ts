/**
 * Where a new breakpoint goes (pure). Python stops only on lines that have code: not on a
 * blank line, a comment, a function's docstring or an `else:` on its own. A breakpoint
 * there would never be reached, and "stops here 0×" would tell a student the branch
 * never runs; so, as most debuggers do, it moves to the next line that has code.
 */
import type { Breakpoint } from '../replay/engine';
import type { TraceMeta } from '../trace/meta';
import type { PanelNotice } from './commandResult';

/** A breakpoint asked for on a line: the line it goes on (or none), and what to say. */
export interface PlacedBreakpoint {
  /** The line to put it on; null when no line with code follows. */
  line: number | null;
  notice: PanelNotice | null;
}

/**
 * Place a breakpoint asked for on `line` of `file`, from the trace's `codeLines`. Without
 * them (no trace yet, or one recorded before they existed) the line is taken as asked.
 */
export function placeBreakpoint(
  meta: Pick<TraceMeta, 'files' | 'codeLines'> | undefined,
  file: string,
  line: number,
): PlacedBreakpoint {
  const index = meta?.files.indexOf(file) ?? -1;
  const lines = index >= 0 ? meta?.codeLines?.[index] : undefined;
  if (!lines || lines.includes(line)) return { line, notice: null };
  const next = lines.find((l) => l > line);
  if (next === undefined) return { line: null, notice: { kind: 'noCodeLine', line } };
  return { line: next, notice: { kind: 'breakpointMoved', from: line, to: next } };
}

/**
 * A click (or F9) on `line` of `file`: removes the breakpoint there (`removed`), or adds
 * one where {@link placeBreakpoint} puts it (none if one is already there).
 */
export function toggled(
  breakpoints: readonly Breakpoint[],
  file: string,
  line: number,
  meta: Pick<TraceMeta, 'files' | 'codeLines'> | undefined,
  newId: () => string,
): { breakpoints: Breakpoint[]; notice: PanelNotice | null; removed?: Breakpoint } {
  const removed = breakpoints.find((b) => b.file === file && b.line === line);
  if (removed)
    return { breakpoints: breakpoints.filter((b) => b !== removed), notice: null, removed };
  const placed = placeBreakpoint(meta, file, line);
  const at = placed.line;
  if (at === null || breakpoints.some((b) => b.file === file && b.line === at))
    return { breakpoints: [...breakpoints], notice: placed.notice };
  return {
    breakpoints: [...breakpoints, { id: newId(), file, line: at, enabled: true }],
    notice: placed.notice,
  };
}
