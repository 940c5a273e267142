import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { useEffect, useRef } from 'react';
import type { LineEdit } from './author/lineShift';
import { useMonaco } from './useMonaco';

/** How a breakpoint is drawn in the gutter. */
export interface GutterBreakpoint {
  line: number;
  enabled: boolean;
  kind: 'plain' | 'condition' | 'log';
}

/** Props of {@link CodeView}. */
export interface CodeViewProps {
  /** The text shown: a whole file or one function's lines. */
  code: string;
  /** The file line number of the first shown line. */
  firstLine: number;
  breakpoints: GutterBreakpoint[];
  /** File line number of the current position, if it is in this view. */
  currentLine: number | null;
  /** Lines highlighted as a group (the active step note). */
  highlight?: { start: number; end: number } | null;
  onToggleBreakpoint(line: number): void;
  /** Called when F9 is pressed with the cursor on a line. */
  ariaLabel: string;
  /** Reports the line the keyboard cursor is on (file numbering). */
  onCursorLine?(line: number): void;
  /** Editable (author mode) instead of read-only. */
  editable?: boolean;
  onChange?(code: string): void;
  /** The line-level edits of each change (file numbering), so breakpoints can follow. */
  onEdits?(edits: LineEdit[]): void;
  /** Error markers (author mode): file line numbers. */
  markers?: { line: number; column?: number; message: string }[];
}

const LINE_HEIGHT = 19;
/** Set while the view replaces its text itself, so that is not reported as an edit. */
let applyingValue = false;

/**
 * The source view. Monaco once it has loaded; until then a plain, already
 * clickable listing, so the source is readable the moment the page opens.
 */
export function CodeView(props: CodeViewProps) {
  const monaco = useMonaco();
  return monaco ? <MonacoView {...props} monaco={monaco} /> : <PlainView {...props} />;
}

function PlainView({
  code,
  firstLine,
  breakpoints,
  currentLine,
  onToggleBreakpoint,
  ariaLabel,
}: CodeViewProps) {
  const lines = code.split('\n');
  const bps = new Map(breakpoints.map((b) => [b.line, b]));
  return (
    <section className="code-plain" aria-label={ariaLabel} data-testid="code-plain">
      {lines.map((text, i) => {
        const n = firstLine + i;
        const bp = bps.get(n);
        return (
          <div key={n} className={`plain-line${n === currentLine ? ' is-current' : ''}`}>
            <button
              type="button"
              className={`plain-ln${bp ? ' has-bp' : ''}`}
              onClick={() => onToggleBreakpoint(n)}
              aria-label={`breakpoint line ${n}`}
              tabIndex={-1}
            >
              {n}
            </button>
            <code>{text || ' '}</code>
          </div>
        );
      })}
    </section>
  );
}

type MonacoNs = NonNullable<ReturnType<typeof useMonaco>>;

function MonacoView(props: CodeViewProps & { monaco: MonacoNs }) {
  const { monaco, code, firstLine, breakpoints, currentLine, highlight, editable } = props;
  const host = useRef<HTMLDivElement>(null);
  const ed = useRef<MonacoEditor.IStandaloneCodeEditor | null>(null);
  const decorations = useRef<MonacoEditor.IEditorDecorationsCollection | null>(null);
  const latest = useRef(props);
  latest.current = props;

  // Create once; dispose on unmount (StrictMode mounts twice).
  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.create(host.current, {
      value: code,
      language: 'python',
      theme: 'wpt-light',
      readOnly: !editable,
      domReadOnly: !editable,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      glyphMargin: true,
      folding: false,
      lineNumbers: (n: number) => String(n + latest.current.firstLine - 1),
      lineNumbersMinChars: 3,
      lineDecorationsWidth: 6,
      renderLineHighlight: 'none',
      fontSize: 13,
      lineHeight: LINE_HEIGHT,
      automaticLayout: true,
      contextmenu: false,
      scrollbar: { alwaysConsumeMouseWheel: false },
      ariaLabel: props.ariaLabel,
      tabSize: 4,
    });
    ed.current = editor;
    decorations.current = editor.createDecorationsCollection();
    editor.onMouseDown((e) => {
      const t = e.target.type;
      const MT = monaco.editor.MouseTargetType;
      if ((t === MT.GUTTER_LINE_NUMBERS || t === MT.GUTTER_GLYPH_MARGIN) && e.target.position) {
        latest.current.onToggleBreakpoint(
          e.target.position.lineNumber + latest.current.firstLine - 1,
        );
      }
    });
    editor.onDidChangeCursorPosition((e) => {
      latest.current.onCursorLine?.(e.position.lineNumber + latest.current.firstLine - 1);
    });
    editor.onDidChangeModelContent((e) => {
      if (applyingValue) return;
      const off = latest.current.firstLine - 1;
      latest.current.onEdits?.(
        e.changes.map((c) => ({
          startLine: c.range.startLineNumber + off,
          startColumn: c.range.startColumn,
          endLine: c.range.endLineNumber + off,
          endColumn: c.range.endColumn,
          text: c.text,
        })),
      );
      latest.current.onChange?.(editor.getValue());
    });
    return () => {
      editor.dispose();
      ed.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once per mount
  }, [monaco, code, props.ariaLabel, editable]);

  // Content and numbering.
  useEffect(() => {
    const editor = ed.current;
    if (!editor) return;
    if (editor.getValue() !== code) {
      // A new text from outside (scenario switch, discard): not an edit.
      applyingValue = true;
      editor.setValue(code);
      applyingValue = false;
    }
    editor.updateOptions({
      lineNumbers: (n: number) => String(n + firstLine - 1),
      readOnly: !editable,
      domReadOnly: !editable,
    });
    const lines = code.split('\n').length;
    if (host.current) host.current.style.height = `${Math.min(lines, 32) * LINE_HEIGHT + 8}px`;
    editor.layout();
  }, [code, firstLine, editable]);

  // Breakpoints, current line, step highlight.
  useEffect(() => {
    const editor = ed.current;
    const coll = decorations.current;
    if (!editor || !coll) return;
    const toModel = (n: number) => n - firstLine + 1;
    const lineCount = editor.getModel()?.getLineCount() ?? 0;
    const inRange = (n: number) => n >= 1 && n <= lineCount;
    const decs: MonacoEditor.IModelDeltaDecoration[] = [];
    if (highlight) {
      for (let n = highlight.start; n <= highlight.end; n++) {
        if (!inRange(toModel(n))) continue;
        decs.push({
          range: new monaco.Range(toModel(n), 1, toModel(n), 1),
          options: { isWholeLine: true, className: 'step-highlight' },
        });
      }
    }
    for (const b of breakpoints) {
      if (!inRange(toModel(b.line))) continue;
      decs.push({
        range: new monaco.Range(toModel(b.line), 1, toModel(b.line), 1),
        options: {
          glyphMarginClassName: `bp-glyph bpg-${b.kind}${b.enabled ? '' : ' bpg-disabled'}`,
          glyphMarginHoverMessage: { value: `breakpoint line ${b.line}` },
        },
      });
    }
    if (currentLine !== null && inRange(toModel(currentLine))) {
      decs.push({
        range: new monaco.Range(toModel(currentLine), 1, toModel(currentLine), 1),
        options: {
          isWholeLine: true,
          className: 'current-line',
          lineNumberClassName: 'current-ln',
        },
      });
      editor.revealLineInCenterIfOutsideViewport(toModel(currentLine));
    }
    coll.set(decs);
  }, [monaco, breakpoints, currentLine, highlight, firstLine]);

  // Author-mode error markers.
  useEffect(() => {
    const model = ed.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      'wpt',
      (props.markers ?? []).map((m) => ({
        severity: monaco.MarkerSeverity.Error,
        message: m.message,
        startLineNumber: m.line - firstLine + 1,
        endLineNumber: m.line - firstLine + 1,
        startColumn: m.column ?? 1,
        endColumn: m.column
          ? m.column + 1
          : model.getLineMaxColumn(Math.max(1, m.line - firstLine + 1)),
      })),
    );
  }, [monaco, props.markers, firstLine]);

  return <div className="code-monaco" ref={host} data-testid="code-monaco" />;
}
