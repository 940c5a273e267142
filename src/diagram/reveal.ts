/**
 * What to open so that an object the reader asked to see ("#id" beside a value) is drawn:
 * the containers cut short on the way to it ("… N more") and the folded globals it hangs
 * from. The Variables pane spells out twelve items of a list where the picture draws eight;
 * the reader who clicks the eleventh's `#id` should see its box, not a note telling them
 * where to click. Pure: a search over what the trace holds at the step, the cheapest path
 * first (each thing opened costs one, following a drawn arrow nothing), so nothing is
 * opened that the picture already reaches without it.
 */
import type { Trace } from '../trace/trace';
import { objectState, refId } from '../trace/values';
import type { DiagramInput } from './model';

/** What the reader opened: objects shown whole, and frames whose folded globals are shown. */
export interface HeapExpansions {
  ids: ReadonlySet<number>;
  globals: ReadonlySet<string>;
}

/** Where the search starts, and what it walks. */
export interface RevealSource {
  /** Every frame's names that refer to an object, and whether the picture folds the name away. */
  roots: readonly { frameKey: string; ref: number; folded: boolean }[];
  /** Every slot of object `id` in order (drawn or not): the object it refers to, if any. */
  refsOf(id: number): readonly number[];
}

/** What has to be opened (each list may be empty: the object is reached as it is). */
export interface Reveal {
  ids: number[];
  globals: string[];
}

type Via = { root: { frameKey: string; folded: boolean } } | { from: number; opens: boolean };

/**
 * The cheapest openings that reach `target` from the frames' names, given the containers
 * already `open` and `maxSlots` slots drawn of every other; null when no name reaches it
 * within `limit` objects.
 */
export function revealObject(
  source: RevealSource,
  target: number,
  maxSlots: number,
  open: ReadonlySet<number>,
  limit = 20_000,
): Reveal | null {
  const cost = new Map<number, number>();
  const via = new Map<number, Via>();
  const done = new Set<number>();
  // A 0-1 breadth-first search: what a free move reaches is taken before what an opening
  // does (`now`, a stack), openings wait their turn in order of cost (`later`, a queue).
  const now: number[] = [];
  const later: number[] = [];
  let next = 0;
  const reach = (id: number, c: number, how: Via) => {
    if (done.has(id) || c >= (cost.get(id) ?? Infinity)) return;
    cost.set(id, c);
    via.set(id, how);
    if ('from' in how ? how.opens : how.root.folded) later.push(id);
    else now.push(id);
  };
  for (const r of source.roots)
    reach(r.ref, r.folded ? 1 : 0, { root: { frameKey: r.frameKey, folded: r.folded } });
  while ((now.length > 0 || next < later.length) && done.size < limit) {
    const id = now.length > 0 ? (now.pop() as number) : later[next++];
    if (done.has(id)) continue;
    done.add(id);
    if (id === target) return pathTo(target, via);
    const c = cost.get(id) as number;
    source.refsOf(id).forEach((child, k) => {
      if (child <= 0) return;
      const opens = k >= maxSlots && !open.has(id);
      reach(child, c + (opens ? 1 : 0), { from: id, opens });
    });
  }
  return null;
}

function pathTo(target: number, via: ReadonlyMap<number, Via>): Reveal {
  const out: Reveal = { ids: [], globals: [] };
  for (let at = via.get(target); at; ) {
    if ('root' in at) {
      if (at.root.folded) out.globals.push(at.root.frameKey);
      break;
    }
    if (at.opens) out.ids.unshift(at.from);
    at = via.get(at.from);
  }
  return out;
}

/** `opened` with `reveal` added: the same object when it adds nothing. */
export function withReveal(opened: HeapExpansions, reveal: Reveal | null): HeapExpansions {
  const ids = reveal?.ids.filter((id) => !opened.ids.has(id)) ?? [];
  const globals = reveal?.globals.filter((key) => !opened.globals.has(key)) ?? [];
  if (ids.length === 0 && globals.length === 0) return opened;
  return {
    ids: new Set([...opened.ids, ...ids]),
    globals: new Set([...opened.globals, ...globals]),
  };
}

/**
 * The search's source at `step`: the names of `whole` (the diagram before its globals were
 * folded), each marked folded when `shown` (after folding) leaves it out, and every slot of
 * every object as the trace holds it.
 */
export function revealSourceOf(
  trace: Trace,
  step: number,
  whole: DiagramInput,
  shown: DiagramInput,
): RevealSource {
  const roots = whole.frames.flatMap((f) => {
    const kept = new Set(shown.frames.find((s) => s.key === f.key)?.names ?? []);
    return f.names.flatMap((n) =>
      'ref' in n.value ? [{ frameKey: f.key, ref: n.value.ref, folded: !kept.has(n) }] : [],
    );
  });
  return {
    roots,
    refsOf: (id) => objectState(trace, id, step)?.children.map(([, ref]) => refId(ref)) ?? [],
  };
}
