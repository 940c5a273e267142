import { useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { ExpectedEnding } from '../../lessons/schema';
import type { RunErrorDisplay } from '../../store/panelView';
import { runErrorHint, runErrorText } from '../../store/runErrorText';
import { Traceback } from './Traceback';

/** Why an ending the scenario declares is what the lesson means to show. */
function expectedText(lang: Lang, ending: ExpectedEnding): string {
  if ('error' in ending) return t(lang, 'expectedError', { type: ending.error });
  const key = {
    events: 'expectedStopEvents',
    time: 'expectedStopTime',
    depth: 'expectedStopDepth',
  } as const;
  return t(lang, key[ending.stop]);
}

/**
 * The run's error (exception or budget stop) with its place and traceback, or, when the
 * scenario declares that ending, the same facts presented as the ending the lesson
 * means (a status, not an alert). The card has a maximum height and scrolls inside
 * (a RecursionError's traceback is long even folded); "show all" lifts the bound.
 */
export function RunErrorAlert({ shown, lang }: { shown: RunErrorDisplay; lang: Lang }) {
  const { error, partial, expected } = shown;
  const [all, setAll] = useState(false);
  const hint = runErrorHint(lang, error);
  const classes = ['run-error', expected ? 'run-ending-expected' : '', all ? 'run-error-all' : ''];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      role={expected ? 'status' : 'alert'}
      data-testid="run-error"
      data-expected={expected ? 'true' : undefined}
    >
      <button
        type="button"
        className="btn-small run-error-toggle"
        data-testid="run-error-toggle"
        aria-expanded={all}
        onClick={() => setAll(!all)}
      >
        {all ? t(lang, 'tracebackShowLess') : t(lang, 'tracebackShowAll')}
      </button>
      {expected ? (
        <p className="expected-ending" data-testid="expected-ending">
          <strong>{t(lang, 'expectedEndingTitle')}</strong> {expectedText(lang, expected)}
        </p>
      ) : null}
      <strong>{runErrorText(lang, error)}</strong>
      {error.file ? (
        <span className="err-place" data-testid="error-place">
          {' '}
          {error.file}:{error.line}
          {error.column ? `:${error.column}` : ''}
        </span>
      ) : null}
      {hint ? (
        <p className="run-error-hint" data-testid="run-error-hint">
          {hint}
        </p>
      ) : null}
      {partial ? <p>{t(lang, 'partialTrace')}</p> : null}
      {error.traceback ? <Traceback text={error.traceback} lang={lang} /> : null}
    </div>
  );
}
