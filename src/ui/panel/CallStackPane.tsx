import { t } from '../../i18n';
import { paneLabel } from './paneLabel';
import type { PaneProps } from './panes';
import { useRovingFocus } from './roving';

/**
 * The call stack at the current step; a click selects the frame the variables show. One
 * Tab stop, at the selected frame; the arrows move between frames (./roving.ts).
 */
export function CallStackPane({ view, actions, lang, panel }: PaneProps) {
  const roving = useRovingFocus<HTMLOListElement>('button');
  return (
    <section
      className="pane"
      data-testid="callstack"
      aria-label={paneLabel(t(lang, 'callStack'), panel.function)}
    >
      <h4>{t(lang, 'callStack')}</h4>
      <ol className="frames" {...roving}>
        {(view.pos?.stack ?? []).map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the depth is the row's identity: a jump to another call at the same depth updates the row rather than replacing it
          <li key={i}>
            <button
              type="button"
              data-testid="frame"
              data-function={f.function}
              className={`frame${i === view.selectedFrame ? ' is-selected' : ''}`}
              aria-pressed={i === view.selectedFrame}
              onClick={() => actions.selectFrame(i)}
            >
              <code className="frame-call" title={view.calls[i]}>
                {view.calls[i] ?? f.function}
              </code>{' '}
              <span className="frame-loc">
                {f.file}:{f.line}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
