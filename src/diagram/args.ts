/**
 * How the diagram and the call stack write a frame's arguments.
 */
import type { GraphFrame, Slot as GraphSlot } from '../trace/graph-types';
import type { Slot, SlotValue } from './model';

/** Longest atom written in full in a call's arguments. */
const ARG_ATOM_MAX = 24;

/**
 * A call's arguments as the call stack writes them: `event='before', payload=#12`. Atoms
 * longer than {@link ARG_ATOM_MAX} characters are cut with "…" (never squeezed: `'a    b'`
 * keeps its four spaces); an object is written as
 * its id, the name the diagram gives its box.
 */
export function formatArgs(args: readonly (Slot & { now?: SlotValue | null })[]): string {
  return args
    .map((a) => `${a.label}=${formatValue(a.value)}${a.now ? `→${formatValue(a.now)}` : ''}`)
    .join(', ');
}

function formatValue(value: SlotValue): string {
  if ('ref' in value) return `#${value.ref}`;
  // One line: a line break becomes a space; the spaces inside a string are its own.
  const text = value.atom.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ');
  return text.length > ARG_ATOM_MAX ? `${text.slice(0, ARG_ATOM_MAX - 1)}…` : text;
}

/** A graph slot as the diagram writes it: an atom's text, or a reference by object id. */
export function slotValue(s: GraphSlot): SlotValue {
  return s.kind === 'ref' ? { ref: s.id } : { atom: s.text };
}

/**
 * A call stack row: the module frame's name alone, a function with the values its
 * parameters were passed (`run_hooks(hooks=#12, event='before')`), but for hidden ones;
 * a parameter the function has rebound since shows what it holds now after an arrow
 * (`add(items=None→#7)`), so the row never says the function was called with it.
 */
export function callOf(frame: GraphFrame): string {
  if (frame.isModule) return frame.function;
  if (frame.isClassBody) return classHeading(frame.function);
  // `<genexpr>()`: its `.0` is not an argument anyone wrote (see {@link isImplicitName}).
  const args = frame.args
    .filter((a) => !isImplicitName(a.name))
    .map((a) => ({
      label: a.name,
      value: slotValue(a.value),
      now: a.now ? slotValue(a.now) : null,
    }));
  return `${frame.function}(${formatArgs(args)})`;
}

/** How a class statement's body is named where a call would be (`class AuditStore`). */
export function classHeading(name: string): string {
  return `class ${name}`;
}

/**
 * Whether a local is one Python made, not the program: a comprehension's or generator
 * expression's `.0`, the iterator it was handed. No name the program writes starts with a dot.
 */
export function isImplicitName(name: string): boolean {
  return name.startsWith('.');
}
