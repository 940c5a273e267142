import { memo } from 'react';
import type { DiagramLayout, LaidFrame, LaidObject, LaidRow } from '../../diagram/layout';
import { type Lang, t, tn } from '../../i18n';
import { resultSentence } from '../../store/resultText';
import {
  expandAction,
  globalsAction,
  nameAction,
  objectAction,
  runActionAt,
} from './diagramActions';
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
  if (r.result) return resultSentence(lang, r.result, r.ref, r.atom ?? '');
  return r.ref !== undefined
    ? t(lang, 'refersTo', { name: r.label, id: r.ref })
    : t(lang, 'holdsAtom', { name: r.label, value: r.atom ?? '' });
}

function ActionButton({ action, label }: { action: string; label: string }) {
  return (
    <button type="button" className="heap-text-btn" data-action={action}>
      {label}
    </button>
  );
}

/** A frame and its names (memoised: a frame laid out as before is not drawn again). */
const FrameItem = memo(function FrameItem({
  frame: f,
  lang,
  pickable,
}: {
  frame: LaidFrame;
  lang: Lang;
  pickable: boolean;
}) {
  return (
    <li>
      {f.module ? t(lang, 'globals') : t(lang, 'frameOf', { fn: f.call })}
      <ul>
        {f.rows.map((r) => (
          <li key={r.from}>
            {rowText(lang, r)}
            {pickable && !r.result ? (
              <ActionButton
                action={nameAction(f.key, r.label)}
                label={t(lang, 'historyOf', { name: r.label })}
              />
            ) : null}
          </li>
        ))}
        {f.hidden > 0 ? (
          <li>
            {t(lang, 'moreItems', { n: f.hidden })}
            <ActionButton action={globalsAction(f.key)} label={t(lang, 'showAllGlobals')} />
          </li>
        ) : null}
      </ul>
    </li>
  );
});

/** An object and its items (memoised like {@link FrameItem}). */
const ObjectItem = memo(function ObjectItem({
  obj: o,
  lang,
  pickable,
}: {
  obj: LaidObject;
  lang: Lang;
  pickable: boolean;
}) {
  return (
    <li>
      {t(lang, 'objectOf', { id: o.id, type: o.type })}
      {o.kind === 'function' || o.kind === 'other' || o.valueRow ? ` ${o.summary}` : ''}
      {o.kind !== 'function' && o.kind !== 'other'
        ? `, ${tn(lang, o.length, 'itemCountOne', 'itemCount')}`
        : ''}
      {o.changed ? `, ${t(lang, 'changedByStep')}` : ''}
      {pickable ? (
        <ActionButton
          action={objectAction(o.id)}
          label={t(lang, 'historyOf', { name: `#${o.id}` })}
        />
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
                <ActionButton
                  action={expandAction(o.id)}
                  label={t(lang, 'showAllOf', { id: o.id })}
                />
              ) : null}
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
});

/**
 * The text alternative of the reference diagram: every frame with its names ("x refers
 * to object #3"), then every object with its items, as nested lists a screen reader can
 * walk. It holds the diagram's controls too (history of a name or an object, show every
 * item), so the keyboard reaches all of them; it is visually hidden until keyboard focus
 * enters it. Its buttons say what they do in `data-action` (./diagramActions), run by one
 * handler here, so a frame or an object that a step did not change is not drawn again.
 */
export function HeapText(
  props: Pick<HeapDiagramProps, 'layout' | 'lang' | 'onExpand' | 'onOpenGlobals' | 'onHistory'>,
) {
  const { layout, lang } = props;
  const pickable = props.onHistory !== undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from its buttons (Enter and Space click a button), handled here in one place
    <figcaption
      className="heap-text"
      data-testid="heap-text"
      onClick={(e) => runActionAt(e.target, props)}
    >
      <h5>{t(lang, 'diagramText')}</h5>
      <p>{diagramSummary(lang, layout)}</p>
      <ul>
        {layout.frames.map((f) => (
          <FrameItem key={f.slot} frame={f} lang={lang} pickable={pickable} />
        ))}
        {layout.objects.map((o) => (
          <ObjectItem key={o.id} obj={o} lang={lang} pickable={pickable} />
        ))}
        {layout.omitted > 0 ? <li>{omittedText(lang, layout)}</li> : null}
      </ul>
    </figcaption>
  );
}
