/**
 * Where two runs of one panel part: the first step at which their paths differ, and the
 * values that differed just before it.
 *
 * Interim: compares the name-centric traces' events and the renderings of the names on
 * the stack; the trace reader's object-centric divergence replaces it.
 */
import type { Trace } from '../trace/trace';

/** A name whose value differed between the two runs just before they parted. */
export interface DifferingValue {
  function: string;
  name: string;
  a: string | null;
  b: string | null;
}

/** Where two traces part. */
export interface Divergence {
  /** The first step whose event differs (the same index in both: the paths agree before it). */
  step: number;
  /** Where each run is at that step (null when that run has already ended). */
  a: { file: string; line: number } | null;
  b: { file: string; line: number } | null;
  /** The last step both runs share, where they still were on the same line. */
  from: { file: string; line: number } | null;
  differed: DifferingValue[];
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

/** The first step where `a` and `b` differ, or null when they take the same path. */
export function divergence(a: Trace, b: Trace): Divergence | null {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && same(a, b, i)) i++;
  if (i === a.length && i === b.length) return null;
  const at = (t: Trace) => (i < t.length ? { file: t.fileOf(i), line: t.line[i] } : null);
  const differed: DifferingValue[] = [];
  const before = i - 1;
  if (before >= 0) {
    for (const fid of a.stackAt(before)) {
      const va = namesAt(a, fid, before);
      const vb = namesAt(b, fid, before);
      for (const name of new Set([...va.keys(), ...vb.keys()])) {
        const x = va.get(name) ?? null;
        const y = vb.get(name) ?? null;
        if (x !== y) differed.push({ function: a.meta.frames[fid][0], name, a: x, b: y });
      }
    }
  }
  return {
    step: i,
    a: at(a),
    b: at(b),
    from: before >= 0 ? { file: a.fileOf(before), line: a.line[before] } : null,
    differed,
  };
}
