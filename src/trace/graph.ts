/**
 * The reference diagram's data at one step: every frame of the stack with its names,
 * every object they reach (each once, cycles end at a visited object), and the arrows.
 * Pure: a function of the trace and the step.
 */
import type {
  Graph,
  GraphArg,
  GraphEdge,
  GraphEntry,
  GraphFrame,
  GraphNode,
  GraphOptions,
  GraphVar,
  Slot,
} from './graph-types';
import { resultAt } from './result';
import type { Trace } from './trace';
import { objectState, slotOf, textAt } from './values';

export type * from './graph-types';

/**
 * The name a frame's {@link GraphFrame.result} row goes by in arrow ids: no Python
 * identifier, so it never meets a variable's name.
 */
export const RESULT_ROW = '(result)';

const DEFAULT_ENTRIES = 10;
const DEFAULT_NODES = 2000;

/** The frames of the stack at `step`, innermost first, with their names and parameters. */
export function framesAt(trace: Trace, step: number): GraphFrame[] {
  if (step < 0 || step >= trace.length) return [];
  const own = trace.frame[step];
  const changed = trace.changedAt(step);
  const handed = resultAt(trace, step);
  return trace.stackAt(step).map((frameId) => {
    const variables: GraphVar[] = trace.variablesAt(frameId, step).map((b) => ({
      name: b.name,
      value: slotOf(trace, b.value),
      changed:
        frameId === own && trace.frames.firstEventOf(frameId) !== step && changed.has(b.name),
    }));
    return {
      frameId,
      function: trace.frames.functionOf(frameId),
      file: trace.meta.files[trace.frames.fileOf(frameId)],
      line: frameId === own ? trace.line[step] : trace.lineAt(frameId, step),
      isModule: trace.frames.functionOf(frameId) === '<module>',
      isClassBody: trace.frames.isClassBody(frameId),
      args: argsOf(trace, frameId, variables),
      variables,
      result:
        handed?.frameId === frameId
          ? { kind: handed.kind, value: slotOf(trace, handed.value) }
          : null,
    };
  });
}

const passedCache = new WeakMap<Trace, Map<number, GraphVar[]>>();

/** A frame's parameters as they were passed: its bindings at its first event (cached). */
function passedOf(trace: Trace, frameId: number): GraphVar[] {
  let byFrame = passedCache.get(trace);
  if (!byFrame) {
    byFrame = new Map();
    passedCache.set(trace, byFrame);
  }
  let passed = byFrame.get(frameId);
  if (!passed) {
    const params = new Set(
      trace
        .frameNames(frameId)
        .slice(0, trace.paramCount(frameId))
        .map((id) => trace.meta.names[id]),
    );
    const first = trace.frames.firstEventOf(frameId);
    passed = trace
      .variablesAt(frameId, first)
      .filter((b) => params.has(b.name))
      .map((b) => ({ name: b.name, value: slotOf(trace, b.value), changed: false }));
    byFrame.set(frameId, passed);
  }
  return passed;
}

const sameSlot = (a: Slot, b: Slot) =>
  a.kind === 'ref' ? b.kind === 'ref' && a.id === b.id : b.kind === 'atom' && a.text === b.text;

/** A frame's parameters as passed, each with what it holds at the step if it was rebound. */
function argsOf(trace: Trace, frameId: number, variables: GraphVar[]): GraphArg[] {
  return passedOf(trace, frameId).map((p) => {
    const now = variables.find((v) => v.name === p.name)?.value ?? null;
    return { name: p.name, value: p.value, now: now && !sameSlot(now, p.value) ? now : null };
  });
}

/** Everything the reference diagram shows at `step` (see {@link Graph}). */
export function graphAt(trace: Trace, step: number, options: GraphOptions = {}): Graph {
  const maxEntries = options.maxEntries ?? DEFAULT_ENTRIES;
  const maxNodes = options.maxNodes ?? DEFAULT_NODES;
  const frames = framesAt(trace, step);
  const changedIds = new Set(trace.objectsChangedAt(step));
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const seen = new Set<number>();
  // Breadth first from the frames: nearer objects come first (a stable order for layouts).
  let queue: number[] = [];
  for (const f of frames) {
    for (const v of f.variables) {
      if (v.value.kind !== 'ref') continue;
      edges.push({ from: `frame:${f.frameId}:${v.name}`, to: v.value.id });
      queue.push(v.value.id);
    }
    if (f.result?.value.kind === 'ref') {
      edges.push({ from: `frame:${f.frameId}:${RESULT_ROW}`, to: f.result.value.id });
      queue.push(f.result.value.id);
    }
  }
  // As deep as the objects go (a linked list of any length is drawn to its end, or
  // counted): only the number of objects taken in is bounded.
  const beyond = new Set<number>();
  for (; queue.length > 0; ) {
    const next: number[] = [];
    for (const id of queue) {
      if (seen.has(id)) continue;
      if (nodes.length >= maxNodes) {
        beyond.add(id);
        continue;
      }
      seen.add(id);
      const state = objectState(trace, id, step);
      if (!state) continue;
      const limit = options.expanded?.has(id) ? state.children.length : maxEntries;
      const entries: GraphEntry[] = state.children
        .slice(0, limit)
        .map(([label, ref]) => ({ label, value: slotOf(trace, ref) }));
      entries.forEach((entry, k) => {
        if (entry.value.kind !== 'ref') return;
        edges.push({ from: `object:${id}:${k}`, to: entry.value.id });
        if (!seen.has(entry.value.id)) next.push(entry.value.id);
      });
      nodes.push({
        id,
        type: state.type,
        kind: state.kind,
        text: textAt(trace, -id - 1, step),
        entries,
        size: state.size,
        more: Math.max(0, state.size - entries.length),
        changed: changedIds.has(id),
        ownText: state.text !== '',
      });
    }
    queue = next;
  }
  const shown = new Set(nodes.map((n) => n.id));
  return {
    step,
    frames,
    nodes,
    edges: edges.filter((e) => shown.has(e.to)),
    changed: [...changedIds].filter((id) => shown.has(id)).sort((a, b) => a - b),
    beyond: beyond.size,
  };
}
