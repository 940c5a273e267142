import type { KeyboardEvent } from 'react';
import {
  type CommandContext,
  type CommandId,
  commandForKey,
  type KeyPress,
} from '../../store/commands';
import { revealCurrentLine } from './reveal';

/** Whether a key pressed on `target` types text (a field, or an editable editor). */
export function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[data-editable=true]')) return true;
  if (target.closest('.monaco-editor')) return false; // read-only code view
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'range', 'submit'].includes(target.type);
  return (target as HTMLElement).isContentEditable;
}

/** A panel's key handling: what the page-level listener calls for the panel last used. */
type PanelKeys = (e: KeyPress) => boolean;

const panels = new Map<string, PanelKeys>();
let lastUsed: string | null = null;
let listening = false;

/**
 * Keys pressed outside every panel (on the prose, the page) go to the panel last used,
 * so F5 never reloads the page while a panel is in use and F10 keeps stepping.
 */
function onDocumentKey(e: globalThis.KeyboardEvent) {
  if (e.defaultPrevented || lastUsed === null) return;
  const target = e.target;
  if (target instanceof Element && target.closest('[data-testid=panel]')) return;
  const handle = panels.get(lastUsed);
  if (!handle) return;
  if (handle({ ...pressOf(e), inText: typesText(target) })) e.preventDefault();
}

function pressOf(e: KeyPress): KeyPress {
  return {
    key: e.key,
    shiftKey: e.shiftKey,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    code: e.code,
  };
}

function handle(ctx: CommandContext, run: (id: CommandId) => void, e: KeyPress): boolean {
  const hit = commandForKey(e, ctx);
  if (!hit) return false;
  if (hit.enabled) run(hit.id);
  return true;
}

/**
 * Register a panel's key handling (call on every render with its current context) and
 * get the handlers to put on the panel's element: its own keys, and "this panel is the
 * one in use" on focus or pointer.
 */
export function panelKeys(
  key: string,
  ctx: CommandContext,
  run: (id: CommandId) => void,
  /** Called whenever the reader acts on the panel (focus, pointer, a changed field). */
  onUse?: () => void,
) {
  panels.set(key, (e) => handle(ctx, run, e));
  if (!listening && typeof document !== 'undefined') {
    document.addEventListener('keydown', onDocumentKey);
    listening = true;
  }
  const use = () => {
    lastUsed = key;
    onUse?.();
  };
  return {
    onFocusCapture: use,
    onPointerDownCapture: use,
    onChangeCapture: use,
    /**
     * A key bound in the command table (src/store/commands.ts) is the panel's (no
     * browser default: F5 never reloads); its command runs if enabled.
     */
    onKeyDown(e: KeyboardEvent) {
      lastUsed = key;
      if (!handle(ctx, run, { ...pressOf(e), inText: typesText(e.target) })) return;
      e.preventDefault();
      e.stopPropagation();
      const away = !(e.target instanceof Element) || !e.target.closest('.code-col');
      if (away) revealCurrentLine(e.currentTarget as Element);
    },
  };
}

/** Forget a panel (unmounted). */
export function dropPanelKeys(key: string): void {
  panels.delete(key);
  if (lastUsed === key) lastUsed = null;
}
