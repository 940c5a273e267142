import { useEffect, useMemo, useRef } from 'react';
import { foldGlobals, namesIn } from '../../diagram/fold';
import { diagramFromGraph } from '../../diagram/fromGraph';
import { type DiagramLayout, layoutDiagram } from '../../diagram/layout';
import { fitWide, NARROW } from '../../diagram/layoutOptions';
import { shareLayout } from '../../diagram/share';
import { type Lang, t } from '../../i18n';
import type { HistoryTarget as HistoryRequest, LocateRequest } from '../../store/panelTypes';
import { graphAt } from '../../trace/graph';
import type { Trace } from '../../trace/trace';
import { HeapDiagram, type HistoryTarget } from './HeapDiagram';

/** What the reader opened: objects shown whole, and frames whose folded globals are shown. */
export interface HeapExpansions {
  ids: ReadonlySet<number>;
  globals: ReadonlySet<string>;
}

/**
 * The reference diagram at a step: the object graph from the trace (memoised per step; the
 * boxes are memoised too, and a box laid out as before is the same object
 * (../../diagram/share.ts), so a step redraws only what changed), the globals the code on
 * screen does not name folded away, laid out to the pane's width, keeping the previous
 * layout so that boxes do not jump. Loaded when first shown (Panel's first download leaves
 * it out: ./DiagramPane in src/ui/panel keeps the pane's frame and the history list).
 */
export function HeapView(props: {
  trace: Trace;
  step: number;
  selectedFrameId: number | undefined;
  /** The selected frame's function (or the code on screen): the globals it names stay. */
  code: string;
  narrow: boolean;
  width: number;
  expanded: HeapExpansions;
  /** The object the reader asked to see, while the panel stays where they asked. */
  located: LocateRequest | null;
  onExpand(next: HeapExpansions): void;
  onHistory(request: HistoryRequest): void;
  lang: Lang;
}) {
  const { trace, step, selectedFrameId, narrow, width, expanded, onExpand, onHistory, lang } =
    props;
  const prev = useRef<{ trace: Trace; layout: DiagramLayout } | null>(null);
  const opts = useMemo(() => (narrow ? NARROW : fitWide(width)), [narrow, width]);
  const named = useMemo(() => namesIn(props.code), [props.code]);
  const input = useMemo(() => {
    const graph = graphAt(trace, step, { maxEntries: opts.maxSlots, expanded: expanded.ids });
    const whole = diagramFromGraph(graph, selectedFrameId, (kind) =>
      t(lang, kind === 'return' ? 'returnValue' : 'raised'),
    );
    // The globals the code on screen does not name, nor the calls share, fold away.
    return foldGlobals(whole, expanded.globals, named);
  }, [trace, step, selectedFrameId, opts, expanded, named, lang]);
  const layout = useMemo(() => {
    const before = prev.current?.trace === trace ? prev.current.layout : null;
    // What is laid out as before stays the same object: its boxes are not drawn again.
    return shareLayout(before, layoutDiagram(input, opts, expanded.ids, before));
  }, [input, opts, expanded, trace]);
  useEffect(() => {
    prev.current = { trace, layout };
  }, [layout, trace]);

  const pick = (target: HistoryTarget) => {
    if (target.kind === 'name') {
      onHistory({ frameId: Number(target.frameKey), name: target.name });
      return;
    }
    // An object: the history of the innermost name that holds it.
    for (const f of [...layout.frames].reverse()) {
      const row = f.rows.find((r) => r.ref === target.id && !r.result);
      if (row) {
        onHistory({ frameId: Number(f.key), name: row.label });
        return;
      }
    }
  };

  return (
    <HeapDiagram
      layout={layout}
      place={`${step}:${selectedFrameId}`}
      located={props.located}
      lang={lang}
      narrow={narrow}
      onExpand={(id) => onExpand({ ...expanded, ids: new Set([...expanded.ids, id]) })}
      onOpenGlobals={(key) =>
        onExpand({ ...expanded, globals: new Set([...expanded.globals, key]) })
      }
      onHistory={pick}
    />
  );
}
