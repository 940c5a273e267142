import type { CodeMarker } from '../store/panelView';
/** A run of the editor model's lines that Monaco hides (1-based, inclusive). */
export interface HiddenLines {
  startLineNumber: number;
  endLineNumber: number;
}

/** What the code editor's model holds: see {@link modelOf}. */
export interface CodeModel {
  /** The model's text. */
  text: string;
  /** The file line of the model's first line. */
  base: number;
  /** The model's lines that are not shown. */
  hidden: HiddenLines[];
}

/**
 * What the editor holds for a view of `code` (the file's lines from `firstLine` on): the
 * whole `file` with the lines around `code` hidden, or, with no file (a draft), `code`
 * alone. Moving between a function and the rest of its file then changes which lines are
 * hidden, never the text.
 */
export function modelOf(
  code: string,
  firstLine: number,
  file: string | null | undefined,
): CodeModel {
  if (file == null) return { text: code, base: firstLine, hidden: [] };
  const lineCount = file.split('\n').length;
  const last = firstLine + code.split('\n').length - 1;
  const hidden: HiddenLines[] = [];
  if (firstLine > 1) hidden.push({ startLineNumber: 1, endLineNumber: firstLine - 1 });
  if (last < lineCount) hidden.push({ startLineNumber: last + 1, endLineNumber: lineCount });
  return { text: file, base: 1, hidden };
}

/**
 * Where an author-mode error marker goes in a model showing the file from `firstLine`:
 * its line clamped into the text (the author may have deleted that line since the run),
 * and its column, or the whole line when it has none.
 */
export function markerRange(
  m: CodeMarker,
  firstLine: number,
  model: { getLineCount(): number; getLineMaxColumn(line: number): number },
) {
  const line = Math.min(Math.max(1, m.line - firstLine + 1), model.getLineCount());
  const endColumn = m.column ? m.column + 1 : model.getLineMaxColumn(line);
  return { startLineNumber: line, endLineNumber: line, startColumn: m.column ?? 1, endColumn };
}
