/**
 * The diagram follows the step, as the code view follows the current line: after a step,
 * the boxes it is about (the selected frame, the objects the step changed and, where they
 * fit the view too, the objects the frame's names refer to and what those hold) are
 * scrolled into the pane's view when they are out of it, and the view is left alone when
 * they are in it. Pure: src/ui/diagram/useFollowStep.ts reads the picture's scroll box and
 * applies the answer.
 */
import { type DiagramLayout, ROW_H } from './layout';

/** A vertical extent in layout units. */
export interface Band {
  top: number;
  bottom: number;
}

/** The vertical extent of `boxes`; null when there are none. */
function span(boxes: readonly { y: number; h: number }[]): Band | null {
  if (boxes.length === 0) return null;
  return {
    top: Math.min(...boxes.map((b) => b.y)),
    bottom: Math.max(...boxes.map((b) => b.y + b.h)),
  };
}

/**
 * The extents a step is about, widest first: the selected frame with the objects the step
 * changed and the objects its names refer to and what those hold (paused in a hook, its
 * payload's box and the call inside it, however far below the frame the layout put them);
 * then without what those hold; then the frame and the changed objects alone; at a
 * return, the frame's row of what it hands back with that value and the changes; last,
 * the changed objects without the frame. Empty when there is neither a selected frame nor a
 * changed object. (A box the reader asked to see is followed instead: {@link objectBands}.)
 */
export function focusBands(layout: DiagramLayout): Band[] {
  const selected = layout.frames.filter((f) => f.selected);
  const changed = layout.objects.filter((o) => o.changed);
  const core = span([...selected, ...changed]);
  if (!core) return [];
  const bands = [core];
  const boxes: { y: number; h: number }[] = [...selected, ...changed];
  let held = new Set(selected.flatMap((f) => f.rows.map((r) => r.ref)));
  for (let hop = 0; hop < 2; hop++) {
    const reached = layout.objects.filter((o) => held.has(o.id));
    boxes.push(...reached);
    const band = span(boxes) as Band;
    if (band.top < bands[0].top || band.bottom > bands[0].bottom) bands.unshift(band);
    held = new Set(reached.flatMap((o) => o.rows.map((r) => r.ref)));
  }
  // Where the frame and the change do not fit together: at a return, the frame's row of
  // what it hands back with that value and the change (a phone's view shows the returned
  // dict and the row its arrow leaves); else the change alone, what the step did.
  const handed = selected.flatMap((f) => f.rows.filter((r) => r.result));
  const returned = new Set(handed.map((r) => r.ref));
  const back = span([
    ...handed.map((r) => ({ y: r.y, h: ROW_H })),
    ...layout.objects.filter((o) => returned.has(o.id)),
    ...changed,
  ]);
  if (back && handed.length > 0) bands.push(back);
  const news = span(changed);
  if (news && selected.length > 0) bands.push(news);
  return bands;
}

/**
 * The extent of object `id`'s box, as the only band to follow ("show #id in the diagram");
 * empty when the picture does not draw it.
 */
export function objectBands(layout: DiagramLayout, id: number): Band[] {
  const band = span(layout.objects.filter((o) => o.id === id));
  return band ? [band] : [];
}

/**
 * The scroll offset that follows the step: the widest of `bands` that fits the view with
 * its margins (else the last one) brought into view by {@link scrollToShow}; null when
 * there is nothing to follow or it is in view already.
 */
export function followScroll(
  view: { scrollTop: number; height: number },
  bands: readonly Band[],
  scale = 1,
  margin = 8,
): number | null {
  const fits = bands.find((b) => (b.bottom - b.top) * scale + 2 * margin <= view.height);
  const band = fits ?? bands.at(-1);
  return band ? scrollToShow(view, band, scale, margin) : null;
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
