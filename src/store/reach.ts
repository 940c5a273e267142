/**
 * How far the current run has gone: `PanelState.reached`, the furthest position since the
 * run began. The code box keeps the height it reached there (`tallestSoFar`), so stepping
 * back does not shrink it and move the article under it.
 */
import type { Command } from '../replay/engine';
import type { PanelState } from './panels';
import { currentTrace } from './selectors';

/**
 * The commands that begin a new run of the scenario, from wherever the panel was: they set
 * `reached` themselves.
 */
export const STARTS_RUN: readonly Command[] = ['debug', 'restart'];

/**
 * `after` with its `reached` brought up to date: the furthest position of the same run,
 * restarted whenever the panel leaves "not run" anew, changes scenario or gets another
 * trace for it (Debug and Restart set it themselves: `STARTS_RUN`).
 */
function withReach(before: PanelState, after: PanelState): PanelState {
  const sameRun =
    before.position >= 0 &&
    after.position >= 0 &&
    after.scenario === before.scenario &&
    currentTrace(after) === currentTrace(before);
  const reached = sameRun ? Math.max(before.reached, after.position) : after.position;
  return reached === after.reached ? after : { ...after, reached };
}

/** `p` with `change` applied, and `reached` kept up to date unless the change sets it. */
export function patched(p: PanelState, change: Partial<PanelState>): PanelState {
  const next = { ...p, ...change };
  return 'reached' in change ? next : withReach(p, next);
}
