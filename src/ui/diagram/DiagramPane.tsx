import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { diagramFromTrace } from '../../diagram/fromTrace';
import type { HistoryEntry } from '../../diagram/history';
import { type DiagramLayout, layoutDiagram, NARROW, WIDE } from '../../diagram/layout';
import type { Trace } from '../../runtime/trace';
import { type Lang, t } from '../i18n';
import { HeapDiagram, type HistoryTarget } from './HeapDiagram';
import { HistoryList } from './HistoryList';

const NARROW_QUERY = '(max-width: 720px)';

function subscribeNarrow(cb: () => void) {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** True on a narrow screen (a phone): one object column, and the diagram starts hidden. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/** The history the panel shows: of which name, its changes, and the newest one so far. */
export interface ShownHistory {
  name: string;
  entries: readonly HistoryEntry[];
  last: HistoryEntry | null;
}

/** Props of {@link DiagramPane}. */
export interface DiagramPaneProps {
  trace: Trace;
  position: number;
  frameIndex: number;
  lang: Lang;
  history: ShownHistory | null;
  /** Key of the "go to last change" command. */
  lastChangeKey: string;
  onHistory(target: { frameKey: string; name: string } | null): void;
  onJump(step: number): void;
}

/**
 * The reference diagram pane: shown at once where there is room, behind a toggle on a
 * phone. It derives the diagram from the trace at the position (memoised per step),
 * keeps the previous layout so boxes do not jump, and shows the history the reader asked
 * for under it.
 */
export function DiagramPane(props: DiagramPaneProps) {
  const { trace, position, frameIndex, lang, history } = props;
  const narrow = useNarrow();
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !narrow;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const prev = useRef<{ trace: Trace; layout: DiagramLayout } | null>(null);

  // A new trace (another scenario) starts with nothing expanded and a fresh layout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a new trace only
  useEffect(() => setExpanded(new Set()), [trace]);

  const input = useMemo(
    () => (shown ? diagramFromTrace(trace, position, frameIndex) : null),
    [shown, trace, position, frameIndex],
  );
  const layout = useMemo(() => {
    if (!input) return null;
    const before = prev.current?.trace === trace ? prev.current.layout : null;
    return layoutDiagram(input, narrow ? NARROW : WIDE, expanded, before);
  }, [input, narrow, expanded, trace]);
  useEffect(() => {
    if (layout) prev.current = { trace, layout };
  }, [layout, trace]);

  const pick = (target: HistoryTarget) => {
    if (target.kind === 'name') {
      props.onHistory({ frameKey: target.frameKey, name: target.name });
      return;
    }
    // An object: the history of the innermost name that holds it.
    for (const f of [...(layout?.frames ?? [])].reverse()) {
      const row = f.rows.find((r) => r.ref === target.id);
      if (row) {
        props.onHistory({ frameKey: f.key, name: row.label });
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
      <h4>
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
      {shown && layout ? (
        <HeapDiagram
          layout={layout}
          lang={lang}
          onExpand={(id) => setExpanded(new Set([...expanded, id]))}
          onHistory={pick}
        />
      ) : null}
      {history ? (
        <HistoryList
          name={history.name}
          entries={history.entries}
          last={history.last}
          position={position}
          lang={lang}
          shortcut={props.lastChangeKey}
          onJump={props.onJump}
          onClose={() => props.onHistory(null)}
        />
      ) : null}
    </section>
  );
}
