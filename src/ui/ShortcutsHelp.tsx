import { type Lang, t } from './i18n';
import { SHORTCUTS } from './keyboard';

/** The keyboard shortcuts, one click (or `?`) away. */
export function ShortcutsHelp({ lang }: { lang: Lang }) {
  return (
    <details className="shortcuts" data-testid="shortcuts">
      <summary>{t(lang, 'shortcuts')}</summary>
      <table>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s[lang]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
