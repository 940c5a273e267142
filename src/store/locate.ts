/**
 * "Show #id in the diagram": the request is kept with the place it was asked at
 * (src/store/panelTypes.ts, `LocateRequest`) and holds only there, so stepping, jumping or
 * switching scenario ends it without anyone clearing it.
 */
import type { LocateRequest, PanelState } from './panelTypes';

/** The reader's locate request if the panel is still where it was asked; else null. */
export function locatedNow(
  p: Pick<PanelState, 'located' | 'scenario' | 'position'>,
): LocateRequest | null {
  const asked = p.located;
  return asked && asked.scenario === p.scenario && asked.position === p.position ? asked : null;
}
