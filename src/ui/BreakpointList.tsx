import type { Breakpoint, HitIndex } from '../replay/engine';
import type { Lang } from './i18n';

const L = {
  title: { zh: '断点', en: 'Breakpoints' },
  none: {
    zh: '还没有断点：点击行号即可添加。',
    en: 'No breakpoints yet: click a line number to add one.',
  },
  condition: { zh: '条件', en: 'condition' },
  hitCount: { zh: '第 N 次命中', en: 'stop on hit #' },
  log: { zh: '日志消息', en: 'log message' },
  remove: { zh: '删除', en: 'remove' },
  hits: { zh: '命中', en: 'hits' },
} as const;

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
  return (
    <details className="bp-list" data-testid="breakpoint-list" open={breakpoints.length > 0}>
      <summary>
        {L.title[lang]} ({breakpoints.length})
      </summary>
      {breakpoints.length === 0 ? <p className="empty">{L.none[lang]}</p> : null}
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
              {L.hits[lang]}: {hits?.byBreakpoint.get(b.id)?.length ?? 0}
            </span>
            <input
              className="bp-condition"
              placeholder={L.condition[lang]}
              aria-label={L.condition[lang]}
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
              placeholder={L.hitCount[lang]}
              aria-label={L.hitCount[lang]}
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
              placeholder={L.log[lang]}
              aria-label={L.log[lang]}
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
              {L.remove[lang]}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
