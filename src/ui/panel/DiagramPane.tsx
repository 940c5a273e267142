import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { scopeOf } from '../../diagram/fold';
import type { HeapExpansions } from '../../diagram/reveal';
import { t } from '../../i18n';
import { ariaKeyShortcuts, commandDef, keyLabel } from '../../store/commands';
import { locatedNow } from '../../store/locate';
import type { Trace } from '../../trace/trace';
import '../diagram/pane.css';
import { paneLabel } from './paneLabel';
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

// The picture is loaded when first shown: not in the page's first download.
const HeapView = lazy(() => import('../diagram/HeapView').then((m) => ({ default: m.HeapView })));
// Shown once the reader opens a name's history: not in the first download.
const HistoryList = lazy(() =>
  import('../diagram/HistoryList').then((m) => ({ default: m.HistoryList })),
);
const NONE = { trace: null, ids: new Set<number>(), globals: new Set<string>() };

/**
 * The reference diagram pane: shown at once where there is room, behind a toggle on a
 * phone. The picture itself (../diagram/HeapView, loaded when first shown) is drawn to the
 * pane's measured width; the pane keeps what the reader expanded for the trace shown, and
 * shows the history the reader asked for under it.
 */
export function DiagramPane({ view, state, panel, actions, lang }: PaneProps) {
  const { trace, pos, valueHistory: shownHistory } = view;
  const narrow = useNarrow();
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !narrow;
  // "Show #id in the diagram" opens a hidden picture (on a phone it starts hidden).
  const located = locatedNow(state);
  useEffect(() => {
    if (located) setOpen(true);
  }, [located]);
  const [expanded, setExpanded] = useState<{ trace: Trace | null } & HeapExpansions>(NONE);
  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);
  const width = useWidth(heading);
  // The globals stay that the selected frame's function names (not its whole file).
  const { code } = view;
  const at = pos?.stack[view.selectedFrame];
  const line = at?.file === code.file ? at.line : null;
  const scope = useMemo(
    () => (line === null ? code.text : scopeOf(code.text, code.firstLine, line)),
    [code.text, code.firstLine, line],
  );
  if (!trace || !pos) return null;
  // Expansions belong to one trace (another scenario starts with nothing expanded).
  const mine = expanded.trace === trace ? expanded : NONE;

  return (
    <section
      className="pane pane-diagram"
      data-testid="diagram-pane"
      aria-label={paneLabel(t(lang, 'diagram'), panel.function)}
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
      {shown ? (
        <Suspense fallback={null}>
          <HeapView
            trace={trace}
            step={pos.event}
            selectedFrameId={at?.frameId}
            code={scope}
            narrow={narrow}
            width={width}
            expanded={mine}
            located={located}
            onExpand={(next) => setExpanded({ ...next, trace })}
            onHistory={actions.showHistory}
            lang={lang}
          />
        </Suspense>
      ) : null}
      {shownHistory ? (
        <Suspense fallback={null}>
          <HistoryList
            name={shownHistory.target.name}
            request={shownHistory.target}
            entries={shownHistory.entries}
            partial={shownHistory.partial}
            last={shownHistory.last}
            position={state.position}
            fn={panel.function}
            lang={lang}
            shortcut={ariaKeyShortcuts(LAST_CHANGE) ?? ''}
            shortcutLabel={LAST_CHANGE.keys.map(keyLabel).join(', ')}
            onJump={actions.jumpTo}
            onClose={() => actions.showHistory(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
