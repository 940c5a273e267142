/**
 * What one side of "Where two scenarios part" does at its place, in the reader's language:
 * "calls run_hooks", "runs the line", "starts the body of class AuditStore". Pure.
 */
import { classHeading } from '../diagram/args';
import { type Lang, t } from '../i18n';
import type { Divergence, DivergenceSide } from '../trace/graph-types';
import { EventKind } from '../trace/meta';

/** The words for a side's event, or '' at the end of a run (nothing happens there). */
export function sideAction(lang: Lang, side: DivergenceSide | null): string {
  if (!side || side.kind === null) return '';
  // A class statement's body is not a call anyone wrote: name it as the class being defined.
  const fn = side.classBody ? classHeading(side.function) : side.function;
  switch (side.kind) {
    case EventKind.Call:
      return t(lang, side.classBody ? 'divKindClassStart' : 'divKindCall', { fn });
    case EventKind.Line:
      return t(lang, 'divKindLine');
    case EventKind.Return:
      return t(lang, side.classBody ? 'divKindClassEnd' : 'divKindReturn', { fn });
    case EventKind.Yield:
      return t(lang, 'divKindYield', { fn });
    case EventKind.Exception:
      return t(lang, 'divKindException');
    case EventKind.Unwind:
      return t(lang, 'divKindUnwind', { fn });
    default:
      return '';
  }
}

/** Where a side is, for a sentence: `runtime.py:59 (audit_event)`. */
const placeOf = (s: DivergenceSide) => `${s.file}:${s.line} (${s.function})`;

/**
 * The sentence saying where two runs part: after the line both ran last; or that one of
 * them (named, with its last step) ended there; or that they differ from the first step.
 */
export function partText(lang: Lang, d: Divergence, labelA: string, labelB: string): string {
  const ended =
    d.a.kind === null
      ? { label: labelA, side: d.a }
      : d.b.kind === null
        ? { label: labelB, side: d.b }
        : null;
  // An ended side's step is its run's length: the number of its last step.
  if (ended) return t(lang, 'partAtEnd', { scenario: ended.label, n: ended.side.step });
  if (!d.from) return t(lang, 'partAtStart');
  return t(lang, 'partAt', {
    file: d.from.file,
    line: d.from.line,
    a: d.a.step + 1,
    b: d.b.step + 1,
  });
}

/** Where the runs parted before, outside the panel's source: one place, or each its own. */
export function earlierText(
  lang: Lang,
  source: string,
  e: { a: DivergenceSide; b: DivergenceSide },
): string {
  const steps = { source, a: e.a.step + 1, b: e.b.step + 1 };
  if (e.a.file === e.b.file && e.a.function === e.b.function)
    return t(lang, 'partedEarlier', {
      ...steps,
      file: e.a.file,
      fn: e.a.function,
      la: e.a.line,
      lb: e.b.line,
    });
  return t(lang, 'partedEarlierApart', { ...steps, pa: placeOf(e.a), pb: placeOf(e.b) });
}
