import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { useEffect, useRef } from 'react';
import type { Lang } from '../i18n';
import type { LineEdit } from '../lessons/lineShift';
import type { CodeMarker, GutterMark } from '../store/panelView';
import { breakpointDecorations, modelLine, stepDecorations } from './codeDecorations';
import { type HiddenLines, markerRange, modelOf } from './codeModel';
import { pausedLineCaret, releaseTabOnEscape } from './editorKeys';
import { focusNewEditor } from './focusHandover';
import { boxLinesShown, codeLineHeight, PlainView } from './PlainView';
import { PHONE_QUERY } from './phone';
import { useMonaco } from './useMonaco';

/** Props of {@link CodeView}. */
export interface CodeViewProps {
  /** The text shown: a whole file or one function's lines. */
  code: string;
  /** The file line number of the first shown line. */
  firstLine: number;
  /**
   * The whole file `code` was cut from, when it was cut (`code` is its lines from
   * `firstLine` on). Monaco then holds the file and hides the lines around `code`, so that
   * showing another part of the same file hides and shows lines instead of replacing the
   * text (which re-tokenised and redrew every line at each step into or out of a callee).
   */
  file?: string | null;
  /** How many lines tall the box is (default: the lines of `code`). */
  boxLines?: number;
  breakpoints: GutterMark[];
  /** File line number of the line about to run ("runs next"), if it is in this view. */
  currentLine: number | null;
  /** File line number of the line that just ran, if it is in this view. */
  justRanLine?: number | null;
  /** Lines highlighted as a group (the active step note). */
  highlight?: { start: number; end: number } | null;
  /** Called when a line number is clicked (file numbering). */
  onToggleBreakpoint(line: number): void;
  /** The accessible name of the code region. */
  ariaLabel: string;
  /** The UI language (for the line buttons' names). */
  lang: Lang;
  /**
   * Reports the line the keyboard cursor is on (file numbering) while the editor has
   * focus, and null when it loses focus (F9 then has no line to toggle).
   */
  onCursorLine?(line: number | null): void;
  /** Editable (author mode) instead of read-only. */
  editable?: boolean;
  onChange?(code: string): void;
  /** The line-level edits of each change (file numbering), so breakpoints can follow. */
  onEdits?(edits: LineEdit[]): void;
  /** Error markers (author mode): file line numbers. */
  markers?: CodeMarker[];
  /** Wrap long lines (on demand, for narrow screens). */
  wrap?: boolean;
  /**
   * Take the keyboard focus once the editor exists, with the caret at the end of the text,
   * unless the reader has put the focus somewhere since (for an editor that replaces the
   * control that had the focus).
   */
  autoFocus?: boolean;
}

/**
 * The source view. Monaco once it has loaded; until then a plain, already
 * clickable listing, so the source is readable the moment the page opens.
 */
export function CodeView(props: CodeViewProps) {
  const monaco = useMonaco(Boolean(props.editable));
  return monaco ? <MonacoView {...props} monaco={monaco} /> : <PlainView {...props} />;
}

type MonacoNs = NonNullable<ReturnType<typeof useMonaco>>;

/** `setHiddenAreas` exists on Monaco's editor (its folding uses it) but is not in its typings. */
interface HidingEditor {
  setHiddenAreas(ranges: HiddenLines[]): void;
}

function MonacoView(props: CodeViewProps & { monaco: MonacoNs }) {
  const { monaco, code, breakpoints, currentLine, highlight, editable } = props;
  const model = modelOf(code, props.firstLine, props.file);
  // Model line 1 is this file line (1 when the model holds the whole file).
  const firstLine = model.base;
  const justRanLine = props.justRanLine ?? null;
  const host = useRef<HTMLDivElement>(null);
  const ed = useRef<MonacoEditor.IStandaloneCodeEditor | null>(null);
  const decorations = useRef<MonacoEditor.IEditorDecorationsCollection | null>(null);
  const gutterDecorations = useRef<MonacoEditor.IEditorDecorationsCollection | null>(null);
  const latest = useRef(props);
  const base = useRef(firstLine);
  base.current = firstLine;
  /** Puts the caret on the paused line (editorKeys.ts). */
  const followPausedLine = useRef(() => {});
  /** Set while this view replaces its own text, so that is not reported as an edit. */
  const applyingValue = useRef(false);
  latest.current = props;

  // Create once (re-creating it would lose the cursor and the undo history); dispose on unmount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: later props are applied by the effects below
  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.create(host.current, {
      value: model.text,
      language: 'python',
      theme: 'wpt-light',
      readOnly: !editable,
      domReadOnly: !editable,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      glyphMargin: true,
      folding: false,
      lineNumbers: (n: number) => String(n + firstLine - 1),
      lineNumbersMinChars: 3,
      // A click on a line number sets a breakpoint; it must not also select the line.
      selectOnLineNumbers: false,
      // Monaco dims the number of the empty line after a final newline: too faint to read.
      renderFinalNewline: 'on',
      lineDecorationsWidth: 6,
      renderLineHighlight: 'none',
      fontSize: 13,
      lineHeight: codeLineHeight(),
      automaticLayout: true,
      contextmenu: false,
      // The box is 8 px taller than its lines: a 6 px scrollbar sits below the last line.
      scrollbar: { alwaysConsumeMouseWheel: false, horizontalScrollbarSize: 6 },
      ariaLabel: props.ariaLabel,
      tabSize: 4,
      // Read-only views must not trap the keyboard: Tab moves on to the next control.
      tabFocusMode: !editable,
    });
    ed.current = editor;
    decorations.current = editor.createDecorationsCollection();
    gutterDecorations.current = editor.createDecorationsCollection();
    releaseTabOnEscape(editor, monaco.KeyCode, () => Boolean(latest.current.editable));
    followPausedLine.current = pausedLineCaret(editor, () => ({
      line: latest.current.currentLine,
      firstLine: base.current,
      editable: Boolean(latest.current.editable),
    }));
    focusNewEditor(editor, host.current, Boolean(props.autoFocus));
    editor.onMouseDown((e) => {
      const t = e.target.type;
      const MT = monaco.editor.MouseTargetType;
      if ((t === MT.GUTTER_LINE_NUMBERS || t === MT.GUTTER_GLYPH_MARGIN) && e.target.position) {
        latest.current.onToggleBreakpoint(e.target.position.lineNumber + base.current - 1);
      }
    });
    const cursorLine = () => {
      const at = editor.getPosition();
      return at ? at.lineNumber + base.current - 1 : null;
    };
    editor.onDidChangeCursorPosition(() => {
      if (editor.hasTextFocus()) latest.current.onCursorLine?.(cursorLine());
    });
    editor.onDidFocusEditorText(() => {
      followPausedLine.current();
      latest.current.onCursorLine?.(cursorLine());
    });
    editor.onDidBlurEditorText(() => latest.current.onCursorLine?.(null));
    editor.onDidChangeModelContent((e) => {
      if (applyingValue.current) return;
      const off = base.current - 1;
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
  }, [monaco]);

  // Content, the lines shown (from the left edge), and the box's height.
  const hiddenKey = JSON.stringify(model.hidden);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `hiddenKey` stands for `model.hidden`
  useEffect(() => {
    const editor = ed.current;
    if (!editor) return;
    if (editor.getValue() !== model.text) {
      // A new text from outside (scenario switch, discard, another file): not an edit.
      applyingValue.current = true;
      try {
        editor.setValue(model.text);
      } finally {
        applyingValue.current = false;
      }
    }
    (editor as unknown as HidingEditor).setHiddenAreas(model.hidden);
    if (!props.editable) editor.setScrollLeft(0); // other code is read from its left edge
    const lines = props.boxLines ?? code.split('\n').length;
    const shown = boxLinesShown(lines);
    if (host.current && host.current.style.getPropertyValue('--code-lines') !== shown) {
      host.current.style.setProperty('--code-lines', shown);
      editor.layout();
    }
  }, [model.text, hiddenKey, code, props.boxLines]);

  // A phone turned into a wider screen, or back: the lines follow the stylesheet's height.
  useEffect(() => {
    const phone = matchMedia(PHONE_QUERY);
    const follow = () => ed.current?.updateOptions({ lineHeight: codeLineHeight() });
    phone.addEventListener('change', follow);
    return () => phone.removeEventListener('change', follow);
  }, []);

  // Options change only with the view's numbering or mode, never per keystroke
  // (updating options while typing would break the undo history).
  useEffect(() => {
    ed.current?.updateOptions({
      lineNumbers: (n: number) => String(n + firstLine - 1),
      readOnly: !editable,
      domReadOnly: !editable,
      tabFocusMode: !editable,
    });
  }, [firstLine, editable]);

  // The name follows the file shown (a callee's file, a scenario script).
  useEffect(() => {
    ed.current?.updateOptions({ ariaLabel: props.ariaLabel });
  }, [props.ariaLabel]);

  useEffect(() => {
    ed.current?.updateOptions({ wordWrap: props.wrap ? 'on' : 'off' });
    host.current?.setAttribute('data-wrap', props.wrap ? 'true' : 'false');
  }, [props.wrap]);

  // The breakpoints' glyphs, then the step's marks, each in a collection of its own (a
  // step replaces only its marks); both again after a new text was set, since replacing
  // the text drops decorations. The gutter marks are a new array at every step: their
  // text says when they changed.
  const gutterKey = JSON.stringify(breakpoints);
  const highlightKey = highlight ? `${highlight.start}-${highlight.end}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `gutterKey` stands for `breakpoints`, `code` is a trigger
  useEffect(() => {
    const editor = ed.current;
    const lineCount = editor?.getModel()?.getLineCount() ?? 0;
    gutterDecorations.current?.set(
      breakpointDecorations(breakpoints, { firstLine, lineCount }, latest.current.lang),
    );
  }, [monaco, gutterKey, firstLine, code]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `highlightKey` stands for `highlight`, `code` is a trigger
  useEffect(() => {
    const editor = ed.current;
    const coll = decorations.current;
    if (!editor || !coll) return;
    const lines = { firstLine, lineCount: editor.getModel()?.getLineCount() ?? 0 };
    coll.set(stepDecorations({ highlight: highlight ?? null, justRanLine, currentLine }, lines));
    const next = currentLine === null ? null : modelLine(currentLine, lines);
    if (next !== null) {
      editor.revealLineInCenterIfOutsideViewport(next);
      if (editor.hasTextFocus()) followPausedLine.current();
    }
  }, [monaco, currentLine, justRanLine, highlightKey, firstLine, code]);

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
        ...markerRange(m, firstLine, model),
      })),
    );
  }, [monaco, props.markers, firstLine]);

  return (
    <div
      className="code-monaco"
      ref={host}
      data-testid="code-monaco"
      data-editable={editable ? 'true' : undefined}
    />
  );
}
