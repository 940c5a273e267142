/**
 * The run error's headline in the reader's language. Stops (budgets, interrupts) and
 * failures of the app itself are worded from their type, reason and limit, never from the
 * recorder's English text; a Python exception is the program's own and is shown as is.
 */
import { type Lang, langTag, t } from '../i18n';
import type { TraceEvents } from '../trace/events';
import { AppFailure, type RunError } from '../trace/meta';

/** The headline of a run error. */
export function runErrorText(lang: Lang, error: RunError): string {
  const n = (error.limit ?? 0).toLocaleString(langTag(lang));
  if (isStop(error)) {
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
  // detail (type and cause) as the app reported it, so that the reason is never lost. Only
  // the app's own: a program's exception called `WorkerCrashed` is shown as it is.
  if (error.fromApp) {
    const detail = ` (${error.type}: ${error.message})`;
    if (error.type === AppFailure.PythonUnavailable)
      return t(lang, 'errPythonUnavailable') + detail;
    if (error.type === AppFailure.WorkerCrashed) return t(lang, 'errWorkerCrashed') + detail;
    if (error.type === AppFailure.InvalidTrace) return t(lang, 'errInvalidTrace') + detail;
    // the message is what the run changed: a Python name, the same in every language
    if (error.type === AppFailure.SealBroken)
      return t(lang, 'errSealBroken', { what: error.message });
  }
  return `${error.type}: ${error.message}`;
}

/** The words CPython's `input()` raises `EOFError` with when its input has ended. */
const INPUT_ENDED = 'EOF when reading a line';
/** How CPython's `ModuleNotFoundError` begins when an import finds no such module. */
const NO_MODULE = 'No module named ';
/** CPython's words when a thread cannot start (a browser's Python has one thread). */
const NO_THREAD = "can't start new thread";

/**
 * What the reader may not know about where an error came from, in their language, shown
 * under its headline; null for most errors. The program's own exception, as Python
 * words it, where the playground is why: `input()` finding no input, which is what every
 * run's standard input holds (runtime/worker-core.ts `NO_INPUT`), an import of a package
 * that is not there (numpy, requests: the playground has the standard library and the
 * lesson's files, offline), a thread that cannot start; and `sys.exit()`, shown as the
 * exception it is, which a script run by Python ends on without a traceback. A student
 * trying any of them should learn why, and what to do instead.
 */
export function runErrorHint(lang: Lang, error: RunError): string | null {
  if (error.fromApp || isStop(error)) return null;
  const { type, message } = error;
  if (type === 'EOFError' && message === INPUT_ENDED) return t(lang, 'hintNoInput');
  if (type === 'ModuleNotFoundError' && message.startsWith(NO_MODULE))
    return t(lang, 'hintNoSuchModule');
  if (type === 'RuntimeError' && message === NO_THREAD) return t(lang, 'hintNoThread');
  if (type === 'SystemExit') return t(lang, 'hintSystemExit');
  return null;
}

/**
 * Whether the error is a stop (a budget, the watchdog's interrupt), not an exception of the
 * program. Stops carry the reason they were made for; the program's own `KeyboardInterrupt`
 * (or an exception it calls `BudgetExceeded`) has none.
 */
export function isStop(error: RunError): boolean {
  return (
    error.reason !== undefined &&
    (error.type === 'BudgetExceeded' || error.type === 'KeyboardInterrupt')
  );
}

/**
 * A trace's run error with its place: an exception has its own; a stop is placed at the
 * last line that ran (where the loop that never ended was). Null when the run had none.
 */
export function placedRunError(trace: TraceEvents | null): RunError | null {
  const error = trace?.meta.error ?? null;
  if (!error || !trace || error.file || !isStop(error)) return error;
  const at = trace.lastLine();
  return at ? { ...error, file: at.file, line: at.line } : error;
}
