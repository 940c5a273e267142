import { type Lang, t } from '../../i18n';
import { ScrollPre } from '../ScrollPre';

/** The run's other files (context code, teaching setup, entry), read-only, collapsed by default. */
export function SetupView({
  files,
  lang,
}: {
  files: { path: string; code: string }[];
  lang: Lang;
}) {
  return (
    <details className="setup" data-testid="setup">
      <summary>{t(lang, 'setupTitle')}</summary>
      <p className="setup-note">{t(lang, 'setupNote')}</p>
      {files.map((f) => (
        <figure key={f.path} className="setup-file">
          <figcaption>
            <code>{f.path}</code>
          </figcaption>
          <ScrollPre>
            <code>{f.code}</code>
          </ScrollPre>
        </figure>
      ))}
    </details>
  );
}
