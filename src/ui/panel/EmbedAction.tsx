import { lazy, memo, Suspense, useId, useRef, useState } from 'react';
import { t } from '../../i18n';
import type { EmbedTarget } from './EmbedBox';

// The box and its strings load when a reader opens it: most readers never do.
const EmbedBox = lazy(() => import('./EmbedBox').then((m) => ({ default: m.EmbedBox })));

/**
 * The panel's Embed action: a button that shows the `<iframe>` snippet for this panel,
 * with the current scenario and breakpoints, ready to copy into another page.
 */
function EmbedActionView(props: EmbedTarget) {
  const { lessonId, panel, scenario, breakpoints, draft, lang } = props;
  const [open, setOpen] = useState(false);
  // Kept here, not in the box: closing and opening it again keeps the reader's choice.
  const [compact, setCompact] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  /** Close the box and give the focus back to the button that opened it. */
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
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
        }}
      >
        {t(lang, 'embedAction')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EmbedBox
            id={id}
            lessonId={lessonId}
            panel={panel}
            scenario={scenario}
            breakpoints={breakpoints}
            draft={draft}
            lang={lang}
            compact={compact}
            onCompact={setCompact}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** {@link EmbedActionView}, re-rendered only when its props change, not on every step. */
export const EmbedAction = memo(EmbedActionView);
