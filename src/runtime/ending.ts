/**
 * How a run ended, compared with how its scenario says it should end (the lesson
 * format's `ending`). Pure: the lesson checker and the panel use the same verdict.
 */
import type { ExpectedEnding } from '../lessons/schema';
import type { TraceMeta } from '../trace/meta';

/** How a run actually ended. */
export type ActualEnding =
  | { kind: 'completed' }
  | { kind: 'stop'; reason: ExpectedStop }
  | { kind: 'error'; type: string };

type ExpectedStop = Extract<ExpectedEnding, { stop: unknown }>['stop'];

/** The verdict on one run: `ok` when it ended as its scenario declares (or completed undeclared). */
export interface EndingVerdict {
  ok: boolean;
  actual: ActualEnding;
  expected?: ExpectedEnding;
  /** The run ended in a stop or an error that the scenario declares: the lesson's point. */
  intended: boolean;
}

/** The recorder's stop reasons, by the budget that caused them. */
function stopReason(reason: string | undefined): ExpectedStop {
  if (reason === 'events' || reason === 'depth') return reason;
  // 'time', and the watchdog's 'interrupted' / 'killed': all are the clock running out.
  return 'time';
}

/** How the run of `meta` ended. */
export function actualEnding(meta: Pick<TraceMeta, 'outcome' | 'error'>): ActualEnding {
  if (meta.outcome === 'completed') return { kind: 'completed' };
  if (meta.outcome === 'stopped') return { kind: 'stop', reason: stopReason(meta.error?.reason) };
  return { kind: 'error', type: meta.error?.type ?? 'Error' };
}

/** Does the run of `meta` end the way `expected` says (or complete, when nothing is declared)? */
export function judgeEnding(
  meta: Pick<TraceMeta, 'outcome' | 'error'>,
  expected?: ExpectedEnding,
): EndingVerdict {
  const actual = actualEnding(meta);
  let ok: boolean;
  if (!expected) ok = actual.kind === 'completed';
  else if ('stop' in expected) ok = actual.kind === 'stop' && actual.reason === expected.stop;
  else ok = actual.kind === 'error' && actual.type === expected.error;
  return { ok, actual, expected, intended: ok && expected !== undefined };
}

/** A stop by the clock: the only ending whose trace length depends on the machine. */
export function stoppedByClock(meta: Pick<TraceMeta, 'outcome' | 'error'>): boolean {
  const a = actualEnding(meta);
  return a.kind === 'stop' && a.reason === 'time';
}
