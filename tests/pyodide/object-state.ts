/**
 * The whole visible state of a trace at one step, as one comparable string: every frame of
 * the stack with every name, and every object they reach, object ids renamed in the order
 * they are first reached (so two recordings that number objects differently compare equal
 * when they show the same objects, shared the same way).
 */
import type { Trace } from '../../src/trace/trace';
import { objectState } from '../../src/trace/values';

const DEPTH = 8;

export function stateAt(trace: Trace, step: number): string {
  const ids = new Map<number, number>();
  const canon = (ref: number, depth: number, path: number[]): unknown => {
    if (ref === -1) return null;
    if (ref >= 0) return trace.value(ref)?.[1];
    const id = -ref - 1;
    let n = ids.get(id);
    const first = n === undefined;
    if (n === undefined) {
      n = ids.size + 1;
      ids.set(id, n);
    }
    if (!first || path.includes(id) || depth > DEPTH) return `#${n}`;
    const st = objectState(trace, id, step);
    if (!st) return `#${n} not recorded`;
    return {
      id: n,
      type: st.type,
      kind: st.kind,
      text: st.text,
      size: st.size,
      children: st.children.map(([label, r]) => [label, canon(r, depth + 1, [...path, id])]),
    };
  };
  const frames = trace.stackAt(step).map((f) => ({
    fn: trace.frames.functionOf(f),
    vars: trace.variablesAt(f, step).map((v) => [v.name, canon(v.value, 0, [])]),
  }));
  return JSON.stringify({ frames, aux: canon(trace.aux[step], 0, []) });
}
