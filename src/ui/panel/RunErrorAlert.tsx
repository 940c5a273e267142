import { type Lang, t } from '../../i18n';
import type { RunErrorDisplay } from '../../store/panelView';
import { ScrollPre } from '../ScrollPre';

/** The run's error (exception or budget stop) with its place and traceback. */
export function RunErrorAlert({ shown, lang }: { shown: RunErrorDisplay; lang: Lang }) {
  const { error, stopped, partial } = shown;
  return (
    <div className="run-error" role="alert" data-testid="run-error">
      <strong>
        {stopped
          ? t(lang, 'stoppedBecause', { why: error.message })
          : `${error.type}: ${error.message}`}
      </strong>
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
