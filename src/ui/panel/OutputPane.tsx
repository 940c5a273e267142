import { langTag, t } from '../../i18n';
import { emptyOutputKey, outputSegments } from '../../store/selectors';
import { ScrollPre } from '../ScrollPre';
import { paneLabel } from './paneLabel';
import type { PaneProps } from './panes';

/** Program output up to the current position, with logpoint messages in place. */
export function OutputPane({ view, state, lang, panel }: PaneProps) {
  const { trace, hits } = view;
  const { position, breakpoints } = state;
  const parts = trace && hits ? outputSegments(trace, position, hits, breakpoints) : [];
  const notices = trace?.meta.notices ?? [];
  return (
    <section className="pane pane-output" aria-label={paneLabel(t(lang, 'output'), panel.function)}>
      <h4>{t(lang, 'output')}</h4>
      <ScrollPre className="output" data-testid="output" aria-label={t(lang, 'output')}>
        {parts.length === 0 ? (
          <span className="empty">{t(lang, emptyOutputKey(trace, position))}</span>
        ) : null}
        {parts.map((p, i) =>
          p.error ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional segments
            <span key={i} className="logpoint-error" data-testid="logpoint-error" role="note">
              {t(lang, 'logpointError', { message: p.text })}
              {'\n'}
            </span>
          ) : p.log ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional segments
            <span key={i} className="logpoint" data-testid="logpoint">
              {p.text}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional segments
            <span key={i}>{p.text}</span>
          ),
        )}
      </ScrollPre>
      {notices.map((n) => (
        <p key={n.kind} className="notice" data-testid="notice">
          {n.kind === 'output'
            ? t(lang, 'outputCut', { n: n.limit.toLocaleString(langTag(lang)) })
            : t(lang, 'valuesCut', { n: n.limit.toLocaleString(langTag(lang)) })}
        </p>
      ))}
    </section>
  );
}
