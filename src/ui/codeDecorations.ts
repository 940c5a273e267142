/**
 * The code view's decorations, as Monaco takes them (pure: plain ranges, no Monaco
 * object), in two sets that change at different times: the breakpoints' glyphs, which a
 * step leaves alone, and the step's own marks (the line that runs next, the one that just
 * ran, a step note's lines), which change at every step. CodeView keeps one Monaco
 * collection for each, so a step replaces two or three decorations, not every breakpoint
 * with its hover text too.
 */
import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { type Lang, t } from '../i18n';
import type { GutterMark } from '../store/panelView';

/** Where the model's lines sit in the file: model line 1 is file line `firstLine`. */
export interface ModelLines {
  firstLine: number;
  /** Lines in the model; a line outside it gets no decoration. */
  lineCount: number;
}

type Decoration = MonacoEditor.IModelDeltaDecoration;

/** The model line of file line `n`, or null when the model does not hold it. */
export function modelLine(n: number, lines: ModelLines): number | null {
  const m = n - lines.firstLine + 1;
  return m >= 1 && m <= lines.lineCount ? m : null;
}

const wholeLine = (m: number) => ({
  startLineNumber: m,
  startColumn: 1,
  endLineNumber: m,
  endColumn: 1,
});

/** The breakpoints' glyphs in the gutter, each with its hover text in `lang`. */
export function breakpointDecorations(
  marks: readonly GutterMark[],
  lines: ModelLines,
  lang: Lang,
): Decoration[] {
  const out: Decoration[] = [];
  for (const b of marks) {
    const m = modelLine(b.line, lines);
    if (m === null) continue;
    out.push({
      range: wholeLine(m),
      options: {
        glyphMarginClassName: `bp-glyph bpg-${b.kind}${b.enabled ? '' : ' bpg-disabled'}${b.error ? ' bpg-error' : ''}`,
        glyphMarginHoverMessage: {
          value: b.error
            ? t(lang, 'breakpointErrorAtLine', { n: b.line, message: b.error })
            : t(lang, 'breakpointAtLine', { n: b.line }),
        },
      },
    });
  }
  return out;
}

/** What a step marks: the lines of the active step note, the line that just ran, the line
 *  that runs next (file numbering). */
export interface StepMarks {
  highlight: { start: number; end: number } | null;
  justRanLine: number | null;
  currentLine: number | null;
}

/** The step's marks as decorations. */
export function stepDecorations(marks: StepMarks, lines: ModelLines): Decoration[] {
  const out: Decoration[] = [];
  if (marks.highlight) {
    for (let n = marks.highlight.start; n <= marks.highlight.end; n++) {
      const m = modelLine(n, lines);
      if (m !== null)
        out.push({
          range: wholeLine(m),
          options: { isWholeLine: true, className: 'step-highlight' },
        });
    }
  }
  const ran = marks.justRanLine === null ? null : modelLine(marks.justRanLine, lines);
  if (ran !== null) {
    out.push({
      range: wholeLine(ran),
      options: {
        isWholeLine: true,
        className: 'just-ran-line',
        linesDecorationsClassName: 'just-ran-mark',
      },
    });
  }
  const next = marks.currentLine === null ? null : modelLine(marks.currentLine, lines);
  if (next !== null) {
    out.push({
      range: wholeLine(next),
      options: {
        isWholeLine: true,
        className: 'runs-next-line',
        lineNumberClassName: 'current-ln',
      },
    });
  }
  return out;
}
