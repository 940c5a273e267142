/**
 * Builds the diagram's input from the trace at a step.
 *
 * Interim: reads the name-centric trace (each frame's variables and their renderings),
 * until the object-centric graph (`graphAt`) lands; then this becomes a thin adapter of
 * that graph. Objects are keyed by the recorder's object id; an object rendered in two
 * frames takes its rendering from the innermost frame that shows it.
 */
import type { Trace } from '../trace/trace';
import { formatArgs, kindOf } from './args';
import type { DiagramFrame, DiagramInput, DiagramObject, Slot, SlotValue } from './model';

/** A frame's arguments as the call stack writes them: its names bound at its call event. */
export function argsOf(trace: Trace, frameId: number): string {
  const first = trace.meta.frames[frameId][4];
  return formatArgs(
    trace.variablesAt(frameId, first).map((v) => {
      const node = trace.value(v.value);
      return { label: v.name, value: node?.[2] ? { ref: node[2] } : { atom: node?.[1] ?? '?' } };
    }),
  );
}

/** A call stack row: the module frame's name alone, a function with its arguments. */
export function frameCall(trace: Trace, frameId: number): string {
  const [fn, , , depth] = trace.meta.frames[frameId];
  return depth === 0 ? fn : `${fn}(${argsOf(trace, frameId)})`;
}

/** The diagram at event `position`, with the call stack's frame `frameIndex` selected. */
export function diagramFromTrace(trace: Trace, position: number, frameIndex: number): DiagramInput {
  const objects = new Map<number, DiagramObject>();
  const slotValue = (index: number): SlotValue => {
    const node = trace.value(index);
    if (!node) return { atom: '?' };
    const [type, text, id, children, length] = node;
    if (!id) return { atom: text };
    if (!objects.has(id)) {
      const obj: DiagramObject = {
        id,
        type,
        kind: kindOf(type, children.length > 0),
        summary: text,
        slots: [],
        length,
      };
      objects.set(id, obj);
      obj.slots = children.map(([label, child]) => ({ label, value: slotValue(child) }));
    }
    return { ref: id };
  };
  if (trace.length === 0 || position < 0) return { frames: [], objects, changed: new Set() };
  const i = Math.min(position, trace.length - 1);
  const stack = trace.stackAt(i);
  const frames: DiagramFrame[] = stack.map((fid) => {
    const [fn, , , depth, first] = trace.meta.frames[fid];
    const names: Slot[] = trace
      .variablesAt(fid, i)
      .map((v) => ({ label: v.name, value: slotValue(v.value) }));
    const args: Slot[] = trace
      .variablesAt(fid, first)
      .map((v) => ({ label: v.name, value: slotValue(v.value) }));
    return { key: String(fid), function: fn, args: formatArgs(args), module: depth === 0, names };
  });
  const changed = new Set<number>();
  const own = trace.meta.frames[trace.frame[i]][4] !== i;
  if (own) {
    const names = trace.changedAt(i);
    for (const v of trace.variablesAt(trace.frame[i], i)) {
      const id = names.has(v.name) ? trace.value(v.value)?.[2] : 0;
      if (id) changed.add(id);
    }
  }
  const selected = stack[Math.min(frameIndex, stack.length - 1)];
  return { frames: frames.reverse(), objects, changed, selectedFrame: String(selected) };
}
