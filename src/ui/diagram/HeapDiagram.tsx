import { memo, useId, useMemo } from 'react';
import {
  type DiagramLayout,
  HEAD_H,
  type LaidBox,
  type LaidFrame,
  type LaidObject,
  type LaidRow,
  ROW_H,
} from '../../diagram/layout';
import { reachedArrows } from '../../diagram/reach';
import { type Lang, t } from '../../i18n';
import type { LocateRequest } from '../../store/panelTypes';
import {
  expandAction,
  globalsAction,
  nameAction,
  objectAction,
  runActionAt,
} from './diagramActions';
import { HeapKey } from './HeapKey';
import { diagramSummary, HeapText, omittedText } from './HeapText';
import { LocatedStatus, locatedIn } from './locate';
import { ArrowMarkers } from './markers';
import { useFollowStep } from './useFollowStep';
import './diagram.css';

/** A name (in a frame) or an object the reader asked about, for the history view. */
export type HistoryTarget =
  | { kind: 'name'; frameKey: string; name: string }
  | { kind: 'object'; id: number };

/** Props of {@link HeapDiagram}. */
export interface HeapDiagramProps {
  layout: DiagramLayout;
  lang: Lang;
  /** A phone: the picture shrinks to the pane's width rather than scroll sideways. */
  narrow?: boolean;
  /**
   * Where the reader is (the step and the selected frame): when it changes, the view
   * scrolls to what the step is about if it is out of it (./useFollowStep.ts; an
   * expansion at the same place never scrolls).
   */
  place?: string;
  /** The object the reader asked to see ("#id" beside a value): marked and scrolled to. */
  located?: LocateRequest | null;
  /** Show every slot of a cut container. */
  onExpand(id: number): void;
  /** Show every name of the folded globals (frame key). */
  onOpenGlobals(frameKey: string): void;
  /** The reader picked a name or an object to see where it came from. */
  onHistory?(target: HistoryTarget): void;
}

const TEXT_DY = 14;

/**
 * The lines between a box's rows and between their two columns, as one path: a step
 * that shows a new box adds one element for them, not two per row.
 */
function Separators({ rows, x, w, labelW }: { rows: readonly LaidRow[] } & Box) {
  if (rows.length === 0) return null;
  const col = x + labelW;
  const d = rows.map((r) => `M${x} ${r.y}H${x + w}M${col} ${r.y}v${ROW_H}`).join('');
  return <path d={d} className="heap-sep" />;
}

/** A tooltip with the whole text, only where the picture had to cut it. */
function Whole({ text, shown }: { text: string | undefined; shown: string }) {
  return text !== undefined && text !== shown ? <title>{text}</title> : null;
}

/** Where a box is and where its value column starts. */
type Box = Pick<LaidBox, 'x' | 'w' | 'labelW'>;

function Row({ row, x, w, labelW }: { row: LaidRow } & Box) {
  return (
    <>
      <rect x={x} y={row.y} width={w} height={ROW_H} className="heap-row-hit" />
      <text x={x + 6} y={row.y + TEXT_DY} className="heap-label">
        <Whole text={row.label} shown={row.labelShown} />
        {row.labelShown}
      </text>
      {/* A drawn reference's dot is its arrow's start (./markers.tsx): faded with it. */}
      {row.ref !== undefined && row.drawn ? null : (
        <text x={x + labelW + 6} y={row.y + TEXT_DY} className="heap-atom">
          <Whole text={row.atom} shown={row.valueShown} />
          {row.valueShown}
        </text>
      )}
    </>
  );
}

const FrameBox = memo(function FrameBox({
  frame,
  lang,
  pickable,
}: {
  frame: LaidFrame;
  lang: Lang;
  pickable: boolean;
}) {
  const heading = frame.module ? t(lang, 'globals') : frame.heading;
  return (
    <g
      data-testid="heap-frame"
      data-function={frame.function}
      data-frame-key={frame.key}
      className={`heap-frame${frame.selected ? ' is-selected' : ''}${frame.module ? ' is-module' : ''}`}
    >
      <rect x={frame.x} y={frame.y} width={frame.w} height={frame.h} rx={4} />
      <text x={frame.x + 6} y={frame.y + TEXT_DY + 1} className="heap-heading">
        <title>{frame.module ? heading : frame.call}</title>
        {heading}
      </text>
      {frame.rows.map((r) => (
        <g
          key={r.from}
          data-testid={r.result ? 'heap-result' : 'heap-var'}
          data-name={r.result ? undefined : r.label}
          data-kind={r.result}
          data-to={r.ref}
          data-action={pickable && !r.result ? nameAction(frame.key, r.label) : undefined}
          className={r.result ? `heap-result is-${r.result}` : pickable ? 'is-pickable' : undefined}
        >
          <Row row={r} x={frame.x} w={frame.w} labelW={frame.labelW} />
        </g>
      ))}
      <Separators rows={frame.rows} x={frame.x} w={frame.w} labelW={frame.labelW} />
      {frame.hidden > 0 ? (
        <text
          x={frame.x + 6}
          y={frame.y + HEAD_H + frame.rows.length * ROW_H + TEXT_DY}
          className="heap-more is-expandable"
          data-testid="heap-frame-more"
          data-action={globalsAction(frame.key)}
        >
          {t(lang, 'moreItems', { n: frame.hidden })}
        </text>
      ) : null}
    </g>
  );
});

const ObjectBox = memo(function ObjectBox({
  obj,
  lang,
  pickable,
  located,
}: {
  obj: LaidObject;
  lang: Lang;
  pickable: boolean;
  located: boolean;
}) {
  const moreY = obj.y + HEAD_H + (obj.rows.length + (obj.valueRow ? 1 : 0)) * ROW_H;
  const plain = obj.kind === 'function' || obj.kind === 'other';
  const summary = (
    <text x={obj.x + 6} y={obj.y + HEAD_H + TEXT_DY} className="heap-atom">
      <Whole text={obj.summary} shown={obj.summaryShown} />
      {obj.summaryShown}
    </text>
  );
  return (
    <g
      data-testid="heap-object"
      data-object-id={obj.id}
      data-kind={obj.kind}
      data-changed={obj.changed ? 'true' : undefined}
      data-located={located ? 'true' : undefined}
      className={`heap-object kind-${obj.kind}${obj.changed ? ' is-changed' : ''}${located ? ' is-located' : ''}`}
    >
      <rect
        x={obj.x}
        y={obj.y}
        width={obj.w}
        height={obj.h}
        rx={obj.kind === 'function' ? 10 : 2}
      />
      <text
        x={obj.x + 6}
        y={obj.y + TEXT_DY + 1}
        className={`heap-heading${pickable ? ' is-pickable' : ''}`}
        data-action={pickable ? objectAction(obj.id) : undefined}
      >
        {obj.type} <tspan className="heap-id">#{obj.id}</tspan>
      </text>
      {plain ? (
        summary
      ) : (
        <>
          {obj.valueRow ? summary : null}
          {obj.rows.length === 0 && obj.hidden === 0 && !obj.valueRow ? (
            <text x={obj.x + 6} y={obj.y + HEAD_H + TEXT_DY} className="heap-empty">
              {t(lang, obj.kind === 'instance' ? 'noAttributes' : 'emptyObject')}
            </text>
          ) : null}
          {obj.rows.map((r) => (
            <Row key={r.from} row={r} x={obj.x} w={obj.w} labelW={obj.labelW} />
          ))}
          <Separators rows={obj.rows} x={obj.x} w={obj.w} labelW={obj.labelW} />
        </>
      )}
      {obj.hidden > 0 && !plain ? (
        <text
          x={obj.x + 6}
          y={moreY + TEXT_DY}
          className={`heap-more${obj.expandable ? ' is-expandable' : ''}`}
          data-testid="heap-more"
          data-action={obj.expandable ? expandAction(obj.id) : undefined}
        >
          {t(lang, 'moreItems', { n: obj.hidden })}
        </text>
      ) : null}
    </g>
  );
});

/**
 * The reference diagram: frames and their names on the left, objects as boxes, arrows
 * from names and slots to the objects they refer to. The picture is for the eyes and the
 * mouse (one delegated click handler); the same content, with every control as a button,
 * is the text alternative below it, which screen readers read and keyboard focus reveals.
 */
export function HeapDiagram(props: HeapDiagramProps) {
  const { layout, lang, narrow, onHistory, place } = props;
  const arrow = `heap-arrow-${useId().replace(/:/g, '')}`;
  const pickable = onHistory !== undefined;
  const asked = props.located ?? null;
  const located = locatedIn(layout, asked);
  // The arrows the selected frame cannot reach are drawn faded.
  const reached = useMemo(() => reachedArrows(layout), [layout]);
  const faded = reached !== null && layout.edges.some((e) => !reached.has(e.from));
  // After a step (or a frame picked), bring what it is about into view; after a "#id",
  // that object.
  const scroller = useFollowStep(layout, Boolean(narrow), place, located.drawn ? asked : null);
  return (
    <figure className={`heap${narrow ? ' is-narrow' : ''}`} data-testid="heap">
      {/* Focusable so that a keyboard can scroll a diagram larger than its box. */}
      <section
        ref={scroller}
        className="heap-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={diagramSummary(lang, layout)}
      >
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          aria-hidden="true"
          className="heap-svg"
          onClick={(e) => runActionAt(e.target, props)}
        >
          <ArrowMarkers id={arrow} />
          {layout.frames.map((f) => (
            <FrameBox key={f.slot} frame={f} lang={lang} pickable={pickable} />
          ))}
          {layout.objects.map((o) => (
            <ObjectBox
              key={o.id}
              obj={o}
              lang={lang}
              pickable={pickable}
              located={o.id === located.id}
            />
          ))}
          {layout.edges.map((e) => {
            // The arrows into an object the reader asked to see say who holds it: never faded.
            const into = e.to === located.id;
            const dim = !into && reached !== null && !reached.has(e.from);
            return (
              <path
                key={e.slot}
                d={e.path}
                data-testid="heap-edge"
                data-from={e.from}
                data-to={e.to}
                className={`heap-edge${dim ? ' is-faded' : into ? ' is-into-located' : ''}`}
                markerStart={`url(#${arrow}-dot${dim ? '-faded' : ''})`}
                markerEnd={`url(#${arrow}${dim ? '-faded' : ''})`}
              />
            );
          })}
        </svg>
      </section>
      <HeapKey lang={lang} faded={faded} />
      <LocatedStatus located={located} lang={lang} />
      {layout.omitted > 0 ? <p className="heap-omitted">{omittedText(lang, layout)}</p> : null}
      <HeapText
        layout={layout}
        lang={lang}
        onExpand={props.onExpand}
        onOpenGlobals={props.onOpenGlobals}
        onHistory={onHistory}
      />
    </figure>
  );
}
