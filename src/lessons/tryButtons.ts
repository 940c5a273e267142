/**
 * The page's half of a panel's "things to try" (./tries.ts has the checks'): each
 * `[[scenario_id]]` drawn as a button with the picker's label.
 */
import { escapeHtml } from './html.ts';
import { SCENARIO_REF as REF } from './inline.ts';

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
