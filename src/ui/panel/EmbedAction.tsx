import { memo, useId, useRef, useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import type { Breakpoint } from '../../replay/engine';
import { embedSnippet } from '../../store/embed';

/**
 * The panel's Embed action: a button that shows the `<iframe>` snippet for this panel,
 * with the current scenario and breakpoints, ready to copy into another page.
 */
function EmbedActionView(props: {
  lessonId: string;
  panel: ResolvedPanel;
  scenario: string;
  breakpoints: readonly Breakpoint[];
  /** Author mode has a draft of this lesson: the snippet shows the lesson as deployed. */
  draft: boolean;
  lang: Lang;
}) {
  const { lessonId, panel, scenario, breakpoints, draft, lang } = props;
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [compact, setCompact] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  /** Close the box and give the focus back to the button that opened it. */
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const snippet = open
    ? embedSnippet({
        base: new URL(import.meta.env.BASE_URL, document.baseURI).href,
        lesson: lessonId,
        panel: panel.id,
        title: `${panel.function} · ${t(lang, 'appTitle')}`,
        scenario,
        breakpoints,
        lang,
        compact,
      })
    : '';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anything inside closes the box
    <div
      className="embed-action"
      onKeyDown={(e) => {
        if (!open || e.key !== 'Escape') return;
        e.stopPropagation();
        close();
      }}
    >
      <button
        ref={opener}
        type="button"
        data-testid="embed-open"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
          setCopied(false);
        }}
      >
        {t(lang, 'embedAction')}
      </button>
      {open ? (
        <section
          id={id}
          className="embed-box"
          data-testid="embed-box"
          aria-label={t(lang, 'embedTitle')}
        >
          <p>{t(lang, 'embedHelp')}</p>
          {draft ? (
            <p className="embed-draft" data-testid="embed-draft">
              {t(lang, 'embedDraft')}
            </p>
          ) : null}
          <label className="embed-compact">
            <input
              type="checkbox"
              checked={compact}
              data-testid="embed-compact"
              onChange={(e) => {
                setCompact(e.target.checked);
                setCopied(false);
              }}
            />{' '}
            {t(lang, 'embedCompact')}
          </label>
          <label>
            <span>{t(lang, 'embedCode')}</span>
            <textarea readOnly rows={5} value={snippet} data-testid="embed-snippet" />
          </label>
          <button
            type="button"
            data-testid="embed-copy"
            onClick={() =>
              navigator.clipboard?.writeText(snippet).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t(lang, 'copy')}
          </button>
          <button type="button" data-testid="embed-close" onClick={close}>
            {t(lang, 'close')}
          </button>
          <span className="embed-copied" role="status" data-testid="embed-copied">
            {copied ? t(lang, 'copied') : ''}
          </span>
        </section>
      ) : null}
    </div>
  );
}

/** {@link EmbedActionView}, re-rendered only when its props change, not on every step. */
export const EmbedAction = memo(EmbedActionView);
