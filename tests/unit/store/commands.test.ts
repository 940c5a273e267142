/**
 * The command table drives the toolbar, the shortcuts help and the key handler: each key
 * maps to one command in each state, and bound keys are the panel's even when disabled.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/replay/engine';
import {
  ariaKeyShortcuts,
  COMMAND_TABLE,
  type CommandContext,
  commandForKey,
  enabledCommands,
  isLetterBinding,
  keyLabel,
  labelOf,
  TOOLBAR_COMMANDS,
} from '../../../src/store/commands';
import type { PanelUiState } from '../../../src/store/selectors';

const press = (keys: string) => {
  const parts = keys.split('+');
  return {
    key: parts[parts.length - 1],
    shiftKey: parts.includes('Shift'),
    ctrlKey: parts.includes('Control'),
    metaKey: false,
  };
};
const ctx = (state: PanelUiState, over: Partial<CommandContext> = {}): CommandContext => ({
  state,
  canStep: true,
  cursorLine: null,
  lastChange: null,
  atStart: false,
  ...over,
});

describe('the command table', () => {
  it('has a toolbar button for every engine command, in engine order', () => {
    expect(TOOLBAR_COMMANDS.map((c) => c.id)).toEqual([...COMMANDS]);
    const ids = COMMAND_TABLE.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const buttons = TOOLBAR_COMMANDS.map((c) => c.button);
    expect(new Set(buttons).size).toBe(buttons.length);
  });

  it('never binds one key to two commands in the same state', () => {
    const states: PanelUiState[] = ['loading', 'ready', 'paused', 'finished', 'error'];
    for (const state of states) {
      const c = ctx(state, { cursorLine: 3 });
      const seen = new Map<string, string>();
      for (const def of COMMAND_TABLE) {
        for (const b of def.keys) {
          if (b.when && !b.when(c)) continue;
          expect(seen.get(b.keys), `${b.keys} in ${state}`).toBeUndefined();
          seen.set(b.keys, def.id);
        }
      }
    }
  });

  it('maps F5 to Debug when not paused and to Continue when paused', () => {
    expect(commandForKey(press('F5'), ctx('ready'))).toEqual({ id: 'debug', enabled: true });
    expect(commandForKey(press('F5'), ctx('paused'))).toEqual({ id: 'continue', enabled: true });
    expect(commandForKey(press('Shift+F5'), ctx('paused'))?.id).toBe('reverseContinue');
    expect(commandForKey(press('Control+Shift+F5'), ctx('paused'))?.id).toBe('restart');
    expect(commandForKey(press('F10'), ctx('paused'))?.id).toBe('stepOver');
    expect(commandForKey(press('Shift+F10'), ctx('paused'))?.id).toBe('stepBack');
    expect(commandForKey(press('F11'), ctx('paused'))?.id).toBe('stepInto');
    expect(commandForKey(press('Shift+F11'), ctx('paused'))?.id).toBe('stepOut');
  });

  it('offers no way back where nothing ran before (not run, or at the first step)', () => {
    for (const atStart of [true, false]) {
      const on = enabledCommands(ctx('paused', { atStart }));
      expect([on.stepBack, on.reverseContinue]).toEqual([!atStart, !atStart]);
      expect(on.stepOver).toBe(true);
    }
  });

  it('claims a bound key even when its command is disabled, and ignores other keys', () => {
    expect(commandForKey(press('F5'), ctx('loading', { canStep: false }))).toEqual({
      id: 'debug',
      enabled: false,
    });
    expect(commandForKey(press('F9'), ctx('paused'))).toEqual({
      id: 'toggleBreakpoint',
      enabled: false,
    });
    expect(commandForKey(press('F9'), ctx('paused', { cursorLine: 4 }))?.enabled).toBe(true);
    expect(commandForKey(press('F6'), ctx('paused'))).toBeNull();
    expect(commandForKey(press('a'), ctx('paused'))).toBeNull();
  });

  it('enables Continue only while paused, and nothing before Python or a trace', () => {
    expect(enabledCommands(ctx('ready')).continue).toBe(false);
    expect(enabledCommands(ctx('paused')).continue).toBe(true);
    const none = enabledCommands(ctx('loading', { canStep: false }));
    expect(TOOLBAR_COMMANDS.filter((c) => none[c.id])).toEqual([]);
  });

  it('writes aria-keyshortcuts and readable labels from the same bindings', () => {
    const restart = COMMAND_TABLE.find((c) => c.id === 'restart')!;
    expect(ariaKeyShortcuts(restart)).toBe('Control+Shift+F5 R');
    expect(keyLabel(restart.keys[0])).toBe('Ctrl+Shift+F5');
    expect(ariaKeyShortcuts(COMMAND_TABLE.find((c) => c.id === 'run')!)).toBeUndefined();
  });

  it('writes only the keys that apply now: F5 is Continue’s while paused, not Debug’s', () => {
    const debug = COMMAND_TABLE.find((c) => c.id === 'debug')!;
    const cont = COMMAND_TABLE.find((c) => c.id === 'continue')!;
    expect(ariaKeyShortcuts(debug, ctx('ready'))).toBe('F5 D');
    expect(ariaKeyShortcuts(debug, ctx('paused'))).toBe('D');
    expect(ariaKeyShortcuts(cont, ctx('paused'))).toBe('F5 C');
    expect(labelOf(debug, ctx('paused'))).toBe('debugFromStart');
    expect(labelOf(debug, ctx('ready'))).toBe('debug');
  });

  it('gives every command with an F-key a letter key too, which does not fire while typing', () => {
    for (const c of COMMAND_TABLE) {
      if (c.keys.some((k) => k.keys.includes('F'))) {
        expect(c.keys.some(isLetterBinding), c.id).toBe(true);
      }
    }
    expect(commandForKey({ ...press('N'), key: 'n' }, ctx('paused'))?.id).toBe('stepOver');
    expect(commandForKey({ ...press('N'), key: 'n', inText: true }, ctx('paused'))).toBeNull();
    expect(commandForKey({ ...press('Shift+C'), key: 'C' }, ctx('paused'))?.id).toBe(
      'reverseContinue',
    );
  });
});
