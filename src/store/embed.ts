/**
 * The embed view's address and the `<iframe>` snippet an instructor pastes into their
 * page, the message the embedded panel sends its host, and what the view says when its
 * address names no panel. Pure.
 */
import { type Lang, t } from '../i18n';
import type { Breakpoint } from '../replay/engine';
import { encodePanelState } from './share';

/** The `type` of the message an embedded panel posts to its host page with its height. */
export const EMBED_HEIGHT_MESSAGE = 'wpt:embed-height';

/** The message an embedded panel posts to its host page. */
export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  /** The panel's content height in CSS pixels. */
  height: number;
}

/** What an embed snippet shows. */
export interface EmbedTarget {
  /** The app's base URL, ending in `/` (`https://python.example.org/`). */
  base: string;
  lesson: string;
  panel: string;
  /** The panel's title, for the iframe's accessible name. */
  title: string;
  scenario: string;
  breakpoints: readonly Breakpoint[];
  lang: 'zh' | 'en';
  /**
   * Only the code, the debugger and its panes, without the predictions, the things to try,
   * the comparison tables and the setup (`view=compact`): for a page that explains around it.
   */
  compact?: boolean;
}

/** The embed view's URL: lesson, panel, language and the panel's scenario and breakpoints. */
export function embedUrl(t: EmbedTarget): string {
  const url = new URL('embed', t.base);
  url.searchParams.set('lesson', t.lesson);
  url.searchParams.set('panel', t.panel);
  url.searchParams.set('lang', t.lang);
  if (t.compact) url.searchParams.set('view', 'compact');
  // The reader starts from the beginning: scenario and breakpoints, no step.
  url.searchParams.set(
    's',
    encodePanelState({ scenario: t.scenario, breakpoints: [...t.breakpoints], position: -1 }),
  );
  return url.href;
}

const attr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML an instructor pastes: the iframe and the optional resizing script. */
export function embedSnippet(t: EmbedTarget): string {
  return [
    `<iframe src="${attr(embedUrl(t))}"`,
    `        title="${attr(t.title)}" width="100%" height="640" style="border: 0"`,
    '        allow="cross-origin-isolated" loading="lazy"></iframe>',
    `<script src="${attr(new URL('embed-host.js', t.base).href)}" async></script>`,
  ].join('\n');
}

/**
 * Why the embed view cannot show its panel: the lesson exists but does not load
 * (`broken`: show its errors, as the full app does), or the address names a lesson or panel
 * that is not there (`missing`: see {@link embedMissingText}); null when it can.
 */
export function embedFailure<B extends { id: string }>(
  lessonId: string,
  broken: readonly B[],
  found: { lesson: boolean; panel: boolean },
): { kind: 'broken'; lesson: B } | { kind: 'missing' } | null {
  const bad = found.lesson ? undefined : broken.find((b) => b.id === lessonId);
  if (bad) return { kind: 'broken', lesson: bad };
  return found.lesson && found.panel ? null : { kind: 'missing' };
}

/**
 * What the embed view says when its address names a panel it cannot show, naming what is
 * wrong (the lesson, or the panel) and what there is instead, so a mistyped `lesson=` or
 * `panel=` is easy to fix.
 */
export function embedMissingText(
  lang: Lang,
  lessonId: string,
  panelId: string,
  lesson: { panels: readonly { id: string }[] } | undefined,
  lessonIds: readonly string[],
): string {
  if (!lesson) {
    const lessons = lessonIds.join(t(lang, 'listSeparator'));
    return lessonId
      ? t(lang, 'embedNoLesson', { lesson: lessonId, lessons })
      : t(lang, 'embedNoLessonGiven', { lessons });
  }
  const panels = lesson.panels.map((p) => p.id).join(t(lang, 'listSeparator'));
  return panelId
    ? t(lang, 'embedPanelNotFound', { lesson: lessonId, panel: panelId, panels })
    : t(lang, 'embedNoPanelGiven', { lesson: lessonId, panels });
}
