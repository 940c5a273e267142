import { useId, useState } from 'react';
import { type Lang, sentenceGap, t } from '../../i18n';
import { shiftLineAll } from '../../lessons/lineShift';
import { useApp } from '../../store/app';
import type { MyScenarioActions } from '../../store/myScenarioActions';
import type { MyScenarioEditor } from '../../store/myScenarioView';
import type { PanelActions } from '../../store/panelActions';
import { CodeView } from '../CodeView';
import { onPhone } from '../phone';
import { pythonFailedNote } from '../pythonStatus';

/** The student's script, editable, with what its run did. */
export function ScriptEditor(props: {
  editor: MyScenarioEditor;
  lang: Lang;
  mine: MyScenarioActions;
  actions: PanelActions;
  onCursor(at: { file: string; line: number } | null): void;
  /** Take the keyboard focus when the editor appears (it replaced the focused button). */
  focus: boolean;
}) {
  const { editor: e, lang, mine, actions, onCursor } = props;
  const base = e.base.label[lang];
  const helpId = useId();
  // Said once after a reset, next to the way back.
  const [replaced, setReplaced] = useState(false);
  // Python failed to start: say why it cannot run, not that it waits.
  const unavailable = useApp((s) => pythonFailedNote(s.runtime, 'featureMyScenario', lang));
  return (
    <details
      className="my-scenario"
      open
      data-testid="my-scenario"
      data-edited={e.edited ? 'true' : 'false'}
      data-file={e.path}
    >
      <summary>
        <strong>{t(lang, 'myScenarioTitle')}</strong> <code>{e.path}</code> ·{' '}
        {t(lang, 'myScenarioFrom', { base })} ·{' '}
        <span data-testid="my-scenario-state">
          {t(lang, e.edited ? 'myScenarioEdited' : 'myScenarioUnchanged')}
        </span>
      </summary>
      <p className="hint" id={helpId}>
        {t(lang, 'myScenarioHelp')}
        {sentenceGap(lang)}
        <span data-testid="my-scenario-kept" data-kept={e.kept ? 'true' : 'false'}>
          {t(lang, e.kept ? 'myScenarioKept' : 'myScenarioNotKept')}
        </span>
        {sentenceGap(lang)}
        {t(lang, 'editorTabOut')}
      </p>
      <div className="my-scenario-tools">
        <button
          type="button"
          className="btn-small"
          data-testid="my-scenario-reset"
          title={t(lang, 'myScenarioResetHint', { base })}
          disabled={!e.edited}
          onClick={() => {
            mine.reset(lang);
            setReplaced(true);
          }}
        >
          {t(lang, 'myScenarioReset', { base })}
        </button>
        {e.canRestore ? (
          <button
            type="button"
            className="btn-small"
            data-testid="my-scenario-restore"
            title={t(lang, 'myScenarioRestoreHint')}
            onClick={() => {
              mine.restore();
              setReplaced(false);
            }}
          >
            {t(lang, 'myScenarioRestore')}
          </button>
        ) : null}
        {replaced && !e.edited ? (
          <span role="status" data-testid="my-scenario-replaced">
            {t(lang, 'myScenarioReplaced', { base })}
          </span>
        ) : null}
      </div>
      <div
        className="my-scenario-editor"
        data-testid="my-scenario-editor"
        aria-describedby={helpId}
      >
        <CodeView
          code={e.code}
          firstLine={1}
          editable
          breakpoints={e.gutter}
          currentLine={null}
          markers={e.markers}
          onToggleBreakpoint={(line) => actions.toggleBreakpoint(e.path, line)}
          onCursorLine={(line) => onCursor(line === null ? null : { file: e.path, line })}
          onChange={(text) => {
            mine.edit(text);
            setReplaced(false);
          }}
          onEdits={(edits) => actions.moveBreakpoints(e.path, (line) => shiftLineAll(line, edits))}
          ariaLabel={t(lang, 'myScenarioEditor')}
          lang={lang}
          // On a phone its comments (a sentence each) would run off the narrow box.
          wrap={onPhone()}
          autoFocus={props.focus}
        />
      </div>
      <p className="my-scenario-run" aria-live="polite" data-testid="my-scenario-run">
        {e.needsPython
          ? (unavailable ?? t(lang, 'myScenarioNeedsPython'))
          : e.recording
            ? t(lang, 'myScenarioRecording')
            : ''}
      </p>
      {e.error ? (
        <p
          className="my-scenario-error"
          role="alert"
          data-testid="my-scenario-error"
          data-line={e.error.line}
        >
          {t(lang, 'myScenarioErrorAt', { line: e.error.line })} <code>{e.error.text}</code>
        </p>
      ) : null}
    </details>
  );
}
