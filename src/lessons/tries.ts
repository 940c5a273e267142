/**
 * A panel's "things to try" name scenarios as `[[scenario_id]]`, so the text always shows
 * the label the scenario picker shows, in the reader's language, and a click switches to
 * it. The id is the lesson's; the label is derived, never copied into the prose. What
 * the checks find wrong in them is here; the buttons the page draws, ./tryButtons.ts.
 */

import { SCENARIO_REF as REF } from './inline.ts';
import type { LessonError } from './lesson.ts';
import { msg } from './messages.ts';
import { nearName } from './nearName.ts';
import type { TryBlock } from './prose.ts';

/**
 * One `[[…]]` in a try block (outside inline code), with its 1-based line and column in
 * the article. `id` is what is between the brackets; `valid` whether it is a scenario
 * id's shape (`[a-z0-9_]+`), the only kind that becomes a button.
 */
export interface ScenarioRef {
  id: string;
  line: number;
  column: number;
  valid: boolean;
}

/** Anything written as a reference: `[[` … `]]` on one line, with no bracket inside. */
const LOOSE_REF = /\[\[([^[\]\n]*)\]\]/g;
const EXACT_REF = new RegExp(`^${REF.source}$`);

/** Every `[[…]]` in a try block, with its place in the article; inline code is skipped. */
export function scenarioRefs(block: TryBlock): ScenarioRef[] {
  return block.text.split('\n').flatMap((text, i) => {
    // A code span (`x = [[1, 2]]`) is Python, not a reference: blanked, columns kept.
    const prose = text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    return [...prose.matchAll(LOOSE_REF)].map((m) => ({
      id: m[1],
      line: block.line + i,
      column: (m.index ?? 0) + 1,
      valid: EXACT_REF.test(m[0]),
    }));
  });
}

/** The scenario a reference that is not an id's shape was meant to be, if one is near. */
function meantScenario(written: string, offered: readonly string[]): string | undefined {
  const plain = written
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
  return offered.find((id) => id === plain);
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
    const list = offered.length > 0 ? offered.join(', ') : msg('noneListed');
    return scenarioRefs(block).flatMap((ref): LessonError[] => {
      const place = { file, line: ref.line, column: ref.column };
      if (!ref.valid) {
        // It would be shown as written, brackets and all: no button, no label.
        const meant = meantScenario(ref.id, offered);
        const message = msg(meant ? 'tryRefShapeMeant' : 'tryRefShape', {
          ref: `[[${ref.id}]]`,
          meant: `[[${meant}]]`,
          offered: list,
        });
        return [{ ...place, message }];
      }
      if (offered.includes(ref.id) || (listIsWrong && catalogue.has(ref.id))) return [];
      const near = nearName(ref.id, offered);
      const vars = {
        ref: `[[${ref.id}]]`,
        panel: JSON.stringify(block.panelId),
        id: JSON.stringify(ref.id),
        offered: list,
      };
      const message =
        near === undefined
          ? msg('unknownTryScenario', vars)
          : msg('unknownTryScenarioNear', { ...vars, near: `[[${near}]]` });
      return [{ ...place, message }];
    });
  });
}
