import { type Lang, t } from '../i18n';
import { COMMAND_TABLE, keyLabel } from '../store/commands';

/** The keyboard shortcuts, built from the command table, one click away; Escape closes them. */
export function ShortcutsHelp({ lang }: { lang: Lang }) {
  return (
    <details
      className="shortcuts"
      data-testid="shortcuts"
      onKeyDown={(e) => {
        const box = e.currentTarget;
        if (e.key !== 'Escape' || !box.open) return;
        box.open = false;
        box.querySelector('summary')?.focus();
        e.stopPropagation();
      }}
    >
      <summary>{t(lang, 'shortcuts')}</summary>
      <div className="shortcuts-body">
        <p className="shortcuts-where" data-testid="shortcuts-where">
          {t(lang, 'shortcutsWhere')}
        </p>
        <p className="shortcuts-where">{t(lang, 'shortcutsFkeys')}</p>
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
    </details>
  );
}
