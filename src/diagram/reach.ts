/**
 * What the selected frame reaches in the picture: its own arrows and, through the objects
 * they point at, every arrow further on. The diagram draws the others faded, so that the
 * picture answers "what can this function get at?" at a glance (paused in a hook: its
 * payload, the call inside it, and nothing of the caller's copy). Pure; read by
 * src/ui/diagram/HeapDiagram.tsx.
 */
import type { DiagramLayout } from './layout';

/**
 * The arrows the selected frame reaches, by the `from` of the row each leaves (an arrow's
 * `LaidEdge.from`); null when no frame is selected (nothing is faded then).
 */
export function reachedArrows(layout: DiagramLayout): ReadonlySet<string> | null {
  const frame = layout.frames.find((f) => f.selected);
  if (!frame) return null;
  const boxes = new Map(layout.objects.map((o) => [o.id, o]));
  const reached = new Set<string>();
  const visited = new Set<number>();
  const rows = [...frame.rows];
  for (let row = rows.pop(); row; row = rows.pop()) {
    if (row.ref === undefined) continue;
    reached.add(row.from);
    if (visited.has(row.ref)) continue;
    visited.add(row.ref);
    rows.push(...(boxes.get(row.ref)?.rows ?? []));
  }
  return reached;
}
