import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { argsOf } from '../diagram/fromTrace';
import { lastChangeAt, nameHistory } from '../diagram/history';
import type { Command } from '../replay/engine';
import { lineMarks } from '../replay/lineMarks';
import type { Trace } from '../runtime/trace';
import { useApp } from '../store/app';
import { effectiveFiles, shippedFiles } from '../store/catalog';
import { useDrafts } from '../store/drafts';
import { type PanelView, panelsStore } from '../store/lessons';
import type { PanelState } from '../store/panels';
import { currentTrace, hitsFor, positionView, uiStateOf } from '../store/selectors';
import { shiftLineAll } from './author/lineShift';
import { PanelAuthor } from './author/PanelAuthor';
import { BreakpointList } from './BreakpointList';
import { CodeView, type GutterBreakpoint } from './CodeView';
import { CompareTable } from './CompareTable';
import { DiagramPane, type ShownHistory } from './diagram/DiagramPane';
import { DivergenceView } from './diagram/DivergenceView';
import { LineLegend } from './diagram/LineLegend';
import { type Lang, t } from './i18n';
import { LAST_CHANGE_KEY, panelKeyHandler } from './keyboard';
import { OutputPane } from './OutputPane';
import { SetupView } from './SetupView';
import { StepNotes } from './StepNotes';
import { Timeline } from './Timeline';
import { ValueView } from './ValueView';

const BUTTONS: { cmd: Command; testid: string; label: Parameters<typeof t>[1]; key?: string }[] = [
  { cmd: 'run', testid: 'run', label: 'run' },
  { cmd: 'debug', testid: 'debug', label: 'debug', key: 'F5' },
  { cmd: 'continue', testid: 'continue', label: 'continue', key: 'F5' },
  { cmd: 'stepOver', testid: 'step-over', label: 'stepOver', key: 'F10' },
  { cmd: 'stepInto', testid: 'step-into', label: 'stepInto', key: 'F11' },
  { cmd: 'stepOut', testid: 'step-out', label: 'stepOut', key: 'Shift+F11' },
  { cmd: 'stepBack', testid: 'step-back', label: 'stepBack', key: 'Shift+F10' },
  { cmd: 'reverseContinue', testid: 'reverse-continue', label: 'reverseContinue', key: 'Shift+F5' },
  { cmd: 'restart', testid: 'restart', label: 'restart', key: 'Ctrl+Shift+F5' },
];

function statusLabel(
  lang: Lang,
  state: string,
  p: PanelState,
  trace: Trace | null,
  line: number | null,
) {
  switch (state) {
    case 'loading':
      return p.pending ? t(lang, 'recording') : t(lang, 'loadingPython');
    case 'ready':
      return t(lang, 'notRun');
    case 'paused':
      return `${t(lang, 'paused')} · ${t(lang, 'line', { n: line ?? '?' })} · ${t(lang, 'step', { n: p.position + 1 })}/${trace?.length ?? 0}`;
    case 'finished':
      return t(lang, 'finished');
    default:
      return trace?.meta.outcome === 'stopped' ? t(lang, 'stopped') : t(lang, 'failed');
  }
}

/** A call stack row's call: `run_hooks(hooks=#12, event='before', payload=#40)`. */
function frameCall(trace: Trace, frameId: number, fn: string): string {
  return trace.meta.frames[frameId][3] === 0 ? fn : `${fn}(${argsOf(trace, frameId)})`;
}

/** One interactive panel: source, toolbar, replay panes. */
export function Panel({ view }: { view: PanelView }) {
  const lang = useApp((s) => s.lang);
  const runtime = useApp((s) => s.runtime);
  const { key, panel, files } = view;
  const p = useStore(panelsStore, (s) => s.panels[key]);
  const actions = panelsStore.getState();
  const [cursorLine, setCursorLine] = useState<number | null>(null);
  const [activeStep, setActiveStep] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<{ frameKey: string; name: string } | null>(null);
  const root = useRef<HTMLElement>(null);
  const author = useDrafts((s) => s.author);
  const draft = useDrafts((s) => s.drafts[view.lesson.id]);
  const editFile = useDrafts((s) => s.editFile);

  useEffect(() => {
    actions.initPanel(
      key,
      panel.scenarios.map((s) => s.id),
      view.initial,
    );
  }, [actions, key, panel.scenarios, view.initial]);

  const trace = p ? currentTrace(p) : null;
  const state = p ? uiStateOf(p, runtime.state === 'ready') : 'loading';
  const pos = p && trace ? positionView(trace, p.position, p.frameIndex) : null;
  const paused = state === 'paused' && pos !== null;
  const hits = p && trace ? hitsFor(trace, p.breakpoints) : null;
  const selectedFrameId = pos
    ? pos.stack[Math.min(p?.frameIndex ?? 0, pos.stack.length - 1)].frameId
    : -1;
  const marks = useMemo(
    () => (trace && pos ? lineMarks(trace, selectedFrameId, pos.event) : null),
    [trace, pos, selectedFrameId],
  );
  const entries = useMemo(
    () =>
      trace && historyOf ? nameHistory(trace, Number(historyOf.frameKey), historyOf.name) : null,
    [trace, historyOf],
  );
  const history: ShownHistory | null =
    historyOf && entries
      ? { name: historyOf.name, entries, last: lastChangeAt(entries, p?.position ?? -1) }
      : null;

  // Which file and which lines the code view shows: the focus function, or,
  // when execution is elsewhere (a callback, the gate), that whole file.
  const shown = useMemo(() => {
    const focus = author
      ? { file: panel.source, start: 1, end: (files[panel.source] ?? '').split('\n').length }
      : { file: panel.source, start: panel.functionRange.start, end: panel.functionRange.end };
    if (!pos || !paused) return focus;
    if (pos.file === panel.source && pos.line >= focus.start && pos.line <= focus.end) return focus;
    if (files[pos.file] !== undefined) {
      return { file: pos.file, start: 1, end: files[pos.file].split('\n').length };
    }
    return focus;
  }, [pos, paused, panel, files, author]);
  // In author mode the editor shows the draft's text as typed (even while the
  // draft does not load), never the last version that loaded.
  const sourceRel = `src/${panel.source}`;
  const draftText =
    author && shown.file === panel.source
      ? effectiveFiles(view.lesson.id, draft)[sourceRel]
      : undefined;
  const shownCode = useMemo(
    () =>
      draftText ??
      (files[shown.file] ?? '')
        .split('\n')
        .slice(shown.start - 1, shown.end)
        .join('\n'),
    [files, shown, draftText],
  );

  const gutter: GutterBreakpoint[] = useMemo(
    () =>
      (p?.breakpoints ?? [])
        .filter((b) => b.file === shown.file)
        .map((b) => ({
          line: b.line,
          enabled: b.enabled,
          kind: b.log !== undefined ? 'log' : b.condition || b.hitCount ? 'condition' : 'plain',
        })),
    [p?.breakpoints, shown.file],
  );

  const toggle = useCallback(
    (line: number) => actions.toggleBreakpoint(key, shown.file, line),
    [actions, key, shown.file],
  );
  const run = useCallback((cmd: Command) => actions.command(key, cmd), [actions, key]);

  if (!p) return null;

  const sourceBps = p.breakpoints
    .filter((b) => b.file === panel.source)
    .map((b) => b.line)
    .sort((a, b) => a - b);
  const currentLine = paused && marks?.runsNext?.file === shown.file ? marks.runsNext.line : null;
  const justRanLine = paused && marks?.justRan?.file === shown.file ? marks.justRan.line : null;
  const lastChange = () => {
    if (history?.last) actions.jumpTo(key, history.last.step);
  };
  const stepForLine =
    currentLine !== null && shown.file === panel.source
      ? panel.steps.findIndex((s) => currentLine >= s.start && currentLine <= s.end)
      : -1;
  const highlightStep = activeStep ?? (stepForLine >= 0 ? stepForLine : null);
  const error = trace?.meta.error ?? null;
  const canStep = runtime.state === 'ready' || trace !== null;

  return (
    <section
      className="panel"
      data-testid="panel"
      data-function={panel.function}
      data-panel={panel.id}
      data-breakpoints={sourceBps.join(',')}
      ref={root}
      onKeyDown={panelKeyHandler({
        run,
        toggleAtCursor: () => {
          if (cursorLine !== null) toggle(cursorLine);
        },
        lastChange,
        state,
      })}
      aria-labelledby={`${key}-title`}
    >
      <header className="panel-head">
        <h3 id={`${key}-title`} className="panel-title">
          <code>{panel.source}</code> · <code>{panel.function}</code>
        </h3>
        <output
          className={`status status-${state}`}
          data-testid="status"
          data-state={state}
          data-line={paused ? pos.line : undefined}
          data-step={paused ? p.position : undefined}
          aria-live="polite"
        >
          {statusLabel(lang, state, p, trace, pos?.line ?? null)}
        </output>
      </header>

      <div className="toolbar" role="toolbar" aria-label="debugger">
        <label className="scenario-pick">
          <span>{t(lang, 'scenario')}</span>
          <select
            data-testid="scenario"
            value={p.scenario}
            onChange={(e) => actions.setScenario(key, e.target.value)}
          >
            {panel.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label[lang]}
              </option>
            ))}
          </select>
        </label>
        {BUTTONS.map((b) => (
          <button
            key={b.testid}
            type="button"
            data-testid={b.testid}
            className={`btn btn-${b.testid}`}
            onClick={() => run(b.cmd)}
            disabled={!canStep || (b.cmd === 'continue' && state !== 'paused')}
            title={b.key ? `${t(lang, b.label)} (${b.key})` : t(lang, b.label)}
          >
            {t(lang, b.label)}
          </button>
        ))}
      </div>

      {error &&
      (state === 'error' ||
        trace?.length === 0 ||
        (state === 'finished' && trace?.meta.outcome !== 'completed')) ? (
        <div className="run-error" role="alert" data-testid="run-error">
          <strong>
            {trace?.meta.outcome === 'stopped'
              ? t(lang, 'stoppedBecause', { why: error.message })
              : `${error.type}: ${error.message}`}
          </strong>
          {error.file ? (
            <span className="err-place" data-testid="error-place">
              {' '}
              {error.file}:{error.line}
              {error.column ? `:${error.column}` : ''}
            </span>
          ) : null}
          {trace?.meta.outcome === 'stopped' && trace.length > 0 ? (
            <p>{t(lang, 'partialTrace')}</p>
          ) : null}
          {error.traceback ? <pre className="traceback">{error.traceback}</pre> : null}
        </div>
      ) : null}

      <div className="panel-main">
        <div className="code-col">
          {paused &&
          (pos.file !== panel.source ||
            pos.line < panel.functionRange.start ||
            pos.line > panel.functionRange.end) ? (
            <div className="now-in" data-testid="now-in">
              {t(lang, 'nowIn')} <code>{shown.file}</code> · <code>{pos?.function}</code>
            </div>
          ) : null}
          <CodeView
            code={shownCode}
            firstLine={draftText !== undefined ? 1 : shown.start}
            editable={draftText !== undefined}
            onChange={(text) =>
              editFile(view.lesson.id, sourceRel, text, shippedFiles(view.lesson.id)[sourceRel])
            }
            onEdits={(edits) =>
              actions.moveBreakpoints(key, panel.source, (line) => shiftLineAll(line, edits))
            }
            markers={
              error?.file === shown.file && error.line
                ? [
                    {
                      line: error.line,
                      column: error.column ?? undefined,
                      message: `${error.type}: ${error.message}`,
                    },
                  ]
                : []
            }
            breakpoints={gutter}
            currentLine={currentLine}
            justRanLine={justRanLine}
            highlight={
              highlightStep !== null && shown.file === panel.source
                ? panel.steps[highlightStep]
                : null
            }
            onToggleBreakpoint={toggle}
            onCursorLine={setCursorLine}
            ariaLabel={`${panel.source} · ${panel.function}`}
          />
          {paused ? <LineLegend lang={lang} /> : null}
          {trace && hits ? (
            <Timeline
              trace={trace}
              position={p.position}
              stops={hits.stops}
              onJump={(n) => actions.jumpTo(key, n)}
              lang={lang}
            />
          ) : null}
        </div>
        <StepNotes
          steps={panel.steps}
          lang={lang}
          current={stepForLine}
          active={activeStep}
          onSelect={(i) => setActiveStep(activeStep === i ? null : i)}
        />
      </div>

      <div className="panes">
        <section className="pane" data-testid="variables" aria-label={t(lang, 'variables')}>
          <h4>{t(lang, 'variables')}</h4>
          {pos && trace ? (
            <ul className="var-list">
              {pos.result ? (
                <li className={`var result-${pos.result.kind}`} data-testid="result">
                  <span className="var-name">
                    {pos.result.kind === 'return' ? t(lang, 'returnValue') : t(lang, 'raised')}
                  </span>
                  <ValueView trace={trace} value={pos.result.value} />
                </li>
              ) : null}
              {pos.variables.length === 0 ? (
                <li className="empty">{t(lang, 'noVariables')}</li>
              ) : null}
              {pos.variables.map((v) => (
                <li
                  key={v.name}
                  className={`var${v.changed ? ' is-changed' : ''}`}
                  data-testid="var"
                  data-name={v.name}
                  data-changed={v.changed ? 'true' : undefined}
                  data-obj-id={trace.value(v.value)?.[2] || undefined}
                >
                  <button
                    type="button"
                    className="var-name var-history-btn"
                    data-testid="var-history-open"
                    title={t(lang, 'historyOf', { name: v.name })}
                    onClick={() =>
                      setHistoryOf({ frameKey: String(selectedFrameId), name: v.name })
                    }
                  >
                    {v.name}
                  </button>
                  <ValueView trace={trace} value={v.value} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{t(lang, 'notStarted')}</p>
          )}
        </section>
        <section className="pane" data-testid="callstack" aria-label={t(lang, 'callStack')}>
          <h4>{t(lang, 'callStack')}</h4>
          <ol className="frames">
            {(pos?.stack ?? []).map((f, i) => (
              <li key={f.frameId}>
                <button
                  type="button"
                  data-testid="frame"
                  data-function={f.function}
                  className={`frame${i === Math.min(p.frameIndex, (pos?.stack.length ?? 1) - 1) ? ' is-selected' : ''}`}
                  onClick={() => actions.selectFrame(key, i)}
                >
                  <code
                    className="frame-call"
                    title={frameCall(trace as Trace, f.frameId, f.function)}
                  >
                    {frameCall(trace as Trace, f.frameId, f.function)}
                  </code>{' '}
                  <span className="frame-loc">
                    {f.file}:{f.line}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
        <OutputPane
          trace={trace}
          position={p.position}
          breakpoints={p.breakpoints}
          hits={hits}
          lang={lang}
        />
        {trace && pos ? (
          <DiagramPane
            trace={trace}
            position={p.position}
            frameIndex={p.frameIndex}
            lang={lang}
            history={history}
            lastChangeKey={LAST_CHANGE_KEY}
            onHistory={setHistoryOf}
            onJump={(n) => actions.jumpTo(key, n)}
          />
        ) : null}
      </div>

      <BreakpointList
        breakpoints={p.breakpoints}
        hits={hits}
        lang={lang}
        onUpdate={(id, change) => actions.updateBreakpoint(key, id, change)}
        onRemove={(id) => actions.removeBreakpoint(key, id)}
      />

      {author ? (
        <PanelAuthor
          lesson={view.lesson}
          panel={panel}
          scenario={p.scenario}
          error={error}
          lang={lang}
          onScenario={(sc) => actions.setScenario(key, sc)}
        />
      ) : null}

      <CompareTable
        breakpoints={p.breakpoints}
        scenarios={panel.scenarios}
        traces={p.traces}
        current={p.scenario}
        lang={lang}
        onPick={(s) => actions.setScenario(key, s)}
      />

      <DivergenceView
        scenarios={panel.scenarios}
        traceOf={(s) => p.traces[s]?.trace ?? null}
        current={p.scenario}
        lang={lang}
        onJump={(s, step) => {
          actions.setScenario(key, s);
          actions.jumpTo(key, step);
        }}
      />

      <SetupView files={view.setupFiles} lang={lang} />
      <p className="panel-note">{t(lang, 'readOnlyNote')}</p>
    </section>
  );
}
