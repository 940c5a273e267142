import type { DiagramFrame, DiagramInput, DiagramObject, Slot } from '../../../src/diagram/model';

/** A slot holding an atom. */
export const atom = (label: string, text: string): Slot => ({ label, value: { atom: text } });
/** A slot referring to an object. */
export const ref = (label: string, id: number): Slot => ({ label, value: { ref: id } });

/** A frame with the given names (and a function's arguments as the call stack writes them). */
export function frame(key: string, fn: string, names: Slot[], args = ''): DiagramFrame {
  const module = fn === '<module>';
  return { key, function: fn, call: module ? fn : `${fn}(${args})`, module, names };
}

/** A container object whose slots are given. */
export function obj(
  id: number,
  kind: DiagramObject['kind'],
  slots: Slot[],
  length = slots.length,
): DiagramObject {
  return { id, type: kind, kind, summary: kind, slots, length };
}

/** A diagram input from frames and objects. */
export function input(
  frames: DiagramFrame[],
  objects: DiagramObject[],
  changed: number[] = [],
): DiagramInput {
  return { frames, objects: new Map(objects.map((o) => [o.id, o])), changed: new Set(changed) };
}
