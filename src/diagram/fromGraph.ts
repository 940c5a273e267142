/**
 * The diagram's input from the trace reader's object graph at a step (`graphAt`):
 * frames outermost first (the module's globals on top), objects by id, the changed ids.
 */
import type { Graph } from '../trace/graph-types';
import { callOf, slotValue } from './args';
import type { DiagramInput, DiagramObject, Slot } from './model';

/** How a frame's result row is labelled, by its kind (the reader's words: the caller's). */
export type ResultLabel = (kind: NonNullable<Slot['result']>) => string;

/**
 * The diagram of `graph`, with the call stack's selected frame (a trace frame id) marked. A
 * frame handing a value back at this step gets a last row for it, labelled by `resultLabel`.
 */
export function diagramFromGraph(
  graph: Graph,
  selectedFrameId?: number,
  resultLabel: ResultLabel = (kind) => kind,
): DiagramInput {
  const objects = new Map<number, DiagramObject>();
  for (const n of graph.nodes) {
    objects.set(n.id, {
      id: n.id,
      type: n.type,
      kind: n.kind,
      summary: n.kind === 'function' ? functionText(n.text) : n.text,
      ownText: n.ownText,
      slots: n.entries.map((e) => ({ label: e.label, value: slotValue(e.value) })),
      length: n.size,
    });
  }
  const frames = [...graph.frames].reverse().map((f) => ({
    key: String(f.frameId),
    function: f.function,
    call: callOf(f),
    module: f.isModule,
    names: [
      ...f.variables.map((v): Slot => ({ label: v.name, value: slotValue(v.value) })),
      ...(f.result
        ? [
            {
              label: resultLabel(f.result.kind),
              value: slotValue(f.result.value),
              result: f.result.kind,
            },
          ]
        : []),
    ],
  }));
  return {
    frames,
    objects,
    changed: new Set(graph.changed),
    selectedFrame: selectedFrameId === undefined ? undefined : String(selectedFrameId),
    beyond: graph.beyond,
  };
}

/**
 * A Python function's text (`<function run_hooks>`) as its name alone: its box's heading
 * already says "function". A built-in's or a method's text is kept as it is.
 */
function functionText(text: string): string {
  const m = /^<function (.+)>$/s.exec(text);
  return m ? m[1] : text;
}
