/**
 * Where two runs of one panel part: the first step at which their paths differ, and the
 * values that differed just before it.
 *
 * Interim: compares the name-centric traces' events and the renderings of the names on
 * the stack; the trace reader's object-centric divergence replaces it (same shape).
 */
import type { Trace } from '../trace/trace';

/** A name whose value differed between the two runs just before they parted. */
export interface DifferingValue {
  function: string;
  name: string;
  a: string;
  b: string;
}

/** Where one run is at its first step off the shared path (null: that run had ended). */
export interface DivergenceSide {
  step: number;
  file: string;
  line: number;
  function: string;
}

/** Where two traces part. */
export interface Divergence {
  a: DivergenceSide | null;
  b: DivergenceSide | null;
  /** The last place both ran (the step before: usually the branch that went two ways). */
  from: { file: string; line: number; function: string } | null;
  /** Values of the frames on the stack that differed at that last shared step. */
  values: DifferingValue[];
}

function same(a: Trace, b: Trace, i: number): boolean {
  return (
    a.kind[i] === b.kind[i] &&
    a.line[i] === b.line[i] &&
    a.depth[i] === b.depth[i] &&
    a.fileOf(i) === b.fileOf(i)
  );
}

function namesAt(t: Trace, frameId: number, i: number): Map<string, string> {
  return new Map(t.variablesAt(frameId, i).map((v) => [v.name, t.value(v.value)?.[1] ?? '?']));
}

function side(t: Trace, i: number): DivergenceSide | null {
  if (i >= t.length) return null;
  return { step: i, file: t.fileOf(i), line: t.line[i], function: t.functionOf(i) };
}

/** The first step where `a` and `b` differ, or null when they take the same path. */
export function divergence(a: Trace, b: Trace): Divergence | null {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && same(a, b, i)) i++;
  if (i === a.length && i === b.length) return null;
  const values: DifferingValue[] = [];
  const before = i - 1;
  if (before >= 0) {
    for (const fid of a.stackAt(before)) {
      const va = namesAt(a, fid, before);
      const vb = namesAt(b, fid, before);
      for (const name of new Set([...va.keys(), ...vb.keys()])) {
        const x = va.get(name) ?? '—';
        const y = vb.get(name) ?? '—';
        if (x !== y) values.push({ function: a.meta.frames[fid][0], name, a: x, b: y });
      }
    }
  }
  return {
    a: side(a, i),
    b: side(b, i),
    from:
      before >= 0
        ? { file: a.fileOf(before), line: a.line[before], function: a.functionOf(before) }
        : null,
    values,
  };
}
