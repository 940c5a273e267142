import { useId, useState } from 'react';
import { type Lang, sentenceGap } from '../../i18n';
import { tAuthor as t } from '../../i18n/authorTable';
import {
  addScenario,
  deleteScenario,
  describeScenario,
  duplicateScenario,
  labelScenario,
  type ManifestEdit,
  renameScenario,
  scenarioTextsIn,
} from '../../lessons/edit';
import type { Lesson, LessonScenario, ResolvedPanel } from '../../lessons/lesson';
import { sourceFile } from '../../lessons/lesson';
import { errorText } from '../../lessons/messageText';
import { LANGS } from '../../lessons/schema';
import { effectiveFiles, shippedFiles } from '../../store/catalog';
import { useDrafts } from '../../store/drafts';
import { isStop, runErrorText } from '../../store/runErrorText';
import type { RunError } from '../../trace/meta';
import { CodeView } from '../CodeView';

/** The lesson-relative path of a Python file name used in a run. */
export function lessonPathOf(lesson: Lesson, pythonPath: string): string {
  return lesson.sources.some((s) => s.path === pythonPath) ? sourceFile(pythonPath) : pythonPath;
}

/**
 * Author tools under a panel: the setup, the current scenario's script, the
 * entry and the other sources as editable Python (errors shown as markers at
 * their line), and scenario management (add, duplicate, rename, delete, labels).
 */
export function PanelAuthor(props: {
  lesson: Lesson;
  panel: ResolvedPanel;
  scenario: string;
  error: RunError | null;
  lang: Lang;
  onScenario(id: string): void;
}) {
  const { lesson, panel, scenario, error, lang, onScenario } = props;
  const draft = useDrafts((s) => s.drafts[lesson.id]);
  const editFile = useDrafts((s) => s.editFile);
  const current = panel.scenarios.find((s) => s.id === scenario);
  const tabs = [
    lesson.setup.path,
    ...(current?.script ? [current.script.path] : []),
    panel.entry.path,
    ...lesson.sources.filter((s) => s.path !== panel.source).map((s) => s.path),
  ];
  const [tab, setTab] = useState(tabs[0]);
  const active = tabs.includes(tab) ? tab : tabs[0];
  const rel = lessonPathOf(lesson, active);
  const files = effectiveFiles(lesson.id, draft);
  const [newId, setNewId] = useState('');
  // The caught error itself, rendered in the reader's language (which may change).
  const [problem, setProblem] = useState<unknown>(null);

  const apply = (fn: (manifest: string) => ManifestEdit, select?: string, open?: string) => {
    try {
      const edit = fn(files['lesson.json']);
      const shipped = shippedFiles(lesson.id);
      editFile(lesson.id, 'lesson.json', edit.manifest, shipped['lesson.json']);
      for (const [p, text] of Object.entries(edit.write)) editFile(lesson.id, p, text, shipped[p]);
      for (const p of edit.remove)
        editFile(lesson.id, p, null, shipped[p] === undefined ? null : undefined);
      setProblem(null);
      // The id field served this edit only when the edit made or renamed a scenario.
      if (select) setNewId('');
      // A new scenario's script is where the author goes next: open its tab.
      if (open) setTab(open);
      // The scenario list is the draft's: the new scenario can be chosen at once.
      if (select) onScenario(select);
    } catch (err) {
      setProblem(err);
    }
  };

  const markers =
    error?.file === active && error.line
      ? [
          {
            line: error.line,
            column: error.column ?? undefined,
            message: isStop(error) ? runErrorText(lang, error) : `${error.type}: ${error.message}`,
          },
        ]
      : [];

  return (
    <section className="panel-author" data-testid="panel-author">
      <div className="scenario-tools">
        <input
          value={newId}
          onChange={(e) => setNewId(e.target.value.trim())}
          placeholder={t(lang, 'newScenarioId')}
          aria-label={t(lang, 'newScenarioId')}
          data-testid="scenario-id"
        />
        <button
          type="button"
          data-testid="scenario-add"
          onClick={() =>
            apply((m) => addScenario(m, panel.id, newId), newId, `scenarios/${newId}.py`)
          }
        >
          {t(lang, 'addScenario')}
        </button>
        <button
          type="button"
          data-testid="scenario-duplicate"
          onClick={() =>
            apply((m) => duplicateScenario(m, panel.id, scenario, newId, files), newId)
          }
        >
          {t(lang, 'duplicateScenario')}
        </button>
        <button
          type="button"
          data-testid="scenario-rename"
          onClick={() => apply((m) => renameScenario(m, scenario, newId, files), newId)}
        >
          {t(lang, 'renameScenario')}
        </button>
        <button
          type="button"
          data-testid="scenario-delete"
          onClick={() => apply((m) => deleteScenario(m, panel.id, scenario))}
        >
          {t(lang, 'deleteScenario')}
        </button>
      </div>
      {current ? (
        <ScenarioTexts
          scenario={current}
          manifest={files['lesson.json']}
          lang={lang}
          apply={apply}
        />
      ) : null}
      {problem ? (
        <p className="author-error" role="alert" data-testid="author-error">
          {errorText(problem, lang)}
        </p>
      ) : null}
      <div className="author-tabs" role="tablist" aria-label={t(lang, 'editableFiles')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === active}
            data-testid="author-tab"
            data-file={name}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div data-testid="author-editor" data-file={active}>
        <CodeView
          code={files[rel] ?? ''}
          firstLine={1}
          breakpoints={[]}
          currentLine={null}
          editable
          onToggleBreakpoint={() => {}}
          onChange={(text) => editFile(lesson.id, rel, text, shippedFiles(lesson.id)[rel])}
          ariaLabel={active}
          lang={lang}
          markers={markers}
        />
      </div>
      {error && (error.file || isStop(error)) ? (
        <DraftRunError error={error} tabs={tabs} active={active} lang={lang} onOpen={setTab} />
      ) : null}
    </section>
  );
}

/**
 * A text field with a visible label, saved on every keystroke like the code editors. It is
 * uncontrolled: the draft it writes may not parse, and the field must keep what was typed.
 */
function TextField(props: {
  label: string;
  value: string;
  testid: string;
  /** A few lines (a description) instead of one (a label); it takes the fieldset's width. */
  multiline?: boolean;
  onCommit(value: string): void;
}) {
  const id = useId();
  const field = {
    id,
    defaultValue: props.value,
    'data-testid': props.testid,
    onChange: (e: { target: { value: string } }) => props.onCommit(e.target.value),
  };
  return (
    <div className={props.multiline ? 'text-field text-field-wide' : 'text-field'}>
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? <textarea rows={2} {...field} /> : <input {...field} />}
    </div>
  );
}

/**
 * The current scenario's label and description, in both languages, with visible labels.
 * Each field writes only its own language into the manifest text as it stands, so the other
 * field's value is never taken from an older, possibly invalid, draft.
 */
function ScenarioTexts(props: {
  scenario: LessonScenario;
  /** The draft's manifest text: the fields show what it holds, valid or not yet. */
  manifest: string | undefined;
  lang: Lang;
  apply(fn: (manifest: string) => ManifestEdit): void;
}) {
  const { scenario: s, lang, apply } = props;
  const now = props.manifest === undefined ? null : scenarioTextsIn(props.manifest, s.id);
  const fields = [
    ...LANGS.map((l) => ({
      key: `label-${l}`,
      label: t(lang, l === 'zh' ? 'labelZh' : 'labelEn'),
      value: now?.label[l] ?? s.label[l],
      edit: (m: string, v: string) => labelScenario(m, s.id, l, v),
    })),
    ...LANGS.map((l) => ({
      key: `desc-${l}`,
      label: t(lang, l === 'zh' ? 'scenarioDescZh' : 'scenarioDescEn'),
      value: now?.description[l] ?? s.description?.[l] ?? '',
      multiline: true,
      edit: (m: string, v: string) => describeScenario(m, s.id, l, v),
    })),
  ];
  return (
    <fieldset className="scenario-texts" key={s.id} data-testid="scenario-texts">
      <legend>{t(lang, 'scenarioTexts')}</legend>
      {fields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          value={f.value}
          testid={`scenario-${f.key}`}
          multiline={'multiline' in f}
          onCommit={(v) => apply((m) => f.edit(m, v))}
        />
      ))}
    </fieldset>
  );
}

/**
 * The draft's run error, right under the editor: its file and line, the message, and a
 * way to open the file that raised it when another tab is showing.
 */
function DraftRunError(props: {
  error: RunError;
  /** The editable files shown as tabs. */
  tabs: readonly string[];
  active: string;
  lang: Lang;
  onOpen(file: string): void;
}) {
  const { error, tabs, active, lang, onOpen } = props;
  const file = error.file ?? '';
  return (
    <div className="author-run-error" role="alert" data-testid="author-run-error" data-file={file}>
      {isStop(error) ? (
        // A stop is the app's doing, worded in the reader's language; the place is where
        // the run was when the budget ran out.
        <>
          {file
            ? t(lang, 'draftStopped', { file, line: error.line ?? '?' })
            : t(lang, 'draftStoppedEarly')}
          {sentenceGap(lang)}
          {runErrorText(lang, error)}
        </>
      ) : (
        <>
          {t(lang, 'draftRunError', { file, line: error.line ?? '?' })}{' '}
          <code>
            {error.type}: {error.message}
          </code>
        </>
      )}
      {file !== active && tabs.includes(file) ? (
        <>
          {' '}
          <button type="button" data-testid="author-run-error-open" onClick={() => onOpen(file)}>
            {t(lang, 'openFile', { file })}
          </button>
        </>
      ) : null}
    </div>
  );
}
