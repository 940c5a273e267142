import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { focusBands, followScroll, objectBands } from '../../diagram/follow';
import type { DiagramLayout } from '../../diagram/layout';
import type { LocateRequest } from '../../store/panelTypes';

/**
 * Scroll `el` so that what `layout`'s step is about (or the box `objectId`, when the reader
 * asked to see it) is in view (../../diagram/follow).
 */
function follow(el: HTMLElement, layout: DiagramLayout, narrow: boolean, objectId?: number): void {
  const scale = narrow ? Math.min(1, el.clientWidth / layout.width) : 1;
  const view = { scrollTop: el.scrollTop, height: el.clientHeight };
  const bands = objectId === undefined ? focusBands(layout) : objectBands(layout, objectId);
  const next = followScroll(view, bands, scale);
  if (next !== null) el.scrollTop = next;
  // An asked-for box is brought onto the screen too, the page scrolled as little as needed.
  if (objectId !== undefined) {
    el.querySelector(`[data-object-id="${objectId}"]`)?.scrollIntoView({ block: 'nearest' });
  }
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
 * into view if they are out of it; an expansion at the same place never scrolls. A box the
 * reader asked to see (`located`, "#id" beside a value; src/store/locate.ts), given once
 * the picture draws it, is followed instead, and the page brings it on screen too.
 * Off screen the picture is not laid out (`content-visibility: auto` on the box) and a
 * scroll offset set there does not hold, so off screen the place is followed when the box
 * comes into view. Returns the ref for the scroll box.
 */
export function useFollowStep(
  layout: DiagramLayout,
  narrow: boolean,
  place: string | undefined,
  located: LocateRequest | null = null,
): RefObject<HTMLElement | null> {
  const box = useRef<HTMLElement>(null);
  const followed = useRef<string | LocateRequest | undefined>(undefined);
  const pending = useRef(false);
  const target = located?.objectId;
  const latest = useRef({ layout, narrow, target });
  latest.current = { layout, narrow, target };
  // What to follow: the reader's request, else the place.
  const key = located ?? place;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || followed.current === key) return;
    followed.current = key;
    // (off screen, its picture is laid out only once the scroll box is brought on screen)
    if (target !== undefined) el.scrollIntoView({ block: 'nearest' });
    pending.current = !onScreen(el);
    if (!pending.current) follow(el, layout, narrow, target);
  }, [layout, narrow, key, target]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Into view (the observer) and laid out (content-visibility's own event) come in either
    // order: follow at whichever comes second.
    const settle = () => {
      if (!pending.current || !onScreen(el)) return;
      pending.current = false;
      const { layout, narrow, target } = latest.current;
      follow(el, layout, narrow, target);
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
