/**
 * What the selected frame reaches in the picture: its own arrows and, through the objects
 * they point at, every arrow further on. The diagram draws the others faded, so that the
 * picture answers "what can this function get at?" at a glance (paused in a hook: its
 * payload, the call inside it, and nothing of the caller's copy). Pure; read by
 * src/ui/diagram/HeapDiagram.tsx.
 */
import type { DiagramLayout, LaidEdge } from './layout';

/**
 * The `slot`s of the arrows the selected frame reaches; null when no frame is selected
 * (nothing is faded then).
 */
export function reachedArrows(layout: DiagramLayout): ReadonlySet<string> | null {
  const frame = layout.frames.find((f) => f.selected);
  if (!frame) return null;
  const own = `frame:${frame.key}:`;
  const out = new Map<number, LaidEdge[]>();
  const stack: LaidEdge[] = [];
  for (const e of layout.edges) {
    if (e.from.startsWith(own)) stack.push(e);
    if (!e.from.startsWith('object:')) continue;
    const id = Number(e.from.slice('object:'.length, e.from.lastIndexOf(':')));
    const list = out.get(id);
    if (list) list.push(e);
    else out.set(id, [e]);
  }
  const reached = new Set<string>();
  const visited = new Set<number>();
  for (let e = stack.pop(); e; e = stack.pop()) {
    reached.add(e.slot);
    if (visited.has(e.to)) continue;
    visited.add(e.to);
    stack.push(...(out.get(e.to) ?? []));
  }
  return reached;
}
