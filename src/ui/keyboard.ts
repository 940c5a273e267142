import type { KeyboardEvent } from 'react';
import type { Command } from '../replay/engine';

/** The key of "go to last change" (a letter, not an F-key: laptops need Fn for those). */
export const LAST_CHANGE_KEY = 'Alt+Shift+L';

/** The keyboard map (also shown in the shortcuts help). */
export const SHORTCUTS: {
  keys: string;
  command: Command | 'toggle' | 'lastChange';
  zh: string;
  en: string;
}[] = [
  { keys: 'F5', command: 'debug', zh: '调试 / 继续', en: 'Debug / Continue' },
  { keys: 'Shift+F5', command: 'reverseContinue', zh: '反向继续', en: 'Reverse Continue' },
  { keys: 'Ctrl+Shift+F5', command: 'restart', zh: '重新开始', en: 'Restart' },
  { keys: 'F10', command: 'stepOver', zh: '单步跳过', en: 'Step Over' },
  { keys: 'Shift+F10', command: 'stepBack', zh: '后退一步', en: 'Step Back' },
  { keys: 'F11', command: 'stepInto', zh: '单步进入', en: 'Step Into' },
  { keys: 'Shift+F11', command: 'stepOut', zh: '单步跳出', en: 'Step Out' },
  {
    keys: 'F9',
    command: 'toggle',
    zh: '在光标所在行切换断点',
    en: 'Toggle breakpoint on the cursor line',
  },
  {
    keys: LAST_CHANGE_KEY,
    command: 'lastChange',
    zh: '跳到所选变量最近一次改动',
    en: 'Go to the last change of the chosen variable',
  },
];

/** Turn a key event into a command for the panel that has focus. */
export function commandForKey(
  e: {
    key: string;
    code?: string;
    shiftKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey?: boolean;
  },
  paused: boolean,
): Command | 'toggle' | 'lastChange' | null {
  const ctrl = e.ctrlKey || e.metaKey;
  // By physical key: Alt+Shift+L types another character on some layouts.
  if (e.code === 'KeyL' && e.altKey && e.shiftKey && !ctrl) return 'lastChange';
  switch (e.key) {
    case 'F5':
      if (ctrl && e.shiftKey) return 'restart';
      if (e.shiftKey) return 'reverseContinue';
      return paused ? 'continue' : 'debug';
    case 'F9':
      return 'toggle';
    case 'F10':
      return e.shiftKey ? 'stepBack' : 'stepOver';
    case 'F11':
      return e.shiftKey ? 'stepOut' : 'stepInto';
    default:
      return null;
  }
}

/** onKeyDown handler for a panel. */
export function panelKeyHandler(opts: {
  run(cmd: Command): void;
  toggleAtCursor(): void;
  lastChange(): void;
  state: string;
}) {
  return (e: KeyboardEvent) => {
    const cmd = commandForKey(e, opts.state === 'paused');
    if (!cmd) return;
    e.preventDefault();
    e.stopPropagation();
    if (cmd === 'toggle') opts.toggleAtCursor();
    else if (cmd === 'lastChange') opts.lastChange();
    else opts.run(cmd);
  };
}
