import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/schema';
import { ariaKeyShortcuts, type CommandId, keyLabel, TOOLBAR_COMMANDS } from '../../store/commands';
import type { PanelViewModel } from '../../store/panelView';

/** The scenario picker and one button per toolbar command of the command table. */
export function Toolbar(props: {
  panel: ResolvedPanel;
  scenario: string;
  view: PanelViewModel;
  lang: Lang;
  onScenario(id: string): void;
  onCommand(id: CommandId): void;
}) {
  const { panel, scenario, view, lang, onScenario, onCommand } = props;
  return (
    <div className="toolbar" role="toolbar" aria-label={t(lang, 'toolbar')}>
      <label className="scenario-pick">
        <span>{t(lang, 'scenario')}</span>
        <select
          data-testid="scenario"
          value={scenario}
          onChange={(e) => onScenario(e.target.value)}
        >
          {panel.scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label[lang]}
            </option>
          ))}
        </select>
      </label>
      {TOOLBAR_COMMANDS.map((c) => {
        const label = t(lang, c.label);
        const keys = c.keys.map(keyLabel).join(', ');
        return (
          <button
            key={c.id}
            type="button"
            data-testid={c.button}
            className={`btn btn-${c.button}`}
            onClick={() => onCommand(c.id)}
            disabled={!view.commands[c.id]}
            title={keys ? `${label} (${keys})` : label}
            aria-keyshortcuts={ariaKeyShortcuts(c)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
