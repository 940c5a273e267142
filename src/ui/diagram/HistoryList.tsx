import { useEffect, useRef } from 'react';
import { type Lang, t } from '../../i18n';
import type { HistoryEntry } from '../../trace/history';
import { paneLabel } from '../panel/paneLabel';

/** Props of {@link HistoryList}. */
export interface HistoryListProps {
  /** What the history is of, as the reader sees it (`warnings`, `#12`). */
  name: string;
  /**
   * The reader's request (a new object each time a name is asked for, even the same name
   * again): each brings the list into view and gives it the focus.
   */
  request: object;
  entries: readonly HistoryEntry[];
  /** Too many objects inside to follow: say that deeper changes may be missing. */
  partial?: boolean;
  position: number;
  /** The newest change at or before the position (highlighted; the "last change" target). */
  last: HistoryEntry | null;
  /** The panel's function: two panels' lists of one name are told apart (`paneLabel`). */
  fn: string;
  lang: Lang;
  /** The "go to last change" command's `aria-keyshortcuts`, and its keys as people read them. */
  shortcut: string;
  shortcutLabel: string;
  onJump(step: number): void;
  onClose(): void;
}

/**
 * "Where did this value come from?": every change of one name, each a jump to its step.
 * Opened from a name (in the variables or the diagram, maybe far above), it scrolls into
 * view and takes the focus; Escape or Close shut it and give the focus back to that name.
 */
export function HistoryList({
  name,
  request,
  entries,
  partial,
  position,
  last,
  fn,
  lang,
  shortcut,
  shortcutLabel,
  onJump,
  onClose,
}: HistoryListProps) {
  const box = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new request
  useEffect(() => {
    if (!box.current?.contains(document.activeElement)) opener.current = document.activeElement;
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [request]);
  const close = () => {
    const back = opener.current;
    onClose();
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  return (
    <section
      ref={box}
      tabIndex={-1}
      className="history"
      data-testid="history"
      aria-label={paneLabel(t(lang, 'historyOf', { name }), fn)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close();
      }}
    >
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
        <button type="button" className="history-close" data-testid="history-close" onClick={close}>
          {t(lang, 'closeHistory')}
        </button>
      </div>
      {entries.length === 0 ? <p className="empty">{t(lang, 'historyEmpty')}</p> : null}
      {partial ? (
        <p className="hint" data-testid="history-partial">
          {t(lang, 'historyPartial')}
        </p>
      ) : null}
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
                {t(lang, 'historyRow', {
                  step: e.step + 1,
                  file: e.file.slice(e.file.lastIndexOf('/') + 1),
                  line: e.line,
                })}
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
