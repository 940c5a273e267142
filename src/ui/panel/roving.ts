import { type FocusEvent, type KeyboardEvent, useCallback, useRef } from 'react';

/**
 * Where a key moves the focus in a list of `count` items from `index`: the arrows one
 * item, Home and End to the ends (no wrap, as in a list box). `null`: the key is not a
 * move, or there is nothing to move to.
 */
export function rovingTarget(index: number, count: number, key: string): number | null {
  if (count === 0) return null;
  const at = Math.min(Math.max(index, 0), count - 1);
  switch (key) {
    case 'ArrowDown':
      return Math.min(at + 1, count - 1);
    case 'ArrowUp':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * One Tab stop for a list of buttons (a "roving tab index"): Tab enters the list at the
 * pressed item (the selected frame), else the one last used, else the first; ↑/↓/Home/End
 * move inside it, → opens and ← closes an item that expands (`aria-expanded`), and the
 * next Tab leaves the list. Without it the variables pane alone was dozens of Tab stops.
 *
 * The tab indexes are set on the DOM, not by the components, since the items change with
 * every step and a value opens without its pane rendering again.
 */
export function useRovingFocus<T extends HTMLElement>(selector: string) {
  const box = useRef<T | null>(null);
  const last = useRef(-1);
  const observer = useRef<MutationObserver | null>(null);
  // A callback ref: the list may come and go (a pane shows it only once there is a step).
  // Its items change with each step and when a value opens (a state of its own), so the
  // Tab stop is settled again whenever items come, go or change their pressed state.
  const ref = useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      box.current = el;
      if (!el) return;
      settle(el, selector, last);
      observer.current = new MutationObserver(() => settle(el, selector, last));
      observer.current.observe(el, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-pressed'],
      });
    },
    [selector],
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const items = itemsOf(box.current, selector);
    const index = items.indexOf(e.target as HTMLElement);
    if (index < 0) return;
    const item = items[index];
    const expanded = item.getAttribute('aria-expanded');
    if (
      (e.key === 'ArrowRight' && expanded === 'false') ||
      (e.key === 'ArrowLeft' && expanded === 'true')
    ) {
      e.preventDefault();
      item.click();
      return;
    }
    const to = rovingTarget(index, items.length, e.key);
    if (to === null) return;
    e.preventDefault();
    last.current = to;
    setStop(items, to);
    items[to].focus();
  };
  const onFocus = (e: FocusEvent) => {
    const index = itemsOf(box.current, selector).indexOf(e.target as HTMLElement);
    if (index >= 0) last.current = index;
  };
  return { ref, onKeyDown, onFocus };
}

/** `items[stop]` in the Tab order, the others out of it (written only where it changes). */
function setStop(items: HTMLElement[], stop: number) {
  for (const [k, el] of items.entries()) {
    const want = k === stop ? '0' : '-1';
    if (el.getAttribute('tabindex') !== want) el.setAttribute('tabindex', want);
  }
}

function itemsOf(box: HTMLElement | null, selector: string): HTMLElement[] {
  return box ? Array.from(box.querySelectorAll<HTMLElement>(selector)) : [];
}

/**
 * Exactly one item of the list in the Tab order: the focused one, else the pressed one
 * (the selected frame), else the last used, else the first.
 */
function settle(box: HTMLElement, selector: string, last: { current: number }) {
  const items = itemsOf(box, selector);
  if (items.length === 0) return;
  let stop = items.indexOf(document.activeElement as HTMLElement);
  if (stop < 0) stop = items.findIndex((el) => el.getAttribute('aria-pressed') === 'true');
  if (stop < 0) stop = Math.max(0, Math.min(last.current, items.length - 1));
  setStop(items, stop);
}
