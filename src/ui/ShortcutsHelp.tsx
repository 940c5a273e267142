import { type Lang, t } from '../i18n';
import { COMMAND_TABLE, keyLabel } from '../store/commands';

/** The keyboard shortcuts, built from the command table, one click away. */
export function ShortcutsHelp({ lang }: { lang: Lang }) {
  return (
    <details className="shortcuts" data-testid="shortcuts">
      <summary>{t(lang, 'shortcuts')}</summary>
      <p className="shortcuts-where">{t(lang, 'shortcutsWhere')}</p>
      <table>
        <tbody>
          {COMMAND_TABLE.filter((c) => c.keys.length > 0).map((c) => (
            <tr key={c.id} data-command={c.id}>
              <td>
                {c.keys.map((k) => (
                  <kbd key={k.keys}>{keyLabel(k)}</kbd>
                ))}
              </td>
              <td>{t(lang, c.help ?? c.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
