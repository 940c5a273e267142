/**
 * Where two runs of the same code part: the first step at which their paths differ
 * (kind of event, file, line or function), with the values that differed just before.
 *
 * Two scenarios of a panel usually run different scripts (`scenarios/pass.py`,
 * `scenarios/block.py`): their paths differ at once, at a script's first line, which says
 * nothing about the code being taught. Events in such files can be passed over, in both
 * runs; the two paths are then compared through everything else, each at its own step.
 */
import type { DifferingValue, Divergence, DivergenceSide } from './graph-types';
import type { Trace } from './trace';
import { textAt } from './values';

export type { Divergence } from './graph-types';

function samePlace(a: Trace, i: number, b: Trace, j: number): boolean {
  return (
    a.kind[i] === b.kind[j] &&
    a.line[i] === b.line[j] &&
    a.depth[i] === b.depth[j] &&
    a.fileOf(i) === b.fileOf(j) &&
    a.functionOf(i) === b.functionOf(j)
  );
}

function side(t: Trace, i: number): DivergenceSide {
  if (i >= t.length)
    return { step: t.length, file: '', line: 0, function: '', kind: null, classBody: false };
  return {
    step: i,
    file: t.fileOf(i),
    line: t.line[i],
    function: t.functionOf(i),
    kind: t.kind[i],
    classBody: t.frames.isClassBody(t.frame[i]),
  };
}

/** Names of the frames on both stacks (`a` at `i`, `b` at `j`) whose values' texts differ. */
function differingValues(a: Trace, i: number, b: Trace, j: number): DifferingValue[] {
  const out: DifferingValue[] = [];
  const sa = a.stackAt(i);
  const sb = b.stackAt(j);
  for (let k = 0; k < Math.min(sa.length, sb.length); k++) {
    const fn = a.frames.functionOf(sa[k]);
    if (fn !== b.frames.functionOf(sb[k])) break;
    // Every name either side holds: one bound only in `b` differs as much as one only in `a`.
    const va = new Map(a.variablesAt(sa[k], i).map((v) => [v.name, v.value]));
    const vb = new Map(b.variablesAt(sb[k], j).map((v) => [v.name, v.value]));
    for (const name of new Set([...va.keys(), ...vb.keys()])) {
      const ra = va.get(name);
      const rb = vb.get(name);
      const ta = ra === undefined ? null : textAt(a, ra, i);
      const tb = rb === undefined ? null : textAt(b, rb, j);
      if (ta !== tb) out.push({ function: fn, name, a: ta, b: tb });
    }
  }
  return out;
}

/** The first event at or after `i` that is not in a passed-over file (or the end). */
function kept(t: Trace, i: number, skip: ReadonlySet<string>): number {
  if (skip.size === 0) return i;
  while (i < t.length && skip.has(t.fileOf(i))) i++;
  return i;
}

/**
 * The first place where `a` and `b` differ, or null if they run the same path to the same
 * end. Both traces are walked together, event by event, passing over (in each) the events
 * in the files of `skip`; each side's `step` is its own event index (a trace that ended
 * earlier has `step` = its length and an empty place).
 */
export function divergence(
  a: Trace,
  b: Trace,
  skip: ReadonlySet<string> = new Set(),
): Divergence | null {
  let i = kept(a, 0, skip);
  let j = kept(b, 0, skip);
  let before: [number, number] | null = null;
  while (i < a.length && j < b.length && samePlace(a, i, b, j)) {
    before = [i, j];
    i = kept(a, i + 1, skip);
    j = kept(b, j + 1, skip);
  }
  if (i >= a.length && j >= b.length) return null;
  return {
    a: side(a, i),
    b: side(b, j),
    from: before
      ? { file: a.fileOf(before[0]), line: a.line[before[0]], function: a.functionOf(before[0]) }
      : null,
    values: before ? differingValues(a, before[0], b, before[1]) : [],
  };
}

/**
 * Where two scenarios of a panel part, as the panel shows it: first within the panel's own
 * source file (the code being taught), passing over everything else, such as the setup's
 * stand-ins a hook runs in; if their paths through that file are the same, anywhere but
 * the scenarios' own scripts.
 */
export function panelDivergence(
  a: Trace,
  b: Trace,
  source: string,
  scripts: readonly string[],
): Divergence | null {
  const elsewhere = new Set([...a.meta.files, ...b.meta.files].filter((f) => f !== source));
  const inSource = divergence(a, b, elsewhere);
  const other = divergence(a, b, new Set(scripts));
  if (!inSource) return other && { ...other, samePathIn: source };
  // They may have parted before, outside the source: say where, or the place shown (two
  // runs at the same line, one returning and one raising) hides why.
  const before =
    other &&
    other.a.kind !== null &&
    other.b.kind !== null &&
    (other.a.step < inSource.a.step || other.b.step < inSource.b.step);
  return before ? { ...inSource, earlier: { a: other.a, b: other.b } } : inSource;
}
