/**
 * The reference diagram's sizes, text clipping and arrow shapes (used by the layout).
 */
import type { SlotValue } from './model';

/** Height of a box's heading and of one of its rows, the vertical gap and the margin. */
export const HEAD_H = 22;
export const ROW_H = 20;
export const GAP_Y = 14;
export const PAD = 6;
/** Approximate advance of one character of the 12 px monospace font (CJK count twice). */
const CHAR_W = 7.3;
/** Room at a row's right end for the dot an arrow starts from. */
export const DOT_ROOM = 16;

function charUnits(text: string): number {
  let n = 0;
  for (const ch of text) n += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return n;
}

/**
 * Where the value column of a box `w` px wide starts (px from its left): after the longest
 * label of its `rows` (names, or an object's keys and indexes), at least 35 % of the box.
 * At most half of it while a row shows its value as text; when every value is an arrow,
 * as far as the dots leave room for (and the `#id` of a reference not drawn, `drawn` being
 * the ids drawn as boxes). From the labels and the kinds of value only, so stepping through
 * values that change never moves the column (a value turning from text to an arrow may).
 */
export function labelColumn(
  rows: Iterable<{ label: string; value?: SlotValue }>,
  w: number,
  drawn?: ReadonlySet<number>,
): number {
  let units = 0;
  let arrows = 0; // the room the values need when every one is an arrow
  let text = false;
  for (const { label, value } of rows) {
    units = Math.max(units, charUnits(label.replace(/\s+/g, ' ')));
    if (value === undefined || !('ref' in value)) text = true;
    else {
      const id = drawn?.has(value.ref) ? 0 : Math.ceil((String(value.ref).length + 1) * CHAR_W);
      arrows = Math.max(arrows, DOT_ROOM + 4 + id);
    }
  }
  const needed = Math.ceil(units * CHAR_W) + 8; // the text, 6 px before it and 2 after
  const half = Math.round(w * 0.5);
  const most = text || arrows === 0 ? half : Math.max(half, w - arrows);
  return Math.min(most, Math.max(Math.round(w * 0.35), needed));
}

/** `text` shortened with "…" to fit `px` pixels of the diagram's monospace font. */
export function clip(text: string, px: number): string {
  const room = Math.max(1, Math.floor(px / CHAR_W));
  const oneLine = text.replace(/\s+/g, ' ');
  if (charUnits(oneLine) <= room) return oneLine;
  let out = '';
  let used = 0;
  for (const ch of oneLine) {
    const u = (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
    if (used + u > room - 1) break;
    out += ch;
    used += u;
  }
  return `${out}…`;
}

/**
 * The arrow from a row's dot to the heading of the object it refers to, and `right`: the
 * furthest x it reaches (its control points bound the curve), which the picture must hold.
 * An arrow back into a box not right of the dot loops `loopOut` px right of them both.
 */
export function edgePath(
  x1: number,
  y1: number,
  box: { x: number; y: number; w: number },
  loopOut: number,
) {
  const y2 = box.y + HEAD_H / 2;
  if (box.x >= x1 + 8) {
    const x2 = box.x;
    const d = Math.max(16, (x2 - x1) / 2);
    return { x2, y2, right: x2, path: `M${x1},${y1} C${x1 + d},${y1} ${x2 - d},${y2} ${x2},${y2}` };
  }
  // Back or sideways (cycles, shared objects in the same column): leave to the right and
  // come back into the box's right side.
  const x2 = box.x + box.w;
  const out = Math.max(x1, x2) + loopOut;
  return { x2, y2, right: out, path: `M${x1},${y1} C${out},${y1} ${out},${y2} ${x2},${y2}` };
}
