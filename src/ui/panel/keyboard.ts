import type { KeyboardEvent } from 'react';
import { type CommandContext, type CommandId, commandForKey } from '../../store/commands';

/**
 * The panel's onKeyDown: a key bound in the command table (src/store/commands.ts) is
 * the panel's (no browser default, e.g. F5 never reloads); its command runs if enabled.
 */
export function panelKeyHandler(ctx: CommandContext, run: (id: CommandId) => void) {
  return (e: KeyboardEvent) => {
    const hit = commandForKey(e, ctx);
    if (!hit) return;
    e.preventDefault();
    e.stopPropagation();
    if (hit.enabled) run(hit.id);
  };
}
