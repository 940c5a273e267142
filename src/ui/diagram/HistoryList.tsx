import { type Lang, t } from '../../i18n';
import type { HistoryEntry } from '../../trace/history';

/** Props of {@link HistoryList}. */
export interface HistoryListProps {
  /** What the history is of, as the reader sees it (`warnings`, `#12`). */
  name: string;
  entries: readonly HistoryEntry[];
  position: number;
  /** The newest change at or before the position (highlighted; the "last change" target). */
  last: HistoryEntry | null;
  lang: Lang;
  /** The "go to last change" command's `aria-keyshortcuts`, and its keys as people read them. */
  shortcut: string;
  shortcutLabel: string;
  onJump(step: number): void;
  onClose(): void;
}

/** "Where did this value come from?": every change of one name, each a jump to its step. */
export function HistoryList({
  name,
  entries,
  position,
  last,
  lang,
  shortcut,
  shortcutLabel,
  onJump,
  onClose,
}: HistoryListProps) {
  return (
    <section className="history" data-testid="history" aria-label={t(lang, 'historyOf', { name })}>
      <div className="history-head">
        <h5>{t(lang, 'historyTitle', { name })}</h5>
        <button
          type="button"
          data-testid="last-change"
          disabled={last === null}
          onClick={() => last && onJump(last.step)}
          aria-keyshortcuts={shortcut}
          title={`${t(lang, 'lastChange')} (${shortcutLabel})`}
        >
          {t(lang, 'lastChange')}
        </button>
        <button type="button" className="history-close" onClick={onClose}>
          {t(lang, 'closeHistory')}
        </button>
      </div>
      {entries.length === 0 ? <p className="empty">{t(lang, 'historyEmpty')}</p> : null}
      <ol className="history-rows">
        {entries.map((e) => (
          <li key={`${e.step}:${e.text}`}>
            <button
              type="button"
              data-testid="var-history"
              data-step={e.step}
              data-line={e.line}
              className={`history-row${e.step > position ? ' is-future' : ''}${e.step === last?.step ? ' is-last' : ''}`}
              aria-current={e.step === position ? 'step' : undefined}
              onClick={() => onJump(e.step)}
            >
              <span className="history-where">
                {t(lang, 'historyRow', { step: e.step + 1, line: e.line })}
              </span>{' '}
              <span className="history-kind">
                {t(
                  lang,
                  e.kind === 'changed' ? 'mutated' : e.kind === 'deleted' ? 'deleted' : 'assigned',
                )}
              </span>{' '}
              <code>{e.kind === 'deleted' ? '—' : e.text}</code>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
