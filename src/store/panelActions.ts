/**
 * A panel store's actions bound to one panel: what the panel's components call.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Breakpoint, Command } from '../replay/engine';
import type { HistoryTarget, PanelKey, PanelNotice, PanelsStore } from './panels';

/** A panel store's actions bound to one panel (what the panel's components call). */
export interface PanelActions {
  setScenario(scenario: string): void;
  toggleBreakpoint(file: string, line: number): void;
  updateBreakpoint(id: string, patch: Partial<Omit<Breakpoint, 'id'>>): void;
  removeBreakpoint(id: string): void;
  moveBreakpoints(file: string, map: (line: number) => number | null): void;
  command(command: Command): void;
  /** Jump to an event; `notice` says why, when the jump answers something (a prediction). */
  jumpTo(position: number, notice?: PanelNotice | null): void;
  /** "Go to step" (1-based): jumps there, or sets a notice when out of range. */
  goToStep(step: number): void;
  selectFrame(frameIndex: number): void;
  /** Show where a name's value came from (null: close the history). */
  showHistory(target: HistoryTarget | null): void;
  /** Mark an object in the diagram and bring it into view (until the next step). */
  locate(objectId: number): void;
}

/** Bind a panel store's actions to one panel. */
export function bindPanel(store: StoreApi<PanelsStore>, key: PanelKey): PanelActions {
  const s = () => store.getState();
  return {
    setScenario: (scenario) => s().setScenario(key, scenario),
    toggleBreakpoint: (file, line) => s().toggleBreakpoint(key, file, line),
    updateBreakpoint: (id, patch) => s().updateBreakpoint(key, id, patch),
    removeBreakpoint: (id) => s().removeBreakpoint(key, id),
    moveBreakpoints: (file, map) => s().moveBreakpoints(key, file, map),
    command: (command) => s().command(key, command),
    jumpTo: (position, notice) => s().jumpTo(key, position, notice),
    goToStep: (n) => s().goToStep(key, n),
    selectFrame: (frameIndex) => s().selectFrame(key, frameIndex),
    showHistory: (target) => s().showHistory(key, target),
    locate: (objectId) => s().locate(key, objectId),
  };
}
