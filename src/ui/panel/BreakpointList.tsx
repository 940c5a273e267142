import { type Lang, t } from '../../i18n';
import type { Breakpoint, HitIndex } from '../../replay/engine';
import { useApp } from '../../store/app';
import { pythonNeedNote } from '../pythonStatus';

/**
 * The breakpoint list: enable/disable, condition (a Python expression
 * evaluated in the recorded frame), stop-on-Nth-hit, and logpoint messages.
 */
export function BreakpointList(props: {
  breakpoints: Breakpoint[];
  hits: HitIndex | null;
  lang: Lang;
  onUpdate(id: string, change: Partial<Omit<Breakpoint, 'id'>>): void;
  onRemove(id: string): void;
}) {
  const { breakpoints, hits, lang, onUpdate, onRemove } = props;
  const runtime = useApp((s) => s.runtime);
  return (
    <details className="bp-list" data-testid="breakpoint-list" open={breakpoints.length > 0}>
      <summary>
        {t(lang, 'breakpointsTitle')} ({breakpoints.length})
      </summary>
      {breakpoints.length === 0 ? <p className="empty">{t(lang, 'noBreakpoints')}</p> : null}
      <ul>
        {breakpoints.map((b) => (
          <li
            key={b.id}
            className="bp-row"
            data-testid="breakpoint"
            data-line={b.line}
            data-file={b.file}
          >
            <label className="bp-enable">
              <input
                type="checkbox"
                checked={b.enabled}
                onChange={(e) => onUpdate(b.id, { enabled: e.target.checked })}
                data-testid="bp-enabled"
              />
              <code>
                {b.file}:{b.line}
              </code>
            </label>
            <span className="bp-hits" data-testid="bp-hits">
              {t(lang, 'bpHits')}: {hits?.byBreakpoint.get(b.id)?.length ?? 0}
            </span>
            <input
              className="bp-condition"
              placeholder={t(lang, 'bpCondition')}
              aria-label={t(lang, 'bpCondition')}
              defaultValue={b.condition ?? ''}
              data-testid="bp-condition"
              onBlur={(e) => onUpdate(b.id, { condition: e.target.value.trim() || undefined })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
            />
            <input
              className="bp-hitcount"
              type="number"
              min={1}
              placeholder={t(lang, 'bpHitCount')}
              aria-label={t(lang, 'bpHitCount')}
              defaultValue={b.hitCount ?? ''}
              data-testid="bp-hitcount"
              onBlur={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                onUpdate(b.id, { hitCount: Number.isFinite(n) && n > 0 ? n : undefined });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
            />
            <input
              className="bp-log"
              placeholder={t(lang, 'bpLog')}
              aria-label={t(lang, 'bpLog')}
              defaultValue={b.log ?? ''}
              data-testid="bp-log"
              onBlur={(e) =>
                onUpdate(b.id, { log: e.target.value === '' ? undefined : e.target.value })
              }
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
            />
            <button type="button" onClick={() => onRemove(b.id)} data-testid="bp-remove">
              {t(lang, 'bpRemove')}
            </button>
            <PythonNote
              text={pythonNeedNote(runtime, b, lang)}
              failed={runtime.state === 'failed'}
            />
          </li>
        ))}
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
