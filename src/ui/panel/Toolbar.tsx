import { useEffect, useRef } from 'react';
import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import {
  activeKeys,
  ariaKeyShortcuts,
  type CommandId,
  keyLabel,
  labelOf,
  TOOLBAR_COMMANDS,
} from '../../store/commands';
import { compactStatus, type PanelViewModel } from '../../store/panelView';

/**
 * Where focus goes when the focused button becomes disabled (Continue reaching the end):
 * Debug (start again), else the nearest live button.
 */
export function focusFallback(
  from: CommandId,
  enabled: Readonly<Record<CommandId, boolean>>,
): CommandId | null {
  if (enabled.debug) return 'debug';
  const ids = TOOLBAR_COMMANDS.map((c) => c.id);
  const at = ids.indexOf(from);
  for (let d = 1; d < ids.length; d++) {
    for (const i of [at + d, at - d]) if (ids[i] && enabled[ids[i]]) return ids[i];
  }
  return null;
}

/** The scenario picker (with its description) and one button per toolbar command. */
export function Toolbar(props: {
  panel: ResolvedPanel;
  scenario: string;
  view: PanelViewModel;
  lang: Lang;
  onScenario(id: string): void;
  onCommand(id: CommandId): void;
}) {
  const { panel, scenario, view, lang, onScenario, onCommand } = props;
  const bar = useRef<HTMLDivElement>(null);
  const focused = useRef<CommandId | null>(null);
  const ctx = view.commandContext;
  const description = panel.scenarios.find((s) => s.id === scenario)?.description?.[lang];
  const descId = `${panel.id}-scenario-desc`;

  // A disabled button drops focus to the page: hand it to a live button of this panel.
  useEffect(() => {
    const from = focused.current;
    if (!from || view.commands[from]) return;
    const active = document.activeElement;
    const button = bar.current?.querySelector<HTMLButtonElement>(`[data-command=${from}]`);
    if (active !== document.body && active !== button && active !== null) return;
    const to = focusFallback(from, view.commands);
    if (to) bar.current?.querySelector<HTMLButtonElement>(`[data-command=${to}]`)?.focus();
  }, [view.commands]);

  return (
    <div className="toolbar-wrap">
      <div className="scenario-pick">
        <label>
          <span>{t(lang, 'scenario')}</span>{' '}
          <select
            data-testid="scenario"
            value={scenario}
            aria-describedby={description ? descId : undefined}
            onChange={(e) => onScenario(e.target.value)}
          >
            {panel.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label[lang]}
              </option>
            ))}
          </select>
        </label>
        {description ? (
          <p className="scenario-desc" id={descId} data-testid="scenario-description">
            {description}
          </p>
        ) : null}
      </div>
      <div
        className="toolbar"
        role="toolbar"
        aria-label={t(lang, 'toolbar')}
        ref={bar}
        data-testid="toolbar"
      >
        {TOOLBAR_COMMANDS.map((c) => {
          const label = t(lang, labelOf(c, ctx));
          const keys = activeKeys(c, ctx).map(keyLabel).join(', ');
          return (
            <button
              key={c.id}
              type="button"
              data-testid={c.button}
              data-command={c.id}
              className={`btn btn-${c.button}`}
              onClick={() => onCommand(c.id)}
              onFocus={() => {
                focused.current = c.id;
              }}
              onBlur={(e) => {
                // Keep the id while the button is losing focus by being disabled.
                if (!e.currentTarget.disabled) focused.current = null;
              }}
              disabled={!view.commands[c.id]}
              title={keys ? `${label} (${keys})` : label}
              aria-keyshortcuts={ariaKeyShortcuts(c, ctx)}
            >
              {label}
            </button>
          );
        })}
        {/* Shown on a phone only (student.css), where the badge has scrolled away: a copy
            of it, so hidden from assistive technology, which has the badge itself. */}
        <span className="toolbar-where" aria-hidden="true" data-testid="toolbar-where">
          {compactStatus(lang, view)}
        </span>
      </div>
    </div>
  );
}
