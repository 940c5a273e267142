/**
 * What the reference diagram draws, independent of how the trace stores it: the frames
 * of the stack (module globals first, the innermost call last) with their names, and the
 * objects those names reach. An adapter builds this from the trace's graph at a step;
 * the layout (layout.ts) and the text alternative only read it.
 */
import type { ResultKind } from '../trace/result';

/** What one name or one container slot holds: an atom written inline, or an object. */
export type SlotValue = { atom: string } | { ref: number };

/** One name of a frame, or one slot of a container (`label` is the key, index or attribute). */
export interface Slot {
  label: string;
  value: SlotValue;
  /**
   * Set on a frame's last row when it is the value the frame hands back at this step (its
   * return value, or the exception it raises or that leaves it), not one of its names.
   */
  result?: ResultKind;
}

/** The shapes of box the diagram knows; `other` is any object without slots. */
export type ObjectKind = 'dict' | 'list' | 'tuple' | 'set' | 'instance' | 'function' | 'other';

/** One stack frame (or the module's globals) as the diagram shows it. */
export interface DiagramFrame {
  /** Stable key of the frame within the trace (its frame id). */
  key: string;
  function: string;
  /**
   * The frame as the call stack writes it (`run_hooks(event='before', …)`, `class
   * AuditStore`, `<module>`): ./args.ts `callOf`.
   */
  call: string;
  /** True for the module-level frame (its names are the globals the lesson code defines). */
  module: boolean;
  /** The names, in the order they were first bound. */
  names: Slot[];
  /** Names not drawn, folded into a "… N more" row that opens them (./fold.ts). */
  hidden?: number;
}

/** One object (a box), keyed by the trace's stable object id. */
export interface DiagramObject {
  id: number;
  /** The Python type name (`dict`, `list`, `Hook`, `function`, …). */
  type: string;
  kind: ObjectKind;
  /**
   * A one-line summary, for objects drawn without slots (functions, other), and for an
   * instance whose text the recorder wrote itself (`ownText`: a value it holds besides
   * its attributes, drawn as the box's first row).
   */
  summary: string;
  ownText?: boolean;
  /** The slots the trace holds, in order (may be fewer than `length`). */
  slots: Slot[];
  /** The real number of items (dict/list/tuple/set) or attributes. */
  length: number;
}

/** Everything the diagram shows at one step. */
export interface DiagramInput {
  frames: DiagramFrame[];
  objects: ReadonlyMap<number, DiagramObject>;
  /** Ids of the objects the last step changed (drawn highlighted). */
  changed: ReadonlySet<number>;
  /** Key of the frame the call stack has selected (drawn emphasised). */
  selectedFrame?: string;
  /** Objects reachable past what the graph took in (`Graph.beyond`): at least this many. */
  beyond?: number;
}
