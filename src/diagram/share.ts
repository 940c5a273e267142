/**
 * Structural sharing between the layout shown and the next one (pure). `layoutDiagram`
 * builds every box afresh, so without this each step handed the picture and its text
 * alternative new objects for boxes that had not changed, and their memoised parts
 * (src/ui/diagram) drew everything again. With it, a frame, an object or an arrow laid out
 * exactly as before is the previous object, and only what the step changed is drawn.
 */
import type { DiagramLayout } from './layout';

/** Whether two pieces of layout data (numbers, strings, booleans, arrays and plain
 *  objects of those, as layout.ts builds them) hold the same values. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/** `fresh`, or the previous piece under the same key when it holds the same values. */
function reuse<T>(before: Map<string | number, T>, key: string | number, fresh: T): T {
  const old = before.get(key);
  return old !== undefined && sameData(old, fresh) ? old : fresh;
}

/**
 * `next`, with every frame (by its slot), object (by its id) and arrow (by its slot) that
 * is laid out exactly as in `prev` replaced by `prev`'s; `prev` itself when nothing
 * differs. `prev` is the layout shown just before, of the same trace.
 */
export function shareLayout(prev: DiagramLayout | null, next: DiagramLayout): DiagramLayout {
  if (prev === null) return next;
  const byKey = <T>(items: readonly T[], key: (item: T) => string | number) =>
    new Map(items.map((item) => [key(item), item]));
  const framesBefore = byKey(prev.frames, (f) => f.slot);
  const objectsBefore = byKey(prev.objects, (o) => o.id);
  const edgesBefore = byKey(prev.edges, (e) => e.slot);
  const shared: DiagramLayout = {
    ...next,
    frames: next.frames.map((f) => reuse(framesBefore, f.slot, f)),
    objects: next.objects.map((o) => reuse(objectsBefore, o.id, o)),
    edges: next.edges.map((e) => reuse(edgesBefore, e.slot, e)),
  };
  // Element by element, the shared lists are then the same objects; the rest by value.
  return sameData(prev, shared) ? prev : shared;
}
