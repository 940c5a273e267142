/**
 * The sticky top bar's real height, as the CSS variable `--topbar-height` on the root
 * element: `scroll-padding-top` (what the keyboard focuses lands below the bar) and the
 * sticky lesson index are placed from it, so they stay right when the bar is taller than
 * its usual one line (a long status while the Retry button has the focus, a zoomed page).
 */
import { type RefObject, useLayoutEffect } from 'react';

/** Keep `--topbar-height` equal to the element's border-box height while it is mounted. */
export function useTopBarHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const note = () => root.style.setProperty('--topbar-height', `${bar.offsetHeight}px`);
    note();
    const observer = new ResizeObserver(note);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--topbar-height');
    };
  }, [ref]);
}
