import { useState } from 'react';
import type { Lang } from '../../i18n';
import { tEmbed } from '../../i18n/embedTable';
import type { ResolvedPanel } from '../../lessons/lesson';
import type { Breakpoint } from '../../replay/engine';
import { embedSnippet } from '../../store/embed';
import { paneLabel } from './paneLabel';

/** What an embed snippet is made from: the panel, as the reader has it now. */
export interface EmbedTarget {
  lessonId: string;
  panel: ResolvedPanel;
  scenario: string;
  breakpoints: readonly Breakpoint[];
  /** Author mode has a draft of this lesson: the snippet shows the lesson as deployed. */
  draft: boolean;
  lang: Lang;
}

/**
 * The Embed action's box (./EmbedAction.tsx): the `<iframe>` snippet for this panel, with
 * the current scenario and breakpoints, a Compact switch, Copy and Close. Loaded when the
 * box first opens.
 */
export function EmbedBox(
  props: EmbedTarget & {
    /** The box's id, which the Embed button's `aria-controls` names. */
    id: string;
    /** The Compact switch, kept by the Embed action across openings. */
    compact: boolean;
    onCompact(compact: boolean): void;
    onClose(): void;
  },
) {
  const { lessonId, panel, scenario, breakpoints, draft, lang, compact } = props;
  const [copied, setCopied] = useState(false);
  const snippet = embedSnippet({
    base: new URL(import.meta.env.BASE_URL, document.baseURI).href,
    lesson: lessonId,
    panel: panel.id,
    title: `${panel.function} · ${tEmbed(lang, 'appTitle')}`,
    scenario,
    breakpoints,
    lang,
    compact,
  });
  return (
    <section
      id={props.id}
      className="embed-box"
      data-testid="embed-box"
      aria-label={paneLabel(tEmbed(lang, 'embedTitle'), panel.function)}
    >
      <p>{tEmbed(lang, 'embedHelp')}</p>
      {draft ? (
        <p className="embed-draft" data-testid="embed-draft">
          {tEmbed(lang, 'embedDraft')}
        </p>
      ) : null}
      <label className="embed-compact">
        <input
          type="checkbox"
          checked={compact}
          data-testid="embed-compact"
          onChange={(e) => {
            props.onCompact(e.target.checked);
            setCopied(false);
          }}
        />{' '}
        {tEmbed(lang, 'embedCompact')}
      </label>
      <label>
        <span>{tEmbed(lang, 'embedCode')}</span>
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
        {tEmbed(lang, 'copy')}
      </button>
      <button type="button" data-testid="embed-close" onClick={props.onClose}>
        {tEmbed(lang, 'close')}
      </button>
      <span className="embed-copied" role="status" data-testid="embed-copied">
        {copied ? tEmbed(lang, 'copied') : ''}
      </span>
    </section>
  );
}
