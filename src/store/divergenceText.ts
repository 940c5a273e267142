/**
 * What one side of "Where two scenarios part" does at its place, in the reader's language:
 * "calls run_hooks", "runs the line", "starts the body of class AuditStore". Pure.
 */
import { classHeading } from '../diagram/args';
import { type Lang, t } from '../i18n';
import type { DivergenceSide } from '../trace/graph-types';
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
    case EventKind.Exception:
      return t(lang, 'divKindException');
    case EventKind.Unwind:
      return t(lang, 'divKindUnwind', { fn });
    default:
      return '';
  }
}
