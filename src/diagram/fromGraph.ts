/**
 * The diagram's input from the trace reader's object graph at a step (`graphAt`):
 * frames outermost first (the module's globals on top), objects by id, the changed ids.
 */
import type { Graph } from '../trace/graph-types';
import { callOf, slotValue } from './args';
import type { DiagramInput, DiagramObject } from './model';

/** The diagram of `graph`, with the call stack's selected frame (a trace frame id) marked. */
export function diagramFromGraph(graph: Graph, selectedFrameId?: number): DiagramInput {
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
    names: f.variables.map((v) => ({ label: v.name, value: slotValue(v.value) })),
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
