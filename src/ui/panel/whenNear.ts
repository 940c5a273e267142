import { type RefObject, useEffect } from 'react';

/**
 * How close to the screen a panel counts as near: within one screen height above or
 * below it, so that a reader scrolling at reading pace finds its traces already there.
 */
const NEAR_MARGIN = '100% 0px';

/**
 * Call `onNear` once, when the element in `ref` first comes near the screen (at once
 * where IntersectionObserver does not exist). `ready`: the element is rendered.
 */
export function useWhenNear(
  ref: RefObject<HTMLElement | null>,
  ready: boolean,
  onNear: () => void,
): void {
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ready, onNear]);
}
