import { isImplicitName } from '../../diagram/args';
import { t } from '../../i18n';
import { resultLabel } from '../../store/resultText';
import { refId } from '../../trace/values';
import { paneLabel } from './paneLabel';
import type { PaneProps } from './panes';
import { useRovingFocus } from './roving';
import { ValueView } from './ValueView';

/**
 * The variables of the selected frame, with the return value or exception of the step.
 * A name is a button: it shows where the value came from (its history). The list is one
 * Tab stop; the arrows move between its names and expanders (./roving.ts).
 */
export function VariablesPane({ view, actions, lang, panel }: PaneProps) {
  const { pos, trace } = view;
  const frameId = pos?.stack[view.selectedFrame]?.frameId ?? -1;
  const roving = useRovingFocus<HTMLUListElement>('button');
  return (
    <section
      className="pane"
      data-testid="variables"
      aria-label={paneLabel(t(lang, 'variables'), panel.function)}
    >
      <h4>{t(lang, 'variables')}</h4>
      {pos && trace ? (
        <ul className="var-list" {...roving}>
          {pos.result ? (
            <li className={`var result-${pos.result.kind}`} data-testid="result">
              <span className="var-name">{resultLabel(lang, pos.result.kind)}</span>
              <ValueView
                trace={trace}
                value={pos.result.value}
                step={pos.event}
                lang={lang}
                onLocate={actions.locate}
              />
            </li>
          ) : null}
          {pos.variables.length === 0 ? <li className="empty">{t(lang, 'noVariables')}</li> : null}
          {pos.variables.map((v) => (
            <li
              key={v.name}
              className={`var${v.changed ? ' is-changed' : ''}`}
              data-testid="var"
              data-name={v.name}
              data-changed={v.changed ? 'true' : undefined}
              data-obj-id={refId(v.value) || undefined}
            >
              <button
                type="button"
                className="var-name var-history-btn"
                data-testid="var-history-open"
                title={t(lang, 'historyOf', { name: v.name })}
                aria-label={t(lang, 'historyOf', { name: v.name })}
                onClick={() => actions.showHistory({ frameId, name: v.name })}
              >
                {v.name}
              </button>
              {isImplicitName(v.name) ? (
                <span className="var-implicit">{t(lang, 'implicitIterator')}</span>
              ) : null}
              <ValueView
                trace={trace}
                value={v.value}
                step={pos.event}
                lang={lang}
                onLocate={actions.locate}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t(lang, 'notStarted')}</p>
      )}
    </section>
  );
}
