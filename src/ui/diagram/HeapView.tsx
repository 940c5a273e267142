import { useCallback, useEffect, useMemo, useRef } from 'react';
import { foldGlobals, namesIn } from '../../diagram/fold';
import { diagramFromGraph } from '../../diagram/fromGraph';
import { type DiagramLayout, layoutDiagram } from '../../diagram/layout';
import { fitWide, NARROW } from '../../diagram/layoutOptions';
import {
  type HeapExpansions,
  revealObject,
  revealSourceOf,
  withReveal,
} from '../../diagram/reveal';
import { shareLayout } from '../../diagram/share';
import type { Lang } from '../../i18n';
import type { HistoryTarget as HistoryRequest, LocateRequest } from '../../store/panelTypes';
import { resultVerb } from '../../store/resultText';
import { graphAt } from '../../trace/graph';
import type { Trace } from '../../trace/trace';
import { HeapDiagram, type HistoryTarget } from './HeapDiagram';

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
  const inputFor = useCallback(
    (opened: HeapExpansions) => {
      const graph = graphAt(trace, step, { maxEntries: opts.maxSlots, expanded: opened.ids });
      const whole = diagramFromGraph(graph, selectedFrameId, (kind) => resultVerb(lang, kind));
      // The globals the code on screen does not name, nor the calls share, fold away.
      return { whole, input: foldGlobals(whole, opened.globals, named) };
    },
    [trace, step, selectedFrameId, opts, named, lang],
  );
  const base = useMemo(() => inputFor(expanded), [inputFor, expanded]);
  // An object the reader asked to see is drawn: what hides it is opened (./reveal.ts), here
  // at once, and kept by the pane's owner of what is open (the effect below).
  const wanted = props.located?.objectId;
  const shown = useMemo(() => {
    if (wanted === undefined) return expanded;
    const source = revealSourceOf(trace, step, base.whole, base.input);
    return withReveal(expanded, revealObject(source, wanted, opts.maxSlots, expanded.ids));
  }, [wanted, trace, step, base, opts.maxSlots, expanded]);
  const input = useMemo(
    () => (shown === expanded ? base.input : inputFor(shown).input),
    [shown, expanded, base, inputFor],
  );
  useEffect(() => {
    if (shown !== expanded) onExpand(shown);
  }, [shown, expanded, onExpand]);
  const layout = useMemo(() => {
    const before = prev.current?.trace === trace ? prev.current.layout : null;
    // What is laid out as before stays the same object: its boxes are not drawn again.
    return shareLayout(before, layoutDiagram(input, opts, shown.ids, before));
  }, [input, opts, shown, trace]);
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
      onExpand={(id) => onExpand({ ...shown, ids: new Set([...shown.ids, id]) })}
      onOpenGlobals={(key) => onExpand({ ...shown, globals: new Set([...shown.globals, key]) })}
      onHistory={pick}
    />
  );
}
