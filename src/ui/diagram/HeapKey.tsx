import { type Lang, t } from '../../i18n';

/** One arrow of the key: a dot, a line and a head, drawn as the picture draws them. */
function KeyArrow({ faded = false }: { faded?: boolean }) {
  return (
    <svg width="22" height="12" className="heap-key-mark" aria-hidden="true">
      <circle cx="4" cy="6" r="3" className={faded ? 'heap-dot is-faded' : 'heap-dot'} />
      <path d="M4,6 L16,6" className={faded ? 'heap-edge is-faded' : 'heap-edge'} />
      <path
        d="M15,2.5 L21,6 L15,9.5 z"
        className={faded ? 'heap-arrowhead is-faded' : 'heap-arrowhead'}
      />
    </svg>
  );
}

/**
 * The key under the picture: what a shaded box and an arrow mean, and, when the picture
 * fades some arrows (those the selected frame cannot reach), what a faded one means. For
 * the eyes only: the text alternative says all of it of each name and object.
 */
export function HeapKey({ lang, faded }: { lang: Lang; faded: boolean }) {
  return (
    <p className="heap-key" aria-hidden="true" data-testid="heap-key">
      <span>
        <svg width="18" height="12" className="heap-key-mark" aria-hidden="true">
          <rect x="1" y="1" width="16" height="10" className="heap-key-changed" />
        </svg>
        {t(lang, 'keyChanged')}
      </span>
      <span>
        <KeyArrow />
        {t(lang, 'keyArrow')}
      </span>
      {faded ? (
        <span data-testid="heap-key-faded">
          <KeyArrow faded />
          {t(lang, 'keyFaded')}
        </span>
      ) : null}
    </p>
  );
}
