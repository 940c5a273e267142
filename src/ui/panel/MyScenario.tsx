import { lazy, Suspense, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type Lang, t } from '../../i18n';
import { useApp } from '../../store/app';
import { keptFrom, useKept } from '../../store/keptAside';
import type { MyScenarioActions } from '../../store/myScenarioActions';
import { myScenarioKey } from '../../store/myScenarioStore';
import type { MyScenarioDisplay } from '../../store/myScenarioView';
import type { PanelActions } from '../../store/panelActions';
import { KeptNotice } from '../KeptNotice';
import { pythonFailedNote } from '../pythonStatus';

// The script's editor, fetched when the student opens it (or reopens the page on it).
const ScriptEditor = lazy(() =>
  import('./MyScenarioEditor').then((m) => ({ default: m.ScriptEditor })),
);

/**
 * "My scenario" in a panel: while a lesson scenario is shown, the button that copies it
 * into the student's own scenario; while the own scenario is shown, its editable script
 * with Reset and Restore and its run's state. What to show comes from `myScenarioView`.
 */
export function MyScenario(props: {
  display: MyScenarioDisplay;
  lang: Lang;
  mine: MyScenarioActions;
  actions: PanelActions;
  /** Where the keyboard cursor is in the script (null when it leaves), for F9. */
  onCursor(at: { file: string; line: number } | null): void;
}) {
  const { display, lang, mine } = props;
  const { start, editor } = display;
  // The button is replaced by the editor it opens: the keyboard goes there with it.
  const [focusEditor, setFocusEditor] = useState(false);
  // Said before the click: a script of one's own cannot run while Python is unavailable.
  const unavailable = useApp((s) => pythonFailedNote(s.runtime, 'featureMyScenario', lang));
  const noteId = useId();
  // A script saved here earlier that the page could not read (store/keptAside.ts); while
  // it still holds the panel's key (`at === of`), nothing typed here is stored.
  const kept = useKept(useShallow((s) => keptFrom(s.entries, { key: myScenarioKey(mine.panel) })));
  const keptNotice = <KeptNotice entries={kept} lang={lang} says="keptMine" prefix="" />;
  if (editor) {
    const held = kept.some((e) => e.at === e.of);
    return (
      <>
        {keptNotice}
        <Suspense fallback={null}>
          <ScriptEditor
            {...props}
            editor={held ? { ...editor, kept: false } : editor}
            focus={focusEditor}
          />
        </Suspense>
      </>
    );
  }
  if (!start) return keptNotice;
  const base = start.label[lang];
  return (
    <div className="my-scenario-start">
      {keptNotice}
      <button
        type="button"
        className="btn-small"
        data-testid="my-scenario-start"
        data-replaces={start.replaces ? 'true' : undefined}
        aria-describedby={unavailable ? noteId : undefined}
        title={t(lang, start.replaces ? 'myScenarioRestartHint' : 'myScenarioTryHint', { base })}
        onClick={() => {
          setFocusEditor(true);
          mine.start(lang);
        }}
      >
        {t(lang, start.replaces ? 'myScenarioRestart' : 'myScenarioTry')}
      </button>
      {unavailable ? (
        // Described by, not announced: every panel has one, and the top bar's alert speaks.
        <p className="my-scenario-python" data-testid="my-scenario-python" id={noteId}>
          {unavailable}
        </p>
      ) : null}
    </div>
  );
}
