import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import { withScenarioButtons } from '../../lessons/tryButtons';
import { onPhone } from '../phone';

/**
 * A panel's "things to try", beside its scenario picker: the lesson's text with each
 * `[[scenario]]` shown as the picker's label; clicking one switches the panel to it
 * (the current one's does nothing).
 */
function TryBoxView(props: {
  /** The block's HTML, rendered by the loader. */
  html: string;
  panel: ResolvedPanel;
  scenario: string;
  lang: Lang;
  /**
   * Open at first (folded when the panel was opened from a shared link's paused view, and
   * on a phone, where it would push the code a screen down).
   */
  open: boolean;
  onScenario(id: string): void;
}) {
  const { panel, scenario, lang, onScenario } = props;
  const [open] = useState(() => props.open && !onPhone());
  const html = useMemo(
    () =>
      withScenarioButtons(
        props.html,
        (id) => panel.scenarios.find((s) => s.id === id)?.label[lang],
      ),
    [props.html, panel, lang],
  );
  // The chosen scenario's buttons are marked (derived from the panel's state, not the HTML).
  // Marked on the live buttons, not by rewriting the HTML: new HTML would replace the button
  // just clicked and drop the keyboard focus on the page body.
  const body = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` is what the buttons are made of
  useLayoutEffect(() => {
    for (const b of body.current?.querySelectorAll<HTMLElement>('[data-scenario]') ?? []) {
      if (b.dataset.scenario === scenario) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
  }, [html, scenario]);
  return (
    <details className="tries" data-testid="tries" open={open}>
      <summary>{t(lang, 'triesTitle')}</summary>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the clicks come from the buttons inside (keyboard included); this only delegates */}
      <div
        ref={body}
        className="prose tries-body"
        onClick={(e) => {
          const button = (e.target as HTMLElement).closest<HTMLElement>('[data-scenario]');
          // The current scenario's button keeps the replay where it is (as the compare
          // table's header does): it marks where the reader is, it is not a restart.
          const id = button?.dataset.scenario;
          if (id && id !== scenario) onScenario(id);
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and drops unsafe URLs; the buttons' labels are escaped
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </details>
  );
}

/** {@link TryBoxView}, re-rendered only when its props change, not on every step. */
export const TryBox = memo(TryBoxView);
