/**
 * Reading values out of an object-centric trace: what a {@link Ref} holds at a step, and
 * its one-line text, composed from the objects' recorded states (the recorder stores a
 * container's children, not its text, so that a change inside a nested object is
 * recorded once and shows everywhere).
 */
import type { ObjectKind, Slot } from './graph-types';
import type { Ref } from './meta';
import type { Trace } from './trace';

/** The object id a ref points at, or 0 for an atom (or nothing). */
export function refId(ref: Ref): number {
  return ref <= -2 ? -ref - 1 : 0;
}

/** The ref of object `id`. */
export function objectRef(id: number): Ref {
  return -id - 1;
}

/** An atom's or an object's slot as the diagram shows it. */
export function slotOf(trace: Trace, ref: Ref): Slot {
  if (ref <= -2) return { kind: 'ref', id: -ref - 1 };
  return {
    kind: 'atom',
    type: trace.values.typeOf(ref) ?? '?',
    text: trace.values.textOf(ref) ?? '?',
  };
}

/** One object's recorded state at a step. */
export interface ObjectState {
  id: number;
  type: string;
  kind: ObjectKind;
  /** The recorder's text (functions, classes, ...); empty for containers and instances. */
  text: string;
  /** `[label, ref]`, the first 30 at most. */
  children: [string, Ref][];
  /** The real number of items (keys, attributes). */
  size: number;
}

const KINDS = new Set<string>(['dict', 'list', 'tuple', 'set', 'instance', 'function', 'other']);

/** Object `id` as recorded at or before `step`, or null if it was not recorded by then. */
export function objectState(trace: Trace, id: number, step: number): ObjectState | null {
  const index = trace.objectAt(id, step);
  if (index < 0) return null;
  const node = trace.value(index);
  if (!node) return null;
  const kind = node[5] !== undefined && KINDS.has(node[5]) ? (node[5] as ObjectKind) : 'other';
  // A state that only changed the size keeps the children of the state it names.
  const children = node[6] !== undefined ? (trace.value(node[6])?.[3] ?? []) : node[3];
  return { id, type: node[0], kind, text: node[1], children, size: node[4] };
}

/** Items shown in a one-line text before "…". */
const TEXT_ITEMS = 8;
/** Nesting shown in a one-line text. */
const TEXT_DEPTH = 3;
const TEXT_MAX = 160;
const NESTED_ATOM_MAX = 80;

const EXACT = new Set(['dict', 'list', 'tuple', 'set', 'frozenset']);

/** How much of a value a text spells out: items per container, nesting, nested atoms. */
interface Spelled {
  items: number;
  depth: number;
  atom: number;
}
const ONE_LINE: Spelled = { items: TEXT_ITEMS, depth: TEXT_DEPTH, atom: NESTED_ATOM_MAX };
const WHOLE: Spelled = { items: Infinity, depth: Infinity, atom: Infinity };

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function compose(
  trace: Trace,
  ref: Ref,
  step: number,
  level: number,
  path: number[],
  spell: Spelled,
): string {
  if (ref === -1) return '';
  if (ref >= 0) {
    const text = trace.values.textOf(ref) ?? '?';
    return level > 0 ? cut(text, spell.atom) : text;
  }
  const id = -ref - 1;
  const obj = objectState(trace, id, step);
  if (!obj) return '…';
  const { kind, type, children, size } = obj;
  if (obj.text || kind === 'function' || kind === 'other') return obj.text;
  if (path.includes(id)) return kind === 'list' ? '[...]' : kind === 'dict' ? '{...}' : '(...)';
  if (level >= spell.depth) return kind === 'list' ? '[…]' : kind === 'tuple' ? '(…)' : '{…}';
  const inner = [...path, id];
  const shown = children.slice(0, spell.items);
  const part = (r: Ref) => compose(trace, r, step, level + 1, inner, spell);
  const parts =
    kind === 'dict'
      ? shown.map(([k, v]) => `${k}: ${part(v)}`)
      : kind === 'instance'
        ? shown.map(([k, v]) => `${k}=${part(v)}`)
        : shown.map(([, v]) => part(v));
  // Items past those shown, or past those the trace holds (a long container), are "…".
  if (size > shown.length) parts.push('…');
  const body = parts.join(', ');
  const exact = EXACT.has(type);
  switch (kind) {
    case 'dict':
      return exact ? `{${body}}` : `${type}({${body}})`;
    case 'list':
      return exact ? `[${body}]` : `${type}([${body}])`;
    case 'tuple':
      return exact ? `(${body}${size === 1 ? ',' : ''})` : `${type}(${body})`;
    case 'set':
      if (size === 0) return `${type}()`;
      return type === 'set' ? `{${body}}` : `${type}({${body}})`;
    default:
      return `${type}(${body})`;
  }
}

/** The one-line text of what `ref` holds at `step` (cycles as `[...]`, nesting as `[…]`). */
export function textAt(trace: Trace, ref: Ref, step: number): string {
  return cut(compose(trace, ref, step, 0, [], ONE_LINE), TEXT_MAX);
}

/**
 * The text of what `ref` holds at `step`, as far as the trace holds it: every item and
 * every level (what the recorder itself left out, a long container's tail, is still "…").
 * A prediction's answer compares with this, not with the one-line text.
 */
export function wholeTextAt(trace: Trace, ref: Ref, step: number): string {
  return compose(trace, ref, step, 0, [], WHOLE);
}

/** What a value view shows for a ref at a step: `[type, text, objectId, children, size]`. */
export interface ResolvedValue {
  type: string;
  text: string;
  /** 0 for atoms. */
  id: number;
  children: [string, Ref][];
  size: number;
}

/** Resolve `ref` at `step` for display (children are refs, resolved the same way). */
export function resolveAt(trace: Trace, ref: Ref, step: number): ResolvedValue {
  if (ref >= 0) {
    const type = trace.values.typeOf(ref) ?? '?';
    const text = trace.values.textOf(ref) ?? '?';
    return { type, text, id: 0, children: [], size: 0 };
  }
  const id = refId(ref);
  const obj = objectState(trace, id, step);
  if (!obj) return { type: '?', text: '…', id, children: [], size: 0 };
  return {
    type: obj.type,
    text: textAt(trace, ref, step),
    id,
    children: obj.children,
    size: obj.size,
  };
}
