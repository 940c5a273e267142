import { type Lang, type StringKey, sentenceGap, t } from '../i18n';
import { type KeptEntry, useKept } from '../store/keptAside';
import { download } from './download';

/**
 * Saved work the page could not read (../store/keptAside.ts), where it belongs: what it
 * is, that nothing writes over it, and a way to download it and then delete it.
 */
export function KeptNotice(props: {
  entries: readonly KeptEntry[];
  lang: Lang;
  /** The sentence for one entry (its `{id}` is the key it was saved under, without prefix). */
  says: StringKey;
  prefix: string;
}) {
  const { entries, lang, says, prefix } = props;
  const drop = useKept((s) => s.drop);
  if (entries.length === 0) return null;
  return (
    <div className="kept-aside" data-testid="kept-aside" role="alert">
      {entries.map((e) => (
        <p key={e.at} data-key={e.at}>
          {t(lang, says, { id: e.of.slice(prefix.length) })}
          {e.at === e.of ? sentenceGap(lang) + t(lang, 'keptHeld') : null}{' '}
          <button
            type="button"
            className="btn-small"
            data-testid="kept-download"
            onClick={() =>
              download(`${e.at.replace(/[^\w.~-]+/g, '_')}.json`, e.text, 'application/json')
            }
          >
            {t(lang, 'keptDownload')}
          </button>{' '}
          <button
            type="button"
            className="btn-small"
            data-testid="kept-delete"
            onClick={() => drop(e.at)}
          >
            {t(lang, 'keptDelete')}
          </button>
        </p>
      ))}
    </div>
  );
}
