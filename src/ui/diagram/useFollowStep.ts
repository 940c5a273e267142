import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { focusBands, followScroll } from '../../diagram/follow';
import type { DiagramLayout } from '../../diagram/layout';

/** Scroll `el` so that what `layout`'s step is about is in view (../../diagram/follow). */
function follow(el: HTMLElement, layout: DiagramLayout, narrow: boolean): void {
  const scale = narrow ? Math.min(1, el.clientWidth / layout.width) : 1;
  const view = { scrollTop: el.scrollTop, height: el.clientHeight };
  const next = followScroll(view, focusBands(layout), scale);
  if (next !== null) el.scrollTop = next;
}

/** Whether `el` is on screen now, its picture laid out (not skipped by content-visibility). */
function onScreen(el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  const visible = r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
  return (
    visible && el.firstElementChild?.checkVisibility?.({ contentVisibilityAuto: true }) !== false
  );
}

/**
 * The diagram's scroll box follows the reader: when `place` (the step and the selected
 * frame) changes, the boxes the step is about (../../diagram/follow: the selected frame,
 * the objects the step changed and, where they fit, what the frame refers to) are scrolled
 * into view if they are out of it; an expansion at the same place never scrolls. Off screen the
 * picture is not laid out (`content-visibility: auto` on the box) and a scroll offset set
 * there does not hold, so off screen the place is followed when the box comes into view.
 * Returns the ref for the scroll box.
 */
export function useFollowStep(
  layout: DiagramLayout,
  narrow: boolean,
  place: string | undefined,
): RefObject<HTMLElement | null> {
  const box = useRef<HTMLElement>(null);
  const followed = useRef<string | undefined>(undefined);
  const pending = useRef(false);
  const latest = useRef({ layout, narrow });
  latest.current = { layout, narrow };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || followed.current === place) return;
    followed.current = place;
    pending.current = !onScreen(el);
    if (!pending.current) follow(el, layout, narrow);
  }, [layout, narrow, place]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Into view (the observer) and laid out (content-visibility's own event) come in either
    // order: follow at whichever comes second.
    const settle = () => {
      if (!pending.current || !onScreen(el)) return;
      pending.current = false;
      follow(el, latest.current.layout, latest.current.narrow);
    };
    el.addEventListener('contentvisibilityautostatechange', settle);
    const seen =
      typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(settle);
    seen?.observe(el);
    return () => {
      el.removeEventListener('contentvisibilityautostatechange', settle);
      seen?.disconnect();
    };
  }, []);
  return box;
}
