import { useState } from 'react';
import {
  addScenario,
  deleteScenario,
  duplicateScenario,
  labelScenario,
  type ManifestEdit,
  renameScenario,
} from '../../lessons/edit';
import type { Lesson, ResolvedPanel } from '../../lessons/schema';
import { effectiveFiles, shippedFiles } from '../../store/catalog';
import { useDrafts } from '../../store/drafts';
import type { RunError } from '../../trace/trace';
import { CodeView } from '../CodeView';
import type { Lang } from '../i18n';

const L = {
  files: { zh: '可编辑的文件', en: 'Editable files' },
  scenarioId: { zh: '新场景 id', en: 'new scenario id' },
  add: { zh: '新增场景', en: 'Add scenario' },
  duplicate: { zh: '复制当前场景', en: 'Duplicate current' },
  rename: { zh: '重命名当前场景', en: 'Rename current' },
  remove: { zh: '删除当前场景', en: 'Delete current' },
  labelZh: { zh: '中文标签', en: 'label (zh)' },
  labelEn: { zh: '英文标签', en: 'label (en)' },
} as const;

/** The lesson-relative path of a Python file name used in a run. */
export function lessonPathOf(lesson: Lesson, pythonPath: string): string {
  return lesson.sources.some((s) => s.path === pythonPath) ? `src/${pythonPath}` : pythonPath;
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
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (fn: (manifest: string) => ManifestEdit, select?: string) => {
    try {
      const edit = fn(files['lesson.json']);
      const shipped = shippedFiles(lesson.id);
      editFile(lesson.id, 'lesson.json', edit.manifest, shipped['lesson.json']);
      for (const [p, text] of Object.entries(edit.write)) editFile(lesson.id, p, text, shipped[p]);
      for (const p of edit.remove)
        editFile(lesson.id, p, null, shipped[p] === undefined ? null : undefined);
      setProblem(null);
      setNewId('');
      if (select) setTimeout(() => onScenario(select), 300);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const markers =
    error?.file === active && error.line
      ? [
          {
            line: error.line,
            column: error.column ?? undefined,
            message: `${error.type}: ${error.message}`,
          },
        ]
      : [];

  return (
    <section className="panel-author" data-testid="panel-author">
      <div className="scenario-tools">
        <input
          value={newId}
          onChange={(e) => setNewId(e.target.value.trim())}
          placeholder={L.scenarioId[lang]}
          aria-label={L.scenarioId[lang]}
          data-testid="scenario-id"
        />
        <button
          type="button"
          data-testid="scenario-add"
          onClick={() => apply((m) => addScenario(m, panel.id, newId), newId)}
        >
          {L.add[lang]}
        </button>
        <button
          type="button"
          data-testid="scenario-duplicate"
          onClick={() =>
            apply((m) => duplicateScenario(m, panel.id, scenario, newId, files), newId)
          }
        >
          {L.duplicate[lang]}
        </button>
        <button
          type="button"
          data-testid="scenario-rename"
          onClick={() => apply((m) => renameScenario(m, scenario, newId, files), newId)}
        >
          {L.rename[lang]}
        </button>
        <button
          type="button"
          data-testid="scenario-delete"
          onClick={() => apply((m) => deleteScenario(m, panel.id, scenario))}
        >
          {L.remove[lang]}
        </button>
        {current ? (
          <>
            <input
              key={`zh-${current.id}`}
              defaultValue={current.label.zh}
              aria-label={L.labelZh[lang]}
              data-testid="scenario-label-zh"
              onBlur={(e) =>
                apply((m) =>
                  labelScenario(m, current.id, { zh: e.target.value, en: current.label.en }),
                )
              }
            />
            <input
              key={`en-${current.id}`}
              defaultValue={current.label.en}
              aria-label={L.labelEn[lang]}
              data-testid="scenario-label-en"
              onBlur={(e) =>
                apply((m) =>
                  labelScenario(m, current.id, { zh: current.label.zh, en: e.target.value }),
                )
              }
            />
          </>
        ) : null}
      </div>
      {problem ? (
        <p className="author-error" role="alert" data-testid="author-error">
          {problem}
        </p>
      ) : null}
      <div className="author-tabs" role="tablist" aria-label={L.files[lang]}>
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === active}
            data-testid="author-tab"
            data-file={t}
            onClick={() => setTab(t)}
          >
            {t}
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
          markers={markers}
        />
      </div>
    </section>
  );
}
