/** The code editor and the keyboard: a way out of editable code, and the caret for F9. */
import type { editor as MonacoEditor } from 'monaco-editor/editor';

/**
 * A way out of an editable editor for the keyboard: there Tab indents, so Escape releases
 * the next Tab (or Shift+Tab) to move the focus on, as in other code editors on the web.
 * Any other key, or leaving the editor, takes Tab back. Read-only editors never keep Tab.
 */
export function releaseTabOnEscape(
  editor: MonacoEditor.IStandaloneCodeEditor,
  keys: { Escape: number; Tab: number; Shift: number },
  editable: () => boolean,
): void {
  let released = false;
  const release = (on: boolean) => {
    released = on;
    editor.updateOptions({ tabFocusMode: on || !editable() });
  };
  editor.onKeyDown((e) => {
    if (!editable()) return;
    if (e.keyCode === keys.Escape) release(true);
    else if (released && e.keyCode !== keys.Tab && e.keyCode !== keys.Shift) release(false);
  });
  editor.onDidBlurEditorText(() => {
    if (released) release(false);
  });
}

/**
 * In read-only code the caret follows the paused line while the reader is in the code (and
 * is put there when they come into it), so that F9 toggles the line they are looking at.
 * Only when that line moved: a caret the reader placed since stays where they put it.
 * Returns the function to call at each step the editor has focus, and on focus.
 */
export function pausedLineCaret(
  editor: MonacoEditor.IStandaloneCodeEditor,
  now: () => { line: number | null; firstLine: number; editable: boolean },
): () => void {
  let placed: number | null = null;
  return () => {
    const { line, firstLine, editable } = now();
    if (editable || line === null || line === placed) return;
    placed = line;
    editor.setPosition({ lineNumber: line - firstLine + 1, column: 1 });
  };
}
