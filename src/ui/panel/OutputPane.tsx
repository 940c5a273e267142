import { t } from '../../i18n';
import { outputSegments } from '../../store/selectors';
import type { PaneProps } from './panes';

/** Program output up to the current position, with logpoint messages in place. */
export function OutputPane({ view, state, lang }: PaneProps) {
  const { trace, hits } = view;
  const { position, breakpoints } = state;
  const parts = trace && hits ? outputSegments(trace, position, hits, breakpoints) : [];
  const notices = trace?.meta.notices ?? [];
  return (
    <section className="pane pane-output" aria-label={t(lang, 'output')}>
      <h4>{t(lang, 'output')}</h4>
      <pre className="output" data-testid="output">
        {parts.length === 0 ? <span className="empty">{t(lang, 'noOutput')}</span> : null}
        {parts.map((p, i) =>
          p.log ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional segments
            <span key={i} className="logpoint" data-testid="logpoint">
              {p.text}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional segments
            <span key={i}>{p.text}</span>
          ),
        )}
      </pre>
      {notices.map((n) => (
        <p key={n.kind} className="notice" data-testid="notice">
          {n.kind === 'output'
            ? t(lang, 'outputCut', { n: n.limit.toLocaleString() })
            : t(lang, 'valuesCut', { n: n.limit.toLocaleString() })}
        </p>
      ))}
    </section>
  );
}
