/**
 * The sticky top bar's real height, as the CSS variable `--topbar-height` on the root
 * element: `scroll-padding-top` (what the keyboard focuses lands below the bar), the
 * panel toolbar that sticks under it (student.css) and the sticky lesson index are placed
 * from it, so they stay right when the bar is taller than its usual one line (a long
 * status while the Retry button has the focus, a zoomed page).
 */
import { type RefObject, useEffect } from 'react';

/** Keep `--topbar-height` equal to the element's border-box height while it is mounted. */
export function useTopBarHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    // A ResizeObserver reports after layout (at once for the first size), so reading the
    // height here forces no layout of its own while the page opens. The stylesheet's value
    // (styles/page.css) is the bar's usual one line: a variable set on the root restyles
    // the whole page, so it is set only when the height is another, and only while the bar
    // sticks (on a narrow screen it scrolls away, and nothing reads the variable).
    let shown: string | null = null;
    const observer = new ResizeObserver(() => {
      if (getComputedStyle(bar).position !== 'sticky') return;
      shown ??= getComputedStyle(root).getPropertyValue('--topbar-height').trim();
      const height = `${bar.offsetHeight}px`;
      if (height === shown) return;
      shown = height;
      root.style.setProperty('--topbar-height', height);
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--topbar-height');
    };
  }, [ref]);
}
