import { type Lang, t } from '../../i18n';
import type { RunErrorDisplay } from '../../store/panelView';
import { runErrorText } from '../../store/runErrorText';
import { ScrollPre } from '../ScrollPre';

/** The run's error (exception or budget stop) with its place and traceback. */
export function RunErrorAlert({ shown, lang }: { shown: RunErrorDisplay; lang: Lang }) {
  const { error, partial } = shown;
  return (
    <div className="run-error" role="alert" data-testid="run-error">
      <strong>{runErrorText(lang, error)}</strong>
      {error.file ? (
        <span className="err-place" data-testid="error-place">
          {' '}
          {error.file}:{error.line}
          {error.column ? `:${error.column}` : ''}
        </span>
      ) : null}
      {partial ? <p>{t(lang, 'partialTrace')}</p> : null}
      {error.traceback ? <ScrollPre className="traceback">{error.traceback}</ScrollPre> : null}
    </div>
  );
}
