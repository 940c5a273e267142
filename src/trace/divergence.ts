/**
 * Where two runs of the same code part: the first step at which their paths differ
 * (kind of event, file, line or function), with the values that differed just before.
 */
import type { DifferingValue, Divergence, DivergenceSide } from './graph-types';
import type { Trace } from './trace';
import { textAt } from './values';

export type { Divergence } from './graph-types';

function samePlace(a: Trace, b: Trace, i: number): boolean {
  return (
    a.kind[i] === b.kind[i] &&
    a.line[i] === b.line[i] &&
    a.depth[i] === b.depth[i] &&
    a.fileOf(i) === b.fileOf(i) &&
    a.functionOf(i) === b.functionOf(i)
  );
}

function side(t: Trace, i: number): DivergenceSide {
  if (i >= t.length) return { step: t.length, file: '', line: 0, function: '' };
  return { step: i, file: t.fileOf(i), line: t.line[i], function: t.functionOf(i) };
}

/** Names of the frames on both stacks at `i` whose values' texts differ, innermost first. */
function differingValues(a: Trace, b: Trace, i: number): DifferingValue[] {
  const out: DifferingValue[] = [];
  const sa = a.stackAt(i);
  const sb = b.stackAt(i);
  for (let k = 0; k < Math.min(sa.length, sb.length); k++) {
    const fn = a.frames.functionOf(sa[k]);
    if (fn !== b.frames.functionOf(sb[k])) break;
    const vb = new Map(b.variablesAt(sb[k], i).map((v) => [v.name, v.value]));
    for (const v of a.variablesAt(sa[k], i)) {
      const other = vb.get(v.name);
      const ta = textAt(a, v.value, i);
      const tb = other === undefined ? '' : textAt(b, other, i);
      if (ta !== tb) out.push({ function: fn, name: v.name, a: ta, b: tb });
    }
  }
  return out;
}

/**
 * The first step where `a` and `b` differ, or null if they run the same path to the same
 * end. Both traces are walked in step: the step index is the same in each (a trace that
 * ended earlier has `step` = its length and an empty place).
 */
export function divergence(a: Trace, b: Trace): Divergence | null {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && samePlace(a, b, i)) i++;
  if (i === n && a.length === b.length) return null;
  const before = i - 1;
  return {
    a: side(a, i),
    b: side(b, i),
    from:
      before >= 0
        ? { file: a.fileOf(before), line: a.line[before], function: a.functionOf(before) }
        : null,
    values: before >= 0 ? differingValues(a, b, before) : [],
  };
}
