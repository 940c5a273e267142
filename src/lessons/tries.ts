/**
 * A panel's "things to try" name scenarios as `[[scenario_id]]`, so the text always shows
 * the label the scenario picker shows, in the reader's language, and a click switches to
 * it. The id is the lesson's; the label is derived, never copied into the prose.
 */

import { escapeHtml } from './html.ts';
import { SCENARIO_REF as REF } from './inline.ts';
import type { LessonError } from './lesson.ts';
import { msg } from './messages.ts';
import type { TryBlock } from './prose.ts';

/** One `[[id]]` reference in a try block, with its 1-based line in the article. */
export interface ScenarioRef {
  id: string;
  line: number;
}

/** Every scenario reference in a try block, with its line in the article. */
export function scenarioRefs(block: TryBlock): ScenarioRef[] {
  return block.text
    .split('\n')
    .flatMap((text, i) => [...text.matchAll(REF)].map((m) => ({ id: m[1], line: block.line + i })));
}

/**
 * A try block's rendered HTML (./markdown.ts) with each `[[id]]` in its text shown as a
 * button labelled `labelOf(id)`, the picker's label (an id without one stays as written).
 * Not in code, nor inside a tag (an image's `alt`, a link's `title`: a button there would
 * end the attribute). The panel handles clicks on `[data-scenario]`. Ids are `[a-z0-9_]+`,
 * labels are escaped; the renderer escapes `<` and `>` in attributes, so a tag ends at `>`.
 */
export function withScenarioButtons(
  html: string,
  labelOf: (id: string) => string | undefined,
): string {
  return html
    .split(/(<code\b[^>]*>[\s\S]*?<\/code>|<[^>]*>)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(REF, (whole, id: string) => {
            const label = labelOf(id);
            if (label === undefined) return whole;
            return `<button type="button" class="try-scenario" data-scenario="${id}">${escapeHtml(label)}</button>`;
          }),
    )
    .join('');
}

/**
 * Errors for `[[id]]` references to scenarios the block's panel does not offer. A panel
 * offers the scenarios of its list that the catalogue has; while its list names one the
 * catalogue lacks (reported at that list), a reference to any catalogue scenario is left
 * alone: the list is wrong, not the article. A block after a marker naming no panel is
 * not checked (the marker is reported).
 */
export function unknownTryScenarios(
  blocks: TryBlock[],
  panels: { id?: string; scenarios: (string | undefined)[] }[],
  catalogue: ReadonlyMap<string, unknown>,
  file: string,
): LessonError[] {
  return blocks.flatMap((block) => {
    const panel = panels.find((p) => p.id === block.panelId);
    // A marker naming no panel is reported at the marker; its block has nothing to check.
    if (!panel) return [];
    const listed = panel.scenarios;
    const offered = listed.filter((id): id is string => id !== undefined && catalogue.has(id));
    const listIsWrong = offered.length < listed.length;
    return scenarioRefs(block)
      .filter((ref) => !offered.includes(ref.id) && !(listIsWrong && catalogue.has(ref.id)))
      .map((ref) => ({
        file,
        line: ref.line,
        message: msg('unknownTryScenario', {
          ref: `[[${ref.id}]]`,
          panel: JSON.stringify(block.panelId),
          id: JSON.stringify(ref.id),
          offered: offered.length > 0 ? offered.join(', ') : msg('noneListed'),
        }),
      }));
  });
}
