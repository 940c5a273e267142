/**
 * The diagram follows the step, as the code view follows the current line: after a step,
 * the boxes it is about (the selected frame and the objects the step changed) are scrolled
 * into the pane's view when they are out of it, and the view is left alone when they are
 * in it. Pure: the picture (src/ui/diagram/HeapDiagram.tsx) reads its scroll box and
 * applies the answer.
 */
import type { DiagramLayout } from './layout';

/** A vertical extent in layout units. */
export interface Band {
  top: number;
  bottom: number;
}

/** The extent of the selected frame and of the objects the step changed; null if none. */
export function focusBand(layout: DiagramLayout): Band | null {
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const box of [...layout.frames.filter((f) => f.selected), ...layout.objects]) {
    if ('changed' in box && !box.changed) continue;
    top = Math.min(top, box.y);
    bottom = Math.max(bottom, box.y + box.h);
  }
  return top <= bottom ? { top, bottom } : null;
}

/**
 * The scroll offset that brings `band` (in layout units, drawn at `scale` pixels each)
 * into a view `height` pixels tall scrolled to `scrollTop`, with `margin` pixels around
 * it; null when it is in view already. The smallest move; a band taller than the view
 * shows its top.
 */
export function scrollToShow(
  view: { scrollTop: number; height: number },
  band: Band,
  scale = 1,
  margin = 8,
): number | null {
  const top = Math.max(0, band.top * scale - margin);
  const bottom = band.bottom * scale + margin;
  const end = view.scrollTop + view.height;
  if (bottom - top > view.height) return Math.abs(view.scrollTop - top) < 1 ? null : top;
  if (top >= view.scrollTop && bottom <= end) return null;
  return top < view.scrollTop ? top : bottom - view.height;
}
