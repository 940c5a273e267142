/**
 * The shapes the object-centric trace is read as: what a frame holds, what an object
 * holds, at one step. Pure data (no classes), so the UI can render it and tests can
 * compare it. Produced by `graphAt` (graph.ts), `historyOf` / `objectHistory` /
 * `lastChange` (history.ts) and `divergence` (divergence.ts).
 *
 * A *step* is an event index of the trace (`0 .. trace.length - 1`); the state "at step
 * N" is the state when event N happens (a line event: just before that line runs).
 */
import type { ResultKind } from './result';

/**
 * What a name or a container slot holds: an atom shown inline (number, string, None,
 * bool, bytes), or a reference to an object by its stable id (the same id in every frame
 * and at every step for the same Python object; a copy gets a new id).
 */
export type Slot = { kind: 'atom'; type: string; text: string } | { kind: 'ref'; id: number };

/** How an object is drawn. `other`: anything shown by its text alone (a module, a class, ...). */
export type ObjectKind = 'dict' | 'list' | 'tuple' | 'set' | 'instance' | 'function' | 'other';

/** One name of a frame at a step. */
export interface GraphVar {
  name: string;
  value: Slot;
  /** Bound (or rebound) by the event of this step, in this frame. */
  changed: boolean;
}

/** One parameter of a frame: the value it was called with, and what it holds now if that differs. */
export interface GraphArg {
  name: string;
  /** The value passed (bound when the frame started). */
  value: Slot;
  /** What the parameter holds at the step, when the function rebound it; else null. */
  now: Slot | null;
}

/** One frame of the stack at a step, innermost first in {@link Graph.frames}. */
export interface GraphFrame {
  /** The trace's frame id (an index of `trace.frames`). */
  frameId: number;
  function: string;
  file: string;
  /** The line the frame is at (for callers: the line of the call in progress). */
  line: number;
  /** The module level (`<module>`): its variables are the module's globals. */
  isModule: boolean;
  /** The body of a `class` statement: `function` is the class's name, and it has no call. */
  isClassBody: boolean;
  /** The function's parameters, in order, as they were passed (empty for a module). */
  args: GraphArg[];
  /** Every name the frame holds at this step, in first-binding order (parameters first). */
  variables: GraphVar[];
  /**
   * The value this frame hands back at this step (its return value, or the exception it
   * raises or that leaves it: ./result.ts), drawn as a row of its own; else null.
   */
  result: { kind: ResultKind; value: Slot } | null;
}

/** One slot of an object: a key, index or attribute name and what it holds. */
export interface GraphEntry {
  /** Dict key text (`'a'`, `3`), list/tuple index (`0`), attribute name; `''` for set items. */
  label: string;
  value: Slot;
}

/** One object (a box of the diagram) at a step. */
export interface GraphNode {
  /** The stable object id. */
  id: number;
  /** Python type name (`list`, `dict`, `Hook`, `function`, ...). */
  type: string;
  kind: ObjectKind;
  /** A short one-line text of the object at this step (`[1, 2]`, `{'a': 1}`, `<function f>`). */
  text: string;
  /** The entries shown (at most the `maxEntries` option, unless the object is expanded). */
  entries: GraphEntry[];
  /** The object's real size (items, keys or attributes), whether or not all are shown. */
  size: number;
  /** Entries not shown: `size - entries.length` ("… N more"). */
  more: number;
  /** Recorded as changed (or first seen) by the event of this step. */
  changed: boolean;
  /**
   * The recorder wrote the text itself: for an instance, a value it holds besides its
   * attributes (`MyInt(5)`, `Name('bob')`, an exception, an enum member).
   */
  ownText: boolean;
}

/** An arrow: from a frame's name or from an object's slot, to an object. */
export interface GraphEdge {
  /**
   * `frame:<frameId>:<name>` for a name, `object:<id>:<entryIndex>` for an object's slot
   * (the index into that node's `entries`).
   */
  from: string;
  /** The object id pointed at. */
  to: number;
}

/** Everything the reference diagram shows at one step. */
export interface Graph {
  step: number;
  /** The stack, innermost first (the module frame last). */
  frames: GraphFrame[];
  /** Every object reachable from the frames, each once (cycles end at a visited object). */
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Ids of the objects changed by the last step (also `GraphNode.changed`). */
  changed: number[];
  /**
   * Objects the search reached but did not take in, past `maxNodes`: at least this many
   * more are reachable (counted, not drawn, as the diagram says).
   */
  beyond: number;
}

/** Options of `graphAt`. */
export interface GraphOptions {
  /** Entries shown per object before "… N more" (default 10). */
  maxEntries?: number;
  /** Object ids shown with every entry the trace recorded (the recorder keeps 30). */
  expanded?: ReadonlySet<number>;
  /**
   * Take in at most this many objects (default 2,000, far more than the diagram draws):
   * a bound on the work of one step; the rest are counted in `Graph.beyond`.
   */
  maxNodes?: number;
}

/** One step in the history of a name or an object. */
export interface HistoryEntry {
  /** The step (event index) at which the change is first visible. */
  step: number;
  file: string;
  /** The line that made the change (the line that ran just before `step`). */
  line: number;
  /**
   * `assigned`: the name was bound to this value; `changed`: the object it held changed
   * in place; `deleted`: the name was deleted.
   */
  kind: 'assigned' | 'changed' | 'deleted';
  /** What the name (or the object) holds from this step on. */
  value: Slot | null;
  /** The value's text at this step. */
  text: string;
}

/** One side of a divergence. */
export interface DivergenceSide {
  /** The first step where this trace's path differs from the other's. */
  step: number;
  file: string;
  line: number;
  function: string;
  /** What happens there (an `EventKind`: a line runs, a call, a return, an exception); null at the end. */
  kind: number | null;
  /** Whether `function` is a class statement's body there (its call is the class being defined). */
  classBody: boolean;
}

/** A name whose value differed between the two traces just before they parted. */
export interface DifferingValue {
  function: string;
  name: string;
  /** The value's text in A, or null where A's frame has no such name bound. */
  a: string | null;
  /** The value's text in B, or null where B's frame has no such name bound. */
  b: string | null;
}

/** Where two runs of the same code part: the first step whose place (or kind) differs. */
export interface Divergence {
  a: DivergenceSide;
  b: DivergenceSide;
  /** The last place both ran (the step before: usually the branch that went two ways). */
  from: { file: string; line: number; function: string } | null;
  /** Values of the frames on the stack that differed at that last shared step. */
  values: DifferingValue[];
  /**
   * Set when the runs take the same path through this file (the panel's source), so the
   * place above is where they differ elsewhere (`panelDivergence`).
   */
  samePathIn?: string;
  /**
   * Set when the runs already parted before this place, outside the panel's source (in a
   * stand-in of the setup, say): where they first did (`panelDivergence`).
   */
  earlier?: { a: DivergenceSide; b: DivergenceSide };
}
