import { memo } from 'react';
import type { DiagramLayout, LaidRow } from '../../diagram/layout';
import { type Lang, t, tn } from '../../i18n';
import type { HeapDiagramProps } from './HeapDiagram';

/** "3 frames, 1 object": the diagram's size in words (its text version and its label). */
export function diagramSummary(lang: Lang, layout: DiagramLayout): string {
  return t(lang, 'diagramSummary', {
    frames: tn(lang, layout.frames.length, 'frameCountOne', 'frameCount'),
    objects: tn(lang, layout.objects.length, 'objectCountOne', 'objectCount'),
  });
}

/** "12 more objects not drawn" (or "at least …" when the graph stopped short): picture and text. */
export function omittedText(lang: Lang, layout: DiagramLayout): string {
  const n = layout.omitted;
  if (layout.omittedAtLeast) return t(lang, 'omittedObjectsAtLeast', { n });
  return tn(lang, n, 'omittedObjectsOne', 'omittedObjects');
}

function rowText(lang: Lang, r: LaidRow): string {
  return r.ref !== undefined
    ? t(lang, 'refersTo', { name: r.label, id: r.ref })
    : t(lang, 'holdsAtom', { name: r.label, value: r.atom ?? '' });
}

/**
 * The text alternative of the reference diagram: every frame with its names ("x refers
 * to object #3"), then every object with its items, as nested lists a screen reader can
 * walk. It holds the diagram's controls too (history of a name or an object, show every
 * item), so the keyboard reaches all of them; it is visually hidden until keyboard focus
 * enters it.
 */
export const HeapText = memo(function HeapText({
  layout,
  lang,
  onExpand,
  onOpenGlobals,
  onHistory,
}: Pick<HeapDiagramProps, 'layout' | 'lang' | 'onExpand' | 'onOpenGlobals' | 'onHistory'>) {
  return (
    <figcaption className="heap-text" data-testid="heap-text">
      <h5>{t(lang, 'diagramText')}</h5>
      <p>{diagramSummary(lang, layout)}</p>
      <ul>
        {layout.frames.map((f) => (
          <li key={f.slot}>
            {f.module ? t(lang, 'globals') : t(lang, 'frameOf', { fn: f.call })}
            <ul>
              {f.rows.map((r) => (
                <li key={r.label}>
                  {rowText(lang, r)}
                  {onHistory ? (
                    <button
                      type="button"
                      className="heap-text-btn"
                      onClick={() => onHistory({ kind: 'name', frameKey: f.key, name: r.label })}
                    >
                      {t(lang, 'historyOf', { name: r.label })}
                    </button>
                  ) : null}
                </li>
              ))}
              {f.hidden > 0 ? (
                <li>
                  {t(lang, 'moreItems', { n: f.hidden })}
                  <button
                    type="button"
                    className="heap-text-btn"
                    onClick={() => onOpenGlobals(f.key)}
                  >
                    {t(lang, 'showAllGlobals')}
                  </button>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
        {layout.objects.map((o) => (
          <li key={o.id}>
            {t(lang, 'objectOf', { id: o.id, type: o.type })}
            {o.kind === 'function' || o.kind === 'other' || o.valueRow ? ` ${o.summary}` : ''}
            {o.kind !== 'function' && o.kind !== 'other'
              ? `, ${tn(lang, o.length, 'itemCountOne', 'itemCount')}`
              : ''}
            {o.changed ? `, ${t(lang, 'changedByStep')}` : ''}
            {onHistory ? (
              <button
                type="button"
                className="heap-text-btn"
                onClick={() => onHistory({ kind: 'object', id: o.id })}
              >
                {t(lang, 'historyOf', { name: `#${o.id}` })}
              </button>
            ) : null}
            {o.rows.length > 0 || o.hidden > 0 ? (
              <ul>
                {o.rows.map((r) => (
                  <li key={r.from}>{rowText(lang, r)}</li>
                ))}
                {o.hidden > 0 ? (
                  <li>
                    {t(lang, 'moreItems', { n: o.hidden })}
                    {o.expandable ? (
                      <button
                        type="button"
                        className="heap-text-btn"
                        onClick={() => onExpand(o.id)}
                      >
                        {t(lang, 'showAllOf', { id: o.id })}
                      </button>
                    ) : null}
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        ))}
        {layout.omitted > 0 ? <li>{omittedText(lang, layout)}</li> : null}
      </ul>
    </figcaption>
  );
});
