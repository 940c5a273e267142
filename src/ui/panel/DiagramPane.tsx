import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { foldGlobals, namesIn } from '../../diagram/fold';
import { diagramFromGraph } from '../../diagram/fromGraph';
import { type DiagramLayout, layoutDiagram } from '../../diagram/layout';
import { fitWide, NARROW } from '../../diagram/layoutOptions';
import { t } from '../../i18n';
import { ariaKeyShortcuts, commandDef, keyLabel } from '../../store/commands';
import { graphAt } from '../../trace/graph';
import type { Trace } from '../../trace/trace';
import { HeapDiagram, type HistoryTarget } from '../diagram/HeapDiagram';
import { HistoryList } from '../diagram/HistoryList';
import type { PaneProps } from './panes';

const NARROW_QUERY = '(max-width: 720px)';

/**
 * The width of `el` (the pane's heading, which spans its content box), in steps of 8 px so
 * that a resize by a pixel does not lay the diagram out again; a wide guess until measured.
 * `el` comes from a callback ref: the pane renders nothing until there is a trace.
 */
function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(1000);
  useLayoutEffect(() => {
    if (!el) return;
    const read = () => setWidth(Math.floor(el.clientWidth / 8) * 8);
    read();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

let narrowQuery: MediaQueryList | undefined;
/** One media query list for the page (asking `matchMedia` on every render costs a step). */
const narrowList = () => {
  narrowQuery ??= window.matchMedia(NARROW_QUERY);
  return narrowQuery;
};

function subscribeNarrow(cb: () => void) {
  const mq = narrowList();
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** True on a narrow screen (a phone): one object column, and the diagram starts hidden. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => narrowList().matches,
    () => false,
  );
}

const LAST_CHANGE = commandDef('lastChange');

/**
 * The reference diagram pane: shown at once where there is room, behind a toggle on a
 * phone. It derives the diagram from the trace at the position (memoised per step; the
 * boxes are memoised too, so a step redraws only what changed), keeps the previous
 * layout so boxes do not jump, and shows the history the reader asked for under it.
 */
export function DiagramPane({ view, state, actions, lang }: PaneProps) {
  const { trace, pos, valueHistory: shownHistory } = view;
  const narrow = useNarrow();
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !narrow;
  const [expanded, setExpanded] = useState<{
    trace: Trace | null;
    ids: ReadonlySet<number>;
    globals: ReadonlySet<string>;
  }>({ trace: null, ids: new Set(), globals: new Set() });
  // Expansions belong to one trace (another scenario starts with nothing expanded).
  const mine = expanded.trace === trace;
  const ids = mine ? expanded.ids : null;
  const openGlobals = mine ? expanded.globals : null;
  const prev = useRef<{ trace: Trace; layout: DiagramLayout } | null>(null);

  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);
  const width = useWidth(heading);
  const opts = useMemo(() => (narrow ? NARROW : fitWide(width)), [narrow, width]);
  const named = useMemo(() => namesIn(view.code.text), [view.code.text]);
  const selectedFrameId = pos?.stack[view.selectedFrame]?.frameId;
  const input = useMemo(() => {
    if (!shown || !trace || !pos) return null;
    const graph = graphAt(trace, pos.event, {
      maxEntries: opts.maxSlots,
      expanded: ids ?? undefined,
    });
    const whole = diagramFromGraph(graph, selectedFrameId);
    // The globals the code on screen does not name, nor the calls share, fold away.
    return foldGlobals(whole, openGlobals ?? new Set(), named);
  }, [shown, trace, pos, selectedFrameId, opts, ids, openGlobals, named]);
  const layout = useMemo(() => {
    if (!input || !trace) return null;
    const before = prev.current?.trace === trace ? prev.current.layout : null;
    return layoutDiagram(input, opts, ids ?? undefined, before);
  }, [input, opts, ids, trace]);
  useEffect(() => {
    if (layout && trace) prev.current = { trace, layout };
  }, [layout, trace]);

  if (!trace || !pos) return null;

  const pick = (target: HistoryTarget) => {
    if (target.kind === 'name') {
      actions.showHistory({ frameId: Number(target.frameKey), name: target.name });
      return;
    }
    // An object: the history of the innermost name that holds it.
    for (const f of [...(layout?.frames ?? [])].reverse()) {
      const row = f.rows.find((r) => r.ref === target.id);
      if (row) {
        actions.showHistory({ frameId: Number(f.key), name: row.label });
        return;
      }
    }
  };

  return (
    <section
      className="pane pane-diagram"
      data-testid="diagram-pane"
      aria-label={t(lang, 'diagram')}
    >
      <h4 ref={setHeading}>
        {t(lang, 'diagram')}
        <button
          type="button"
          className="diagram-toggle"
          data-testid="diagram-toggle"
          aria-expanded={shown}
          onClick={() => setOpen(!shown)}
        >
          {shown ? t(lang, 'hideDiagram') : t(lang, 'showDiagram')}
        </button>
      </h4>
      {layout ? (
        <HeapDiagram
          layout={layout}
          lang={lang}
          narrow={narrow}
          onExpand={(id) =>
            setExpanded({
              trace,
              ids: new Set([...(ids ?? []), id]),
              globals: openGlobals ?? new Set(),
            })
          }
          onOpenGlobals={(key) =>
            setExpanded({
              trace,
              ids: ids ?? new Set(),
              globals: new Set([...(openGlobals ?? []), key]),
            })
          }
          onHistory={pick}
        />
      ) : null}
      {shownHistory ? (
        <HistoryList
          name={shownHistory.target.name}
          request={shownHistory.target}
          entries={shownHistory.entries}
          partial={shownHistory.partial}
          last={shownHistory.last}
          position={state.position}
          lang={lang}
          shortcut={ariaKeyShortcuts(LAST_CHANGE) ?? ''}
          shortcutLabel={LAST_CHANGE.keys.map(keyLabel).join(', ')}
          onJump={actions.jumpTo}
          onClose={() => actions.showHistory(null)}
        />
      ) : null}
    </section>
  );
}
