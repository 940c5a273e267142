import { memo } from 'react';
import { type Lang, t } from '../../i18n';
import type { Breakpoint } from '../../replay/engine';
import { useApp } from '../../store/app';
import { type BreakpointRow, hitsText, probeErrorText } from '../../store/panelView';
import { usePanelSaving } from '../../store/share';
import { pythonNeedNote } from '../pythonStatus';

/**
 * The breakpoint list: enable/disable, condition (a Python expression evaluated in the
 * recorded frame), stop-on-Nth-hit, and logpoint messages. Each row says what its count
 * counts, and shows its condition's or message's error where it failed.
 */
function BreakpointListView(props: {
  rows: BreakpointRow[];
  lang: Lang;
  onUpdate(id: string, change: Partial<Omit<Breakpoint, 'id'>>): void;
  onRemove(id: string): void;
}) {
  const { rows, lang, onUpdate, onRemove } = props;
  const runtime = useApp((s) => s.runtime);
  const unsaved = usePanelSaving((s) => s.refused) && rows.length > 0;
  // A field takes effect when the student leaves it or presses Enter. Enter keeps the focus
  // where it is (blurring would drop it on the page body, far from the row). `commit` may
  // return the text the field should show instead (the value it took, e.g. none).
  const commitOn = (commit: (value: string) => string | undefined) => {
    const apply = (input: HTMLInputElement) => {
      const shown = commit(input.value);
      if (shown !== undefined && shown !== input.value) input.value = shown;
    };
    return {
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => apply(e.currentTarget),
      onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') apply(e.currentTarget);
      },
    };
  };
  return (
    <details className="bp-list" data-testid="breakpoint-list" open={rows.length > 0}>
      <summary>
        {t(lang, 'breakpointsTitle')} ({rows.length})
      </summary>
      {rows.length === 0 ? <p className="empty">{t(lang, 'noBreakpoints')}</p> : null}
      {unsaved ? (
        <p className="notice" role="status" data-testid="breakpoints-unsaved">
          {t(lang, 'breakpointsUnsaved')}
        </p>
      ) : null}
      <ul>
        {rows.map((row) => {
          const b = row.breakpoint;
          const errorId = `bp-error-${b.id}`;
          // Every row has the same three fields: their names say which breakpoint they belong to.
          const named = (key: 'bpCondition' | 'bpHitCount' | 'bpLog') =>
            `${t(lang, key)} · ${b.file.split('/').pop()}:${b.line}`;
          return (
            <li
              key={b.id}
              className={`bp-row${row.error ? ' has-error' : ''}`}
              data-testid="breakpoint"
              data-line={b.line}
              data-file={b.file}
              data-kind={row.kind}
              data-error={row.error ? 'true' : undefined}
            >
              <div className="bp-head">
                <label className="bp-enable">
                  <input
                    type="checkbox"
                    checked={b.enabled}
                    onChange={(e) => onUpdate(b.id, { enabled: e.target.checked })}
                    data-testid="bp-enabled"
                    aria-label={t(lang, 'bpEnableLabel', { n: b.line })}
                  />
                  <code>
                    {b.file}:{b.line}
                  </code>
                </label>
                <span
                  className="bp-hits"
                  data-testid="bp-hits"
                  data-fired={row.fired ?? undefined}
                  data-reached={row.reached ?? undefined}
                >
                  {hitsText(lang, row)}
                </span>
                <button
                  type="button"
                  onClick={(e) => {
                    // The focus goes to the next row's Remove (or the previous one's, or the
                    // list's title), not to the page body with the removed row.
                    const li = e.currentTarget.closest('li');
                    const other = li?.nextElementSibling ?? li?.previousElementSibling;
                    const target =
                      other?.querySelector<HTMLElement>('[data-testid=bp-remove]') ??
                      li?.closest('details')?.querySelector('summary');
                    target?.focus();
                    onRemove(b.id);
                  }}
                  data-testid="bp-remove"
                  aria-label={t(lang, 'bpRemoveLabel', { n: b.line })}
                >
                  {t(lang, 'bpRemove')}
                </button>
              </div>
              <div className="bp-fields">
                <label className="bp-field">
                  <span>{t(lang, 'bpCondition')}</span>
                  <input
                    className="bp-condition"
                    placeholder={t(lang, 'bpConditionHint')}
                    defaultValue={b.condition ?? ''}
                    data-testid="bp-condition"
                    aria-label={named('bpCondition')}
                    aria-invalid={row.error?.source === 'condition' ? true : undefined}
                    aria-describedby={row.error?.source === 'condition' ? errorId : undefined}
                    {...commitOn((v) => {
                      const condition = v.trim() || undefined;
                      if (condition !== b.condition) onUpdate(b.id, { condition });
                      return undefined;
                    })}
                  />
                </label>
                <label className="bp-field bp-field-small">
                  <span>{t(lang, 'bpHitCount')}</span>
                  <input
                    className="bp-hitcount"
                    type="number"
                    min={1}
                    placeholder={t(lang, 'bpHitCountHint')}
                    defaultValue={b.hitCount ?? ''}
                    data-testid="bp-hitcount"
                    aria-label={named('bpHitCount')}
                    {...commitOn((v) => {
                      const n = Number.parseInt(v, 10);
                      const hitCount = Number.isFinite(n) && n > 0 ? n : undefined;
                      if (hitCount !== b.hitCount) onUpdate(b.id, { hitCount });
                      // 0, -1 or text count as no hit count: the field must not show them.
                      return hitCount === undefined ? '' : String(hitCount);
                    })}
                  />
                </label>
                <label className="bp-field">
                  <span>{t(lang, 'bpLog')}</span>
                  <input
                    className="bp-log"
                    placeholder={t(lang, 'bpLogHint')}
                    defaultValue={b.log ?? ''}
                    data-testid="bp-log"
                    aria-label={named('bpLog')}
                    aria-invalid={row.error?.source === 'log' ? true : undefined}
                    aria-describedby={
                      row.error?.source === 'log'
                        ? `bp-log-hint-${b.id} ${errorId}`
                        : `bp-log-hint-${b.id}`
                    }
                    {...commitOn((v) => {
                      const log = v === '' ? undefined : v;
                      if (log !== b.log) onUpdate(b.id, { log });
                      return undefined;
                    })}
                  />
                  <small id={`bp-log-hint-${b.id}`} className="bp-hint">
                    {t(lang, 'bpLogSyntax')}
                  </small>
                </label>
              </div>
              {row.error ? (
                <p className="bp-error" id={errorId} role="alert" data-testid="bp-error">
                  {probeErrorText(lang, row.error)}
                </p>
              ) : null}
              <PythonNote
                text={pythonNeedNote(runtime, b, lang)}
                failed={runtime.state === 'failed'}
              />
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** Why a condition or logpoint is not evaluated yet (Python loading, or unavailable). */
function PythonNote({ text, failed }: { text: string | null; failed: boolean }) {
  if (!text) return null;
  return (
    <p
      className={`bp-python${failed ? ' bp-python-failed' : ''}`}
      data-testid="bp-python"
      data-state={failed ? 'failed' : 'waiting'}
      role="status"
    >
      {text}
    </p>
  );
}

/** {@link BreakpointListView}, re-rendered only when its props change, not on every step. */
export const BreakpointList = memo(BreakpointListView);
