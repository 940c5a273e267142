/**
 * The sizes and limits the diagram is laid out with (./layout.ts): a desktop panel's
 * ({@link WIDE}, fitted to the pane's width by {@link fitWide}) and a phone's ({@link NARROW}).
 */
import { PAD } from './shapes';

/** Sizes and limits of one layout (see {@link WIDE} and {@link NARROW}). */
export interface LayoutOptions {
  frameWidth: number;
  objectWidth: number;
  /** Horizontal room between columns, where the arrows run. */
  gapX: number;
  /** How far right of its column an arrow bending back to a box's right side loops. */
  loopOut: number;
  /** Objects deeper than this many columns share the last column. */
  maxColumns: number;
  /** Slots shown before a container is cut with "… N more" (until expanded). */
  maxSlots: number;
  /** Boxes drawn at most; the rest are counted in `omitted`. */
  maxObjects: number;
}

/** Room for a desktop panel: three object columns. */
export const WIDE: LayoutOptions = {
  frameWidth: 220,
  objectWidth: 200,
  gapX: 44,
  loopOut: 28,
  maxColumns: 3,
  maxSlots: 8,
  maxObjects: 250,
};

/** Object columns are never narrower than this where {@link fitWide} fits them. */
export const MIN_OBJECT_WIDTH = 150;
/** Room right of the last column for arrows bending back to a box's right side. */
export const BACK_ROOM = WIDE.loopOut + PAD;

/**
 * {@link WIDE} fitted to a box `width` px wide, so that the right-most column is not cut:
 * narrower object columns first (down to {@link MIN_OBJECT_WIDTH}), then fewer of them.
 * At 1400 px the panel's box is 934 px wide, 62 less than WIDE's three columns needed.
 */
export function fitWide(width: number): LayoutOptions {
  const room = width - 2 * PAD - WIDE.frameWidth - BACK_ROOM;
  for (let columns = WIDE.maxColumns; columns > 1; columns--) {
    const objectWidth = Math.floor(room / columns) - WIDE.gapX;
    if (objectWidth >= MIN_OBJECT_WIDTH) {
      return { ...WIDE, maxColumns: columns, objectWidth: Math.min(WIDE.objectWidth, objectWidth) };
    }
  }
  return { ...WIDE, maxColumns: 1 };
}

/**
 * A phone (390 px wide): the frames and one column of objects. The frames get the wider
 * share: their names are what the reader follows (ten characters shown whole).
 */
export const NARROW: LayoutOptions = {
  frameWidth: 164,
  objectWidth: 154,
  gapX: 22,
  loopOut: 16,
  maxColumns: 1,
  maxSlots: 6,
  maxObjects: 120,
};
