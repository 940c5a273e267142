/**
 * How the diagram and the call stack write a frame's arguments and name an object's kind.
 */
import type { ObjectKind, Slot } from './model';

/** Longest atom written in full in a call's arguments. */
const ARG_ATOM_MAX = 24;

/**
 * A call's arguments as the call stack writes them: `event='before', payload=#12`. Atoms
 * longer than {@link ARG_ATOM_MAX} characters are cut with "…"; an object is written as
 * its id, the name the diagram gives its box.
 */
export function formatArgs(args: readonly Slot[]): string {
  return args
    .map((a) => {
      if ('ref' in a.value) return `${a.label}=#${a.value.ref}`;
      const text = a.value.atom.replace(/\s+/g, ' ');
      return `${a.label}=${text.length > ARG_ATOM_MAX ? `${text.slice(0, ARG_ATOM_MAX - 1)}…` : text}`;
    })
    .join(', ');
}

const KINDS: Record<string, ObjectKind> = {
  dict: 'dict',
  defaultdict: 'dict',
  OrderedDict: 'dict',
  Counter: 'dict',
  mappingproxy: 'dict',
  list: 'list',
  deque: 'list',
  tuple: 'tuple',
  set: 'set',
  frozenset: 'set',
  function: 'function',
  builtin_function_or_method: 'function',
  method: 'function',
  type: 'other',
  module: 'other',
};

/** The box shape for a Python type name: instances are any other type with attributes. */
export function kindOf(type: string, hasSlots: boolean): ObjectKind {
  return KINDS[type] ?? (hasSlots ? 'instance' : 'other');
}
