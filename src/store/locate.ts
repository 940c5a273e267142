/**
 * "Show #id in the diagram": the request is kept with the place it was asked at
 * (src/store/panelTypes.ts, `LocateRequest`) and holds only there. This is the one rule
 * for it: the panel store drops a request this says no longer holds at each change
 * (./panels.ts, `patch`), so a step, a jump or another scenario ends it for good, and
 * coming back to that step does not mark the object again.
 */
import type { LocateRequest, PanelState } from './panelTypes';

/** The reader's locate request if the panel is still where it was asked; else null. */
export function locatedNow(
  p: Pick<PanelState, 'located' | 'scenario' | 'position'>,
): LocateRequest | null {
  const asked = p.located;
  return asked && asked.scenario === p.scenario && asked.position === p.position ? asked : null;
}
