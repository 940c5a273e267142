/**
 * The one command table of a panel. Each row says what the command is called (a string
 * key), which keys run it, when it is enabled, and whether it has a toolbar button. The
 * toolbar, the shortcuts help, `aria-keyshortcuts` and the key handler are all built
 * from this table; nothing else lists commands or keys.
 *
 * To add a command: add a row here (its label under src/i18n/strings/commands.ts), then
 * handle its id where the panel runs commands (`runCommand` in src/ui/panel/Panel.tsx
 * for UI-only commands such as toggling a breakpoint; engine commands go to the store).
 */
import type { StringKey } from '../i18n';
import type { Command } from '../replay/engine';
import type { PanelUiState } from './selectors';

/** A panel command: an engine command, or a UI action with a key. */
export type CommandId = Command | 'toggleBreakpoint' | 'lastChange';

/** What decides whether a command is enabled (and which binding of a shared key applies). */
export interface CommandContext {
  /** The status badge state. */
  state: PanelUiState;
  /** Python is ready or a trace is on hand: replay commands can do something. */
  canStep: boolean;
  /** The line the editor's cursor is on (file numbering), if the editor has one. */
  cursorLine: number | null;
  /** The step of the last change of the name whose history is shown, if any. */
  lastChange: number | null;
  /** Nothing ran before the position (not run, or paused at the first step): no way back. */
  atStart: boolean;
}

/**
 * One key binding, written as `aria-keyshortcuts` writes it (`Shift+F10`,
 * `Control+Shift+F5`). `when` narrows a key shared by two commands (F5: Debug when not
 * paused, Continue when paused).
 */
export interface KeyBinding {
  keys: string;
  when?(ctx: CommandContext): boolean;
  /** Says when `when` holds, for the shortcuts help. */
  whenLabel?: StringKey;
}

/** One row of the command table. */
export interface CommandDef {
  id: CommandId;
  /** Button label (and the help text unless `help` is set). */
  label: StringKey;
  /**
   * A different label in some states (Debug while paused starts over from the top, so it
   * must not read like Continue, which F5 runs then).
   */
  labelWhen?: { when(ctx: CommandContext): boolean; label: StringKey };
  /** A longer text for the shortcuts help. */
  help?: StringKey;
  /** The toolbar button's `data-testid`; absent for commands with no button. */
  button?: string;
  keys: readonly KeyBinding[];
  enabled(ctx: CommandContext): boolean;
}

const replay = (ctx: CommandContext) => ctx.canStep;
const back = (ctx: CommandContext) => ctx.canStep && !ctx.atStart;
const paused = (ctx: CommandContext) => ctx.state === 'paused';
const notPaused = (ctx: CommandContext) => !paused(ctx);

/** Every panel command, in toolbar order. */
export const COMMAND_TABLE: readonly CommandDef[] = [
  { id: 'run', label: 'run', button: 'run', keys: [], enabled: replay },
  {
    id: 'debug',
    label: 'debug',
    labelWhen: { when: paused, label: 'debugFromStart' },
    button: 'debug',
    keys: [{ keys: 'F5', when: notPaused, whenLabel: 'whenNotPaused' }, { keys: 'D' }],
    enabled: replay,
  },
  {
    id: 'continue',
    label: 'continue',
    button: 'continue',
    keys: [{ keys: 'F5', when: paused, whenLabel: 'whenPaused' }, { keys: 'C' }],
    enabled: (ctx) => ctx.canStep && paused(ctx),
  },
  {
    id: 'stepOver',
    label: 'stepOver',
    button: 'step-over',
    keys: [{ keys: 'F10' }, { keys: 'N' }],
    enabled: replay,
  },
  {
    id: 'stepInto',
    label: 'stepInto',
    button: 'step-into',
    keys: [{ keys: 'F11' }, { keys: 'I' }],
    enabled: replay,
  },
  {
    id: 'stepOut',
    label: 'stepOut',
    button: 'step-out',
    keys: [{ keys: 'Shift+F11' }, { keys: 'O' }],
    enabled: replay,
  },
  {
    id: 'stepBack',
    label: 'stepBack',
    button: 'step-back',
    keys: [{ keys: 'Shift+F10' }, { keys: 'P' }],
    enabled: back,
  },
  {
    id: 'reverseContinue',
    label: 'reverseContinue',
    button: 'reverse-continue',
    keys: [{ keys: 'Shift+F5' }, { keys: 'Shift+C' }],
    enabled: back,
  },
  {
    id: 'restart',
    label: 'restart',
    button: 'restart',
    keys: [{ keys: 'Control+Shift+F5' }, { keys: 'R' }],
    enabled: replay,
  },
  {
    id: 'toggleBreakpoint',
    label: 'toggleBreakpoint',
    help: 'toggleBreakpointHelp',
    keys: [{ keys: 'F9' }, { keys: 'B' }],
    enabled: (ctx) => ctx.cursorLine !== null,
  },
  {
    id: 'lastChange',
    label: 'lastChange',
    help: 'lastChangeHelp',
    // A letter, not an F-key: laptops need Fn for those.
    keys: [{ keys: 'Alt+Shift+L' }],
    enabled: (ctx) => ctx.lastChange !== null,
  },
];

/** The button label in this context. */
export function labelOf(def: CommandDef, ctx: CommandContext): StringKey {
  return def.labelWhen?.when(ctx) ? def.labelWhen.label : def.label;
}

/** The bindings that run this command in this context (a shared key only where it applies). */
export function activeKeys(def: CommandDef, ctx: CommandContext): KeyBinding[] {
  return def.keys.filter((k) => !k.when || k.when(ctx));
}

/** A letter binding (no F-key, no Ctrl/Alt): only when the key is not typing text. */
export function isLetterBinding(binding: KeyBinding): boolean {
  return /^(Shift\+)?[A-Z]$/.test(binding.keys);
}

/** The commands that have a toolbar button, in order. */
export const TOOLBAR_COMMANDS: readonly (CommandDef & { button: string })[] = COMMAND_TABLE.filter(
  (c): c is CommandDef & { button: string } => c.button !== undefined,
);

/** The command's row. */
export function commandDef(id: CommandId): CommandDef {
  const def = COMMAND_TABLE.find((c) => c.id === id);
  if (!def) throw new Error(`unknown command ${id}`);
  return def;
}

/** Whether each command is enabled in this context. */
export function enabledCommands(ctx: CommandContext): Record<CommandId, boolean> {
  return Object.fromEntries(COMMAND_TABLE.map((c) => [c.id, c.enabled(ctx)])) as Record<
    CommandId,
    boolean
  >;
}

/**
 * The value of the button's `aria-keyshortcuts` (space-separated), or undefined: the
 * bindings that apply in `ctx` (all of them without a context).
 */
export function ariaKeyShortcuts(def: CommandDef, ctx?: CommandContext): string | undefined {
  const keys = ctx ? activeKeys(def, ctx) : def.keys;
  return keys.length ? keys.map((k) => k.keys).join(' ') : undefined;
}

/** A binding as people read it: `Ctrl+Shift+F5`. */
export function keyLabel(binding: KeyBinding): string {
  return binding.keys.replace(/\bControl\b/g, 'Ctrl');
}

/** The parts of a keyboard event the handler reads. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  /** The key goes to a text field or an editable editor: letter bindings do not apply. */
  inText?: boolean;
  /** The physical key (`KeyL`): with Alt held, `key` is another character on some layouts. */
  code?: string;
}

function matches(binding: KeyBinding, e: KeyPress): boolean {
  const parts = binding.keys.split('+');
  const key = parts[parts.length - 1];
  const mods = new Set(parts.slice(0, -1));
  const letter = isLetterBinding(binding);
  if (letter && e.inText) return false;
  const sameKey = /^[A-Z]$/.test(key)
    ? e.code
      ? e.code === `Key${key}`
      : e.key.toUpperCase() === key
    : e.key === key;
  return (
    sameKey &&
    e.shiftKey === mods.has('Shift') &&
    (e.ctrlKey || e.metaKey) === mods.has('Control') &&
    (e.altKey ?? false) === mods.has('Alt')
  );
}

/**
 * What a key press means in this context: the first row with a matching binding whose
 * `when` holds, and whether that command is enabled; null if no row binds the key (the
 * key is left to the page). A bound key is the panel's even while its command is
 * disabled, so that F5 never reloads the page from inside a panel.
 */
export function commandForKey(
  e: KeyPress,
  ctx: CommandContext,
): { id: CommandId; enabled: boolean } | null {
  for (const def of COMMAND_TABLE) {
    for (const binding of def.keys) {
      if (!matches(binding, e)) continue;
      if (binding.when && !binding.when(ctx)) continue;
      return { id: def.id, enabled: def.enabled(ctx) };
    }
  }
  return null;
}
