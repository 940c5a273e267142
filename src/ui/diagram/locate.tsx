import type { DiagramLayout } from '../../diagram/layout';
import { type Lang, t } from '../../i18n';
import type { LocateRequest } from '../../store/panelTypes';

/** The object the reader asked to see ("#id" beside a value), and whether the picture draws it. */
export interface Located {
  id: number | undefined;
  drawn: boolean;
}

/** What `request` finds in `layout` (./useFollowStep.ts scrolls to it; the diagram marks it). */
export function locatedIn(layout: DiagramLayout, request: LocateRequest | null): Located {
  const id = request?.objectId;
  return { id, drawn: id !== undefined && layout.objects.some((o) => o.id === id) };
}

/** Says what a locate request found (a live region: it is there before anything is said). */
export function LocatedStatus({ located, lang }: { located: Located; lang: Lang }) {
  const { id, drawn } = located;
  return (
    <p className="heap-located" role="status" data-testid="heap-located">
      {id === undefined ? null : t(lang, drawn ? 'locatedShown' : 'locatedHidden', { id })}
    </p>
  );
}
