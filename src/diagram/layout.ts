/**
 * Layout of the reference diagram: frames in a column on the left, objects in columns on
 * the right (by their distance from a name), arrows from names and slots to boxes. Pure
 * and deterministic: positions depend on the structure (frames, names, object ids, slot
 * counts, edges), never on the atoms' text, so stepping through a loop that only changes
 * numbers never moves a box. With the previous layout given, a box never moves up while the
 * call stack and the selected frame stay the same, so a new object appearing above does not
 * shuffle the boxes below it; when they change, the boxes are laid out afresh.
 */
import { RESULT_ROW } from '../trace/graph';
import type { DiagramLayout, LaidEdge, LaidFrame, LaidObject, LaidRow } from './laid';
import { type LayoutOptions, WIDE } from './layoutOptions';
import type { DiagramFrame, DiagramInput, DiagramObject, Slot } from './model';
import { clip, DOT_ROOM, edgePath, GAP_Y, HEAD_H, labelColumn, PAD, ROW_H } from './shapes';

export type * from './laid';

export { clip, edgePath, HEAD_H, labelColumn, ROW_H } from './shapes';

/** The slots drawn for an object, and how many items stay hidden. */
export function visibleSlots(
  obj: DiagramObject,
  expanded: boolean,
  maxSlots: number,
): { slots: Slot[]; hidden: number; expandable: boolean } {
  const total = Math.max(obj.length, obj.slots.length);
  const slots = !expanded && obj.slots.length > maxSlots ? obj.slots.slice(0, maxSlots) : obj.slots;
  // The input may already be cut (the trace reader shows a few entries unless expanded).
  return { slots, hidden: total - slots.length, expandable: !expanded && total > slots.length };
}

function rowOf(
  slot: Slot,
  from: string,
  y: number,
  box: { w: number; labelW: number },
  drawnIds: ReadonlySet<number>,
): LaidRow {
  const labelPx = box.labelW - 8;
  const valuePx = box.w - box.labelW - DOT_ROOM - 4;
  const base = {
    label: slot.label,
    from,
    y,
    labelShown: clip(slot.label, labelPx),
    ...(slot.result ? { result: slot.result } : {}),
  };
  if ('ref' in slot.value) {
    const drawn = drawnIds.has(slot.value.ref);
    return { ...base, ref: slot.value.ref, drawn, valueShown: drawn ? '' : `#${slot.value.ref}` };
  }
  return {
    ...base,
    atom: slot.value.atom,
    drawn: false,
    valueShown: clip(slot.value.atom, valuePx),
  };
}

/** A frame row's name in ids: the variable's, or the result row's own (never a variable's). */
const rowName = (r: { label: string; result?: unknown }) => (r.result ? RESULT_ROW : r.label);

function boxHeight(rows: number): number {
  return HEAD_H + Math.max(1, rows) * ROW_H;
}

/** A frame's box: its names, and the "… N more" row of folded ones. */
const frameHeight = (f: DiagramFrame) => boxHeight(f.names.length + (f.hidden ? 1 : 0));

interface Visit {
  id: number;
  column: number;
  /** Lowest top the box may have: its referrer's row, so arrows run right or down. */
  minY: number;
}

/**
 * Lay out the diagram. `expanded` lists the objects the reader opened past `maxSlots`;
 * `prev` is the layout shown just before: with the same frames and the same one selected,
 * boxes start no higher than they were there.
 */
export function layoutDiagram(
  input: DiagramInput,
  opts: LayoutOptions = WIDE,
  expanded: ReadonlySet<number> = new Set(),
  prev: DiagramLayout | null = null,
): DiagramLayout {
  // Frames, stacked.
  const frameX = PAD;
  const frameTops: number[] = [];
  let fy = PAD;
  for (const f of input.frames) {
    frameTops.push(fy);
    fy += frameHeight(f) + GAP_Y;
  }

  // Which objects are drawn, in depth-first order from the names, frame by frame.
  const visits: Visit[] = [];
  const seen = new Set<number>();
  let omitted = 0;
  const visit = (id: number, depth: number, minY: number) => {
    if (seen.has(id)) return;
    const obj = input.objects.get(id);
    if (!obj) return;
    seen.add(id);
    // Past the cap an object is counted, and so is what it reaches: the count is honest.
    if (visits.length >= opts.maxObjects) omitted++;
    else visits.push({ id, column: Math.min(depth, opts.maxColumns - 1), minY });
    const { slots } = visibleSlots(obj, expanded.has(id), opts.maxSlots);
    for (const s of slots) if ('ref' in s.value) visit(s.value.ref, depth + 1, 0);
  };
  input.frames.forEach((f, i) => {
    f.names.forEach((n, k) => {
      if ('ref' in n.value) visit(n.value.ref, 0, frameTops[i] + HEAD_H + k * ROW_H);
    });
  });
  const drawnIds = new Set(visits.map((v) => v.id));

  // Place the boxes: each column fills downwards; a child starts no higher than its
  // parent; with a previous layout, a box starts no higher than it was.
  const kept = prev && sameStack(prev, input) ? prev : null;
  const prevY = new Map(kept?.objects.map((o) => [o.id, o]) ?? []);
  const bottom: number[] = [];
  const placed = new Map<number, LaidObject>();
  const colX = (c: number) =>
    PAD + opts.frameWidth + opts.gapX + c * (opts.objectWidth + opts.gapX);
  const parentTop = new Map<number, number>();
  for (const v of visits) {
    const obj = input.objects.get(v.id) as DiagramObject;
    const shown = visibleSlots(obj, expanded.has(v.id), opts.maxSlots);
    const plain = obj.kind === 'function' || obj.kind === 'other';
    const valueRow = obj.kind === 'instance' && obj.ownText === true;
    const first = valueRow ? 1 : 0; // slot rows start below the value row
    const rowsCount = plain ? 1 : shown.slots.length + first;
    const h = boxHeight(rowsCount + (shown.hidden > 0 && rowsCount > 0 ? 1 : 0));
    const before = prevY.get(v.id);
    let y = Math.max(bottom[v.column] ?? PAD, v.minY, parentTop.get(v.id) ?? 0);
    if (before && before.column === v.column) y = Math.max(y, before.y);
    bottom[v.column] = y + h + GAP_Y;
    const x = colX(v.column);
    const box = {
      w: opts.objectWidth,
      labelW: labelColumn(shown.slots, opts.objectWidth, drawnIds),
    };
    const rows = shown.slots.map((s, k) =>
      rowOf(s, `object:${v.id}:${k}`, y + HEAD_H + (k + first) * ROW_H, box, drawnIds),
    );
    for (const r of rows) {
      if (r.ref !== undefined && !parentTop.has(r.ref)) parentTop.set(r.ref, y);
    }
    placed.set(v.id, {
      id: v.id,
      type: obj.type,
      kind: obj.kind,
      summary: obj.summary,
      summaryShown: clip(obj.summary, opts.objectWidth - 12),
      changed: input.changed.has(v.id),
      column: v.column,
      x,
      y,
      w: opts.objectWidth,
      h,
      labelW: box.labelW,
      rows: plain ? [] : rows,
      valueRow,
      hidden: shown.hidden,
      expandable: shown.expandable,
      length: obj.length,
    });
  }

  const frames: LaidFrame[] = input.frames.map((f, i) => {
    const y = frameTops[i];
    const box = { w: opts.frameWidth, labelW: labelColumn(f.names, opts.frameWidth, drawnIds) };
    return {
      key: f.key,
      slot: `depth:${i}`,
      function: f.function,
      call: f.call,
      module: f.module,
      selected: input.selectedFrame === f.key,
      heading: clip(f.call, opts.frameWidth - 12),
      x: frameX,
      y,
      w: opts.frameWidth,
      h: frameHeight(f),
      labelW: box.labelW,
      hidden: f.hidden ?? 0,
      rows: f.names.map((n, k) =>
        rowOf(n, `frame:${f.key}:${rowName(n)}`, y + HEAD_H + k * ROW_H, box, drawnIds),
      ),
    };
  });

  const edges: LaidEdge[] = [];
  let width = frameX + opts.frameWidth + PAD;
  const rowsOf = [
    ...frames.map((f) => ({ slot: f.slot, x: f.x, w: f.w, rows: f.rows })),
    ...[...placed.values()].map((o) => ({ slot: undefined, x: o.x, w: o.w, rows: o.rows })),
  ];
  for (const box of rowsOf) {
    for (const r of box.rows) {
      if (r.ref === undefined) continue;
      const target = placed.get(r.ref);
      if (!target) continue;
      const x1 = box.x + box.w - DOT_ROOM / 2 - 2;
      const y1 = r.y + ROW_H / 2;
      const { x2, y2, right, path } = edgePath(x1, y1, target, opts.loopOut);
      width = Math.max(width, Math.ceil(right) + PAD); // the picture holds a loop back whole
      // A frame's names are unique in it; an object's rows are already keyed by its id.
      const slot = box.slot === undefined ? r.from : `${box.slot}:${rowName(r)}`;
      edges.push({ from: r.from, slot, to: r.ref, x1, y1, x2, y2, path });
    }
  }

  const objects = [...placed.values()];
  let height = fy;
  for (const o of objects) {
    width = Math.max(width, o.x + o.w + PAD);
    height = Math.max(height, o.y + o.h + PAD);
  }
  const beyond = input.beyond ?? 0;
  return {
    frames,
    objects,
    edges,
    width,
    height,
    omitted: omitted + beyond,
    omittedAtLeast: beyond > 0,
  };
}

/**
 * Whether `prev` shows the same frames as `input`, in order, with the same one selected. Only
 * then does a box keep its height: a picture of other frames (a call, a return, a jump, another
 * frame picked) draws other objects, and the heights the boxes had there would leave empty
 * space above them (a function's box kept below the 28 globals of the module-level step
 * before, with nothing else drawn).
 */
function sameStack(prev: DiagramLayout, input: DiagramInput): boolean {
  if (prev.frames.length !== input.frames.length) return false;
  return prev.frames.every(
    (f, i) => f.key === input.frames[i].key && f.selected === (input.selectedFrame === f.key),
  );
}
