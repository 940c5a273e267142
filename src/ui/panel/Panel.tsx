import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useStore } from 'zustand';
import { t } from '../../i18n';
import { sourceFile } from '../../lessons/lesson';
import { shiftLineAll } from '../../lessons/lineShift';
import { panelHash } from '../../store/address';
import { useApp } from '../../store/app';
import { useAuthoring } from '../../store/authorTools';
import { effectiveFiles, shippedFiles } from '../../store/catalog';
import type { CommandId } from '../../store/commands';
import { useDrafts } from '../../store/drafts';
import type { PanelEntry } from '../../store/lessonIndex';
import { filesWithMine, MY_SCENARIO, myScriptPath, panelWithMine } from '../../store/myScenario';
import { bindMyScenario } from '../../store/myScenarioActions';
import { useMyScenarios } from '../../store/myScenarioStore';
import { myScenarioView } from '../../store/myScenarioView';
import { bindPanel } from '../../store/panelActions';
import { panelsStore } from '../../store/panelStore';
import type { TracesWhen } from '../../store/panelTypes';
import { selectPanelView } from '../../store/panelView';
import { placedRunError } from '../../store/runErrorText';
import { useAddress } from '../../store/urlSync';
import { ErrorBoundary } from '../ErrorBoundary';
import { releaseShell } from '../shell/release';
import { BreakpointList } from './BreakpointList';
import { CodeColumn } from './CodeColumn';
import { EmbedAction } from './EmbedAction';
import { dropPanelKeys, panelKeys } from './keyboard';
import { useLanding } from './landing';
import { CompareTable } from './lazyParts';
import { MyScenario } from './MyScenario';
import { NoticeBar } from './NoticeBar';
import { PanelHeader } from './PanelHeader';
import { PredictBox } from './PredictBox';
import { PANES } from './panes';
import { RunErrorAlert } from './RunErrorAlert';
import { revealCode } from './reveal';
import { SetupView } from './SetupView';
import { StepNotes } from './StepNotes';
import { Toolbar } from './Toolbar';
import { TryBox } from './TryBox';
import { useWhenNear } from './whenNear';

// Not in the first download: where two runs part (below the hit table), author mode's part.
const DivergenceView = lazy(() =>
  import('../diagram/DivergenceView').then((m) => ({ default: m.DivergenceView })),
);
const PanelAuthor = lazy(() =>
  import('../author/PanelAuthor').then((m) => ({ default: m.PanelAuthor })),
);

/**
 * One interactive panel. It registers the panel in the store, asks the panel view
 * selector (src/store/panelView.ts) what to show, and lays out the parts that render it.
 * Local UI state here is only what no other part needs: the editor's cursor line and the
 * step note the reader clicked.
 */
export function Panel({
  entry,
  embedded = false,
  tracesWhen = 'now',
}: {
  entry: PanelEntry;
  embedded?: boolean;
  /** When to get the scenarios' traces; `near` and `shown-now` hold some back until the
   *  panel comes near the screen (see {@link TracesWhen}). */
  tracesWhen?: TracesWhen;
}) {
  const lang = useApp((s) => s.lang);
  const pythonReady = useApp((s) => s.runtime.state === 'ready');
  const { key, lesson } = entry;
  const p = useStore(panelsStore, (s) => s.panels[key]);
  const actions = useMemo(() => bindPanel(panelsStore, key), [key]);
  // The student's own scenario joins the panel's scenarios and files (derived, memoised).
  const mine = useMyScenarios((s) => s.mine[key]);
  const unsaved = useMyScenarios((s) => s.unsaved);
  const minePath = useMemo(() => myScriptPath(entry.files), [entry.files]);
  const panel = useMemo(
    () => panelWithMine(entry.panel, mine, minePath),
    [entry.panel, mine, minePath],
  );
  const files = useMemo(
    () => filesWithMine(entry.files, mine, minePath),
    [entry.files, mine, minePath],
  );
  const mineActions = useMemo(() => bindMyScenario(key), [key]);
  /** Where the keyboard cursor is, in whichever code editor of the panel has focus (F9). */
  const [cursor, setCursor] = useState<{ file: string; line: number } | null>(null);
  const cursorLine = cursor?.line ?? null;
  const [activeNote, setActiveNote] = useState<number | null>(null);
  const author = useAuthoring();
  const draft = useDrafts((s) => s.drafts[lesson.id]);
  const editFile = useDrafts((s) => s.editFile);
  const sourceRel = sourceFile(panel.source);

  useEffect(() => panelsStore.getState().initPanel(key, { traces: tracesWhen }), [key, tracesWhen]);

  const view = useMemo(
    () =>
      p
        ? selectPanelView({
            panel,
            files,
            state: p,
            pythonReady,
            author,
            draftSource: author ? effectiveFiles(lesson.id, draft)[sourceRel] : undefined,
            activeNote,
            cursorLine,
          })
        : null,
    [p, panel, files, pythonReady, author, lesson.id, draft, sourceRel, activeNote, cursorLine],
  );

  useEffect(() => () => dropPanelKeys(key), [key]);
  // The first panel that can show itself replaces the prerendered article, in this frame.
  const shown = view !== null;
  useLayoutEffect(() => {
    if (shown) releaseShell();
  }, [shown]);

  // A shared link lands on its panel once the linked step is shown (the panels above
  // may have grown since the page first scrolled): status and current line on screen.
  // Only the address the panel opened with counts: the reader's own Debug also writes
  // this panel's hash, and must not scroll the page away from where they are.
  const [linked] = useState(() => useAddress.getState().hash === panelHash(panel.id));
  const section = useRef<HTMLElement>(null);
  // Traces held back by `tracesWhen` are fetched (or recorded) once it comes near the screen.
  const near = useCallback(() => panelsStore.getState().panelNear(key), [key]);
  useWhenNear(section, shown, near);
  useLanding(section, linked, view?.paused ?? false);

  const runCommand = useCallback(
    (id: CommandId) => {
      if (id === 'toggleBreakpoint') {
        if (cursor) actions.toggleBreakpoint(cursor.file, cursor.line);
      } else if (id === 'lastChange') {
        const step = view?.commandContext.lastChange;
        if (step !== null && step !== undefined) actions.jumpTo(step);
      } else actions.command(id);
    },
    [actions, cursor, view],
  );

  // Stable callbacks, so that the parts that do not change with the step are not redrawn.
  const toggleNote = useCallback((i: number) => setActiveNote((a) => (a === i ? null : i)), []);
  const traces = p?.traces;
  const traceOf = useCallback((s: string) => traces?.[s]?.trace ?? null, [traces]);
  const jumpToScenarioStep = useCallback(
    (s: string, step: number) => {
      actions.setScenario(s);
      actions.jumpTo(step);
      revealCode(section.current);
    },
    [actions],
  );

  if (!p || !view) return null;
  const placed = lesson.prose[lang].find((seg) => seg.kind === 'panel' && seg.panelId === panel.id);
  const tries = placed?.kind === 'panel' ? placed.triesHtml : undefined;
  const titleId = `${key}-title`;
  // Acting on the panel (a scenario picked in a comparison box) wants all its traces, seen
  // near the screen or not.
  const keys = panelKeys(key, view.commandContext, runCommand, near);

  return (
    <section
      ref={section}
      className="panel"
      data-testid="panel"
      data-function={panel.function}
      data-source={panel.source}
      data-panel={panel.id}
      data-breakpoints={view.sourceBreakpoints.join(',')}
      {...keys}
      aria-labelledby={titleId}
    >
      <PanelHeader titleId={titleId} panel={panel} view={view} lang={lang}>
        {embedded ? null : (
          <EmbedAction
            lessonId={lesson.id}
            panel={panel}
            scenario={p.scenario === MY_SCENARIO ? (mine?.base ?? p.scenario) : p.scenario}
            breakpoints={p.breakpoints}
            draft={author && draft !== undefined}
            lang={lang}
          />
        )}
      </PanelHeader>
      <PredictBox
        predictions={lesson.predictions}
        panel={panel}
        state={p}
        actions={actions}
        lang={lang}
      />
      {tries ? (
        <TryBox
          html={tries}
          panel={panel}
          scenario={p.scenario}
          lang={lang}
          open={!linked}
          onScenario={actions.setScenario}
        />
      ) : null}
      <Toolbar
        panel={panel}
        scenario={p.scenario}
        view={view}
        lang={lang}
        onScenario={actions.setScenario}
        onCommand={runCommand}
      />
      <MyScenario
        display={myScenarioView({
          panel: entry.panel,
          state: p,
          mine,
          path: minePath,
          pythonReady,
          rows: view.breakpoints,
          unsaved,
        })}
        lang={lang}
        mine={mineActions}
        actions={actions}
        onCursor={setCursor}
      />
      {view.notice ? <NoticeBar notice={view.notice} lang={lang} /> : null}
      {view.runError ? <RunErrorAlert shown={view.runError} lang={lang} /> : null}

      <div className="panel-main">
        <CodeColumn
          panel={panel}
          view={view}
          state={p}
          actions={actions}
          lang={lang}
          onCursorLine={(line) => setCursor(line === null ? null : { file: view.code.file, line })}
          onEdit={(text) =>
            editFile(lesson.id, sourceRel, text, shippedFiles(lesson.id)[sourceRel])
          }
          onEdits={(edits) =>
            actions.moveBreakpoints(panel.source, (line) => shiftLineAll(line, edits))
          }
        />
        <StepNotes
          steps={panel.steps}
          lang={lang}
          current={view.notes.current}
          active={activeNote}
          onSelect={toggleNote}
        />
      </div>

      <div className="panes">
        {PANES.map(({ id, Component }) => (
          <ErrorBoundary key={id} what={id}>
            <Component view={view} state={p} panel={panel} actions={actions} lang={lang} />
          </ErrorBoundary>
        ))}
      </div>

      <BreakpointList
        rows={view.breakpoints}
        lang={lang}
        onUpdate={actions.updateBreakpoint}
        onRemove={actions.removeBreakpoint}
      />

      {author ? (
        <Suspense fallback={null}>
          <PanelAuthor
            lesson={lesson}
            panel={entry.panel}
            scenario={p.scenario}
            error={placedRunError(view.trace)}
            lang={lang}
            onScenario={actions.setScenario}
          />
        </Suspense>
      ) : null}

      <CompareTable
        breakpoints={p.breakpoints}
        scenarios={panel.scenarios}
        traces={p.traces}
        current={p.scenario}
        lang={lang}
        onPick={actions.setScenario}
      />

      <Suspense fallback={null}>
        <DivergenceView
          panel={panel}
          traceOf={traceOf}
          current={p.scenario}
          lang={lang}
          onJump={jumpToScenarioStep}
        />
      </Suspense>

      <SetupView files={entry.setupFiles} lang={lang} />
      {/* While the author edits the code, it is not read-only. */}
      {author ? null : <p className="panel-note">{t(lang, 'readOnlyNote')}</p>}
    </section>
  );
}
