import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { type RefObject, useLayoutEffect } from 'react';

/**
 * The keyboard focus across the swap from the plain listing to Monaco (src/ui/CodeView.tsx).
 * The listing can hold the focus (a jump brings it to the current line's button,
 * src/ui/panel/reveal.ts); when Monaco replaces it, the focused element leaves the page
 * and the focus would fall back to the page itself, so a keyboard reader would have to
 * find the panel again. The listing notes on its way out that it had the focus; the
 * editor that takes its place takes it.
 */
const handedOver = new WeakSet<Element>();

/** In the plain listing: note, as it leaves, whether it held the focus. */
export function useNoteFocusOnLeave(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = box.current;
    // A layout effect's clean-up runs before React removes the element from the page.
    return () => {
      if (el?.parentElement && el.contains(document.activeElement))
        handedOver.add(el.parentElement);
    };
  }, [box]);
}

/**
 * A new editor (in `host`, where the listing was) takes the focus if the listing left
 * with it, or if `autoFocus` asks (then with the caret at the end of the text, ready to add
 * to it: an editor that replaces the button that had the focus); never when the reader
 * has put the focus somewhere since. On a touch screen an editor that asks takes the focus
 * on its box, not in its text: a caret there would open the on-screen keyboard over half
 * the page before the reader has seen the script; a tap in the text starts typing.
 */
export function focusNewEditor(
  editor: MonacoEditor.IStandaloneCodeEditor,
  host: HTMLElement,
  autoFocus: boolean,
): void {
  const slot = host.parentElement;
  const handed = slot !== null && handedOver.delete(slot);
  const now = document.activeElement;
  if (now && now !== document.body) return;
  if (!handed && !autoFocus) return;
  const text = editor.getModel();
  if (!handed && matchMedia('(pointer: coarse)').matches) {
    host.tabIndex = -1;
    host.focus();
    return;
  }
  if (!handed && text) {
    const lineNumber = text.getLineCount();
    editor.setPosition({ lineNumber, column: text.getLineMaxColumn(lineNumber) });
  }
  editor.focus();
}
