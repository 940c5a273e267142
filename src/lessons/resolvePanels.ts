/**
 * Resolving a manifest's panels: each panel's entry script, the scenarios it offers, its
 * focus function's lines in its source and its step notes' anchors. Each problem is
 * reported with its field as a lesson message. Pure, like the rest of the loader.
 */
import {
  definedFunctions,
  functionDefLines,
  resolveFunctionRange,
  resolveStepLines,
} from './anchors.ts';
import type { JsonPath } from './json.ts';
import type { LessonScenario, LessonSource, ResolvedPanel, ResolvedStep } from './lesson.ts';
import { sourceFile } from './lesson.ts';
import { msg } from './messages.ts';
import { nearName } from './nearName.ts';
import { type ReportField, readRequired } from './resolve.ts';
import type { ManifestParts } from './salvage.ts';
import type { LessonManifest } from './schema.ts';

/**
 * What the loader knows of a panel once its source and focus function are found, even if
 * its entry, a step note or a scenario of its list is wrong: enough to check the
 * predictions on it in the same run (src/lessons/predictions.ts).
 */
export interface CheckablePanel {
  id: string;
  function: string;
  source: string;
  functionRange: ResolvedPanel['functionRange'];
  /** The scenarios of its list that the lesson has. */
  scenarios: readonly LessonScenario[];
  /**
   * False when its list is missing or names a scenario the lesson lacks (reported at the
   * list): what it offers is then not known, so nothing is reported as not offered.
   */
  listSound: boolean;
}

/**
 * The panels that resolved completely (a panel with any problem is left out, its problems
 * reported), in manifest order; and in `checkable`, every panel whose focus function was
 * found, complete or not.
 */
export function resolvePanels(
  parts: ManifestParts,
  manifest: LessonManifest | undefined,
  files: Record<string, string>,
  base: string,
  sources: LessonSource[],
  scenarios: Map<string, LessonScenario>,
  report: ReportField,
  checkable: CheckablePanel[] = [],
): ResolvedPanel[] {
  const out: ResolvedPanel[] = [];
  const seenIds = new Set<string>();
  const { sourcePaths } = parts;

  parts.panels.forEach((panel, p) => {
    const field = (...rest: PropertyKey[]): JsonPath => ['panels', p, ...rest];
    let complete = panel.id !== undefined;
    if (panel.id !== undefined && seenIds.has(panel.id)) {
      report(field('id'), msg('duplicatePanelId', { id: JSON.stringify(panel.id) }));
      complete = false;
    }
    if (panel.id !== undefined) seenIds.add(panel.id);

    const entry =
      panel.entry === undefined
        ? undefined
        : readRequired(files, panel.entry, base, field('entry'), report, 'entryNotFound');
    if (!entry) complete = false;

    const offered: LessonScenario[] = [];
    const seenScenarios = new Set<string>();
    panel.scenarios.forEach((id, s) => {
      if (id === undefined) return;
      const scenario = scenarios.get(id);
      if (seenScenarios.has(id)) {
        report(field('scenarios', s), msg('scenarioListedTwice', { id: JSON.stringify(id) }));
        complete = false;
      } else if (!scenario) {
        const near = nearName(id, [...scenarios.keys()]);
        const vars = {
          id: JSON.stringify(id),
          known: [...scenarios.keys()].join(', ') || msg('noneListed'),
        };
        report(
          field('scenarios', s),
          near === undefined
            ? msg('unknownScenario', vars)
            : msg('unknownScenarioNear', { ...vars, near: JSON.stringify(near) }),
        );
        complete = false;
      } else {
        offered.push(scenario);
      }
      seenScenarios.add(id);
    });

    if (panel.source === undefined || panel.function === undefined) return;
    if (!sourcePaths.includes(panel.source)) {
      report(
        field('source'),
        msg('notALessonSource', {
          source: JSON.stringify(panel.source),
          sources: sourcePaths.join(', '),
        }),
      );
      return;
    }
    const source = sources.find((s) => s.path === panel.source);
    if (!source) return; // its missing file is already reported under sources[]
    const sourceName = `${base}/${sourceFile(source.path)}`;

    const functionRange = resolveFunctionRange(source.code, panel.function);
    if (!functionRange) {
      report(
        field('function'),
        msg('functionNotFound', {
          name: JSON.stringify(panel.function),
          file: sourceName,
          bare: panel.function,
          defined: definedFunctions(source.code).join(', ') || msg('noneListed'),
        }),
      );
      return;
    }
    const defs = functionDefLines(source.code, panel.function);
    if (defs.length > 1) {
      report(
        field('function'),
        msg('functionDefinedTwice', {
          name: JSON.stringify(panel.function),
          file: sourceName,
          lines: defs.join(', '),
        }),
      );
    }

    if (panel.id !== undefined && !checkable.some((c) => c.id === panel.id)) {
      checkable.push({
        id: panel.id,
        function: panel.function,
        source: panel.source,
        functionRange,
        scenarios: offered,
        listSound: offered.length === panel.scenarios.length,
      });
    }

    const steps: ResolvedStep[] = [];
    const span = {
      fn: panel.function,
      file: sourceName,
      start: functionRange.start,
      end: functionRange.end,
    };
    panel.steps.forEach((step, k) => {
      if (step.start === undefined || step.end === undefined) return;
      const lines = resolveStepLines(source.code, functionRange, {
        start: step.start,
        end: step.end,
      });
      if (lines.start === null) {
        report(
          field('steps', k, 'start'),
          msg('anchorNotFound', { text: JSON.stringify(step.start), ...span }),
        );
        return;
      }
      if (lines.end === null) {
        report(
          field('steps', k, 'end'),
          msg('anchorEndNotFound', {
            text: JSON.stringify(step.end),
            ...span,
            line: lines.start,
          }),
        );
        return;
      }
      // Notes are shown in order, one per stretch of lines: one that repeats or starts
      // before the previous note's lines is a copy-paste slip the reader would see.
      const previous = steps.at(-1);
      if (previous && lines.start <= previous.start) {
        report(
          field('steps', k, 'start'),
          msg(lines.start === previous.start ? 'stepRepeats' : 'stepOutOfOrder', {
            lines: `${lines.start}-${lines.end}`,
            previous: `${previous.start}-${previous.end}`,
          }),
        );
        return;
      }
      const text = manifest?.panels[p].steps[k].text;
      if (text) {
        steps.push({
          start: lines.start,
          end: lines.end,
          text,
          anchors: { start: step.start, end: step.end },
        });
      }
    });

    if (complete && entry && panel.id && steps.length === panel.steps.length) {
      out.push({
        id: panel.id,
        function: panel.function,
        source: panel.source,
        entry,
        functionRange,
        steps,
        scenarios: offered,
      });
    }
  });
  return out;
}
