import { useEffect, useRef } from 'react';
import { type Lang, t } from '../i18n';
import { COMMAND_TABLE, keyLabel } from '../store/commands';

/**
 * The keyboard shortcuts, built from the command table, one click away. Open, the box
 * floats over the page like a popup: Escape (wherever the focus is) or a click outside it
 * closes it; Escape from inside gives the focus back to its summary. `empty`: the summary
 * alone (the prerendered shell, where the box is closed until the app replaces it).
 */
export function ShortcutsHelp({ lang, empty }: { lang: Lang; empty?: boolean }) {
  const box = useRef<HTMLDetailsElement>(null);
  // Listening always, and reading whether the box is open when a key or a pointer comes:
  // listening only once its (asynchronous) toggle event had been handled let an Escape
  // pressed right after opening it go unheard.
  useEffect(() => {
    const close = (focusSummary: boolean) => {
      const details = box.current;
      if (!details) return;
      details.open = false;
      if (focusSummary) details.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (box.current?.open && !box.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && box.current?.open)
        close(box.current.contains(document.activeElement));
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <details ref={box} className="shortcuts" data-testid="shortcuts">
      <summary>{t(lang, 'shortcuts')}</summary>
      {empty ? null : (
        <div className="shortcuts-body">
          <p className="shortcuts-where" data-testid="shortcuts-where">
            {t(lang, 'shortcutsWhere')}
          </p>
          <p className="shortcuts-where">{t(lang, 'shortcutsFkeys')}</p>
          <p className="shortcuts-where" data-testid="shortcuts-tab-out">
            {t(lang, 'editorTabOut')}
          </p>
          <p className="shortcuts-where" data-testid="shortcuts-arrows">
            {t(lang, 'listArrows')}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">{t(lang, 'shortcutsKeys')}</th>
                <th scope="col">{t(lang, 'shortcutsCommand')}</th>
              </tr>
            </thead>
            <tbody>
              {COMMAND_TABLE.filter((c) => c.keys.length > 0).map((c) => (
                <tr key={c.id} data-command={c.id}>
                  <td>
                    {c.keys.map((k) => (
                      <span key={k.keys} className="shortcut-key">
                        <kbd>{keyLabel(k)}</kbd>
                        {k.whenLabel ? <small> ({t(lang, k.whenLabel)})</small> : null}{' '}
                      </span>
                    ))}
                  </td>
                  <td>{t(lang, c.help ?? c.label)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
