/**
 * The run error's headline in the reader's language. Stops (budgets, interrupts) and
 * failures of the app itself are worded from their type, reason and limit, never from the
 * recorder's English text; a Python exception is the program's own and is shown as is.
 */
import { type Lang, langTag, t } from '../i18n';
import type { RunError } from '../trace/meta';

/** The headline of a run error. */
export function runErrorText(lang: Lang, error: RunError): string {
  const n = (error.limit ?? 0).toLocaleString(langTag(lang));
  if (error.type === 'BudgetExceeded' || error.type === 'KeyboardInterrupt') {
    const why =
      error.reason === 'events'
        ? t(lang, 'budgetEvents', { n })
        : error.reason === 'depth'
          ? t(lang, 'budgetDepth', { n })
          : error.reason === 'seconds'
            ? t(lang, 'budgetSeconds', { n })
            : t(lang, 'budgetInterrupted');
    return t(lang, 'stoppedBecause', { why });
  }
  // Failures of the app itself: the headline in the reader's language, then the technical
  // detail (type and cause) as the app reported it, so that the reason is never lost.
  const detail = ` (${error.type}: ${error.message})`;
  if (error.type === 'PythonUnavailable') return t(lang, 'errPythonUnavailable') + detail;
  if (error.type === 'WorkerCrashed') return t(lang, 'errWorkerCrashed') + detail;
  if (error.type === 'InvalidTrace') return t(lang, 'errInvalidTrace') + detail;
  return `${error.type}: ${error.message}`;
}
