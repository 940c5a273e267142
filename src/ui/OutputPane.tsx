import type { Breakpoint, HitIndex } from '../replay/engine';
import { logMessages } from '../store/selectors';
import type { Trace } from '../trace/trace';
import { type Lang, t } from './i18n';

/** Program output up to the current position, with logpoint messages in place. */
export function OutputPane(props: {
  trace: Trace | null;
  position: number;
  breakpoints: Breakpoint[];
  hits: HitIndex | null;
  lang: Lang;
}) {
  const { trace, position, breakpoints, hits, lang } = props;
  const text = trace ? (position < 0 ? '' : trace.outputAt(position)) : '';
  const logs =
    trace && hits && position >= 0 ? logMessages(trace, position, hits, breakpoints) : [];
  const parts: { text: string; log: boolean }[] = [];
  let at = 0;
  for (const m of logs) {
    const cut = Math.min(m.offset, text.length);
    if (cut > at) parts.push({ text: text.slice(at, cut), log: false });
    at = Math.max(at, cut);
    parts.push({ text: `${m.text}\n`, log: true });
  }
  if (at < text.length) parts.push({ text: text.slice(at), log: false });
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
            ? `Output was cut at ${n.limit.toLocaleString()} characters.`
            : `Only the first ${n.limit.toLocaleString()} distinct values were recorded.`}
        </p>
      ))}
    </section>
  );
}
