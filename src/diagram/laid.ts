/**
 * The reference diagram as laid out (./layout.ts `layoutDiagram`): frames, boxes and arrows
 * with their places, ready to draw. Pure data.
 */
import type { DiagramFrame, ObjectKind, Slot } from './model';

/** One drawn row: a name of a frame or a slot of an object. */
export interface LaidRow {
  /** The full label and, for atoms, the full text (for titles and the text alternative). */
  label: string;
  atom?: string;
  /** The object this row refers to. */
  ref?: number;
  /**
   * Set when the row is the value its frame hands back (the label then says so, in the
   * reader's language), not one of its names.
   */
  result?: Slot['result'];
  /** Whether that object has a box (false when cut by `maxObjects`). */
  drawn: boolean;
  /** The label and value clipped to the box's width. */
  labelShown: string;
  valueShown: string;
  /** Id of the arrow leaving this row: `frame:<key>:<name>` or `object:<id>:<index>`. */
  from: string;
  /** Top of the row. */
  y: number;
}

/** A box, frame or object: where it is, where its value column starts, its rows. */
export interface LaidBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where the value column starts, from `x` (shapes.labelColumn). */
  labelW: number;
  rows: LaidRow[];
}

/** A frame box. */
export interface LaidFrame extends LaidBox {
  key: string;
  /**
   * The box's place in the stack (`depth:<n>`), which the view uses as its identity: a
   * jump from one call of a function to another call at the same depth then updates the
   * box's texts instead of replacing the box and its rows.
   */
  slot: string;
  function: string;
  /** The frame as the call stack writes it ({@link DiagramFrame}); `heading` is it clipped. */
  call: string;
  module: boolean;
  selected: boolean;
  heading: string;
  /** Names folded into the "… N more" row under the rows (./fold.ts); 0 when none. */
  hidden: number;
}

/** An object box. */
export interface LaidObject extends LaidBox {
  id: number;
  type: string;
  kind: ObjectKind;
  summary: string;
  summaryShown: string;
  changed: boolean;
  column: number;
  /**
   * The box's first row is its summary: an instance holding a value of its own besides
   * its attributes (`MyInt(5)`, `Name('bob')`, an exception, an enum member), not the
   * bare `<module.Type object>` an instance's text otherwise is.
   */
  valueRow: boolean;
  /** Items not drawn ("… N more"); `expandable` when a click can show them. */
  hidden: number;
  expandable: boolean;
  length: number;
}

/** An arrow from a row to an object. */
export interface LaidEdge {
  from: string;
  /** The arrow's identity for the view: its frame's `slot` and name, or its object row's `from`. */
  slot: string;
  to: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** SVG path data of the arrow. */
  path: string;
}

/** The whole diagram, ready to draw. */
export interface DiagramLayout {
  frames: LaidFrame[];
  objects: LaidObject[];
  edges: LaidEdge[];
  width: number;
  height: number;
  /**
   * Objects reachable but not drawn (beyond `maxObjects`), counting everything reachable
   * through them too; `omittedAtLeast` when the graph itself stopped short (the count is a
   * floor, and says so).
   */
  omitted: number;
  omittedAtLeast: boolean;
}
