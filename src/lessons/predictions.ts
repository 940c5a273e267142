/**
 * Loading a lesson's predictions: each names a panel and a scenario that panel offers,
 * and a `hits`/`reached` question's anchor must resolve to exactly one line of the panel's
 * focus function (a step's `start` takes the first match; a question counting one line's
 * hits must not silently count another's). Pure, like the rest of the loader.
 */
import { anchorLines } from './anchors.ts';
import { inlineScenarioIds } from './inline.ts';
import type { JsonPath } from './json.ts';
import type { LessonSource, ResolvedAsk, ResolvedPrediction } from './lesson.ts';
import { sourceFile } from './lesson.ts';
import { msg } from './messages.ts';
import { nearName } from './nearName.ts';
import type { ReportField } from './resolve.ts';
import type { CheckablePanel } from './resolvePanels.ts';
import { PredictionSchema } from './schema.ts';

/**
 * Resolve the `predictions` of a manifest (any JSON value: a rejected manifest's entries
 * are checked one by one). `panels` are the panels whose focus function was found,
 * complete or not, so a prediction is checked in the same run as an error elsewhere in
 * its panel (a step note, the entry); `panelIds` every panel id the manifest names, so a
 * prediction on a panel with other errors is not reported as naming an unknown panel.
 */
export function resolvePredictions(
  raw: unknown,
  panels: readonly CheckablePanel[],
  panelIds: readonly string[],
  sources: readonly LessonSource[],
  base: string,
  report: ReportField,
): ResolvedPrediction[] {
  if (!Array.isArray(raw)) return [];
  const out: ResolvedPrediction[] = [];
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const parsed = PredictionSchema.safeParse(item);
    if (!parsed.success) return; // the schema reported it
    const p = parsed.data;
    const field = (...rest: PropertyKey[]): JsonPath => ['predictions', i, ...rest];
    if (seen.has(p.id)) {
      report(field('id'), msg('duplicatePredictionId', { id: JSON.stringify(p.id) }));
      return;
    }
    seen.add(p.id);
    if (!panelIds.includes(p.panel)) {
      report(
        field('panel'),
        msg('unknownPanel', {
          id: JSON.stringify(p.panel),
          ids: panelIds.join(', ') || msg('noneListed'),
        }),
      );
      return;
    }
    const panel = panels.find((x) => x.id === p.panel);
    if (!panel) return; // its source or function is wrong: reported at the panel
    // (with a wrong list, reported at the list, what the panel offers is not known)
    const offers = (id: string) => !panel.listSound || panel.scenarios.some((s) => s.id === id);
    const notOffered = (id: string) => {
      const ids = panel.scenarios.map((s) => s.id);
      const near = nearName(id, ids);
      const vars = { panel: JSON.stringify(p.panel), scenario: JSON.stringify(id) };
      return near === undefined
        ? msg('scenarioNotOffered', { ...vars, offered: ids.join(', ') })
        : msg('scenarioNotOfferedNear', {
            ...vars,
            near: JSON.stringify(near),
            offered: ids.join(', '),
          });
    };
    if (!offers(p.scenario)) {
      report(field('scenario'), notOffered(p.scenario));
      return;
    }
    for (const lang of Object.keys(p.question) as (keyof typeof p.question)[]) {
      for (const id of inlineScenarioIds(p.question[lang])) {
        if (!offers(id)) report(field('question', lang), notOffered(id));
      }
    }
    let ask: ResolvedAsk;
    if (p.ask.kind === 'hits' || p.ask.kind === 'reached') {
      const anchor = p.ask.line;
      const source = sources.find((s) => s.path === panel.source);
      const found = source ? anchorLines(source.code, panel.functionRange, anchor) : [];
      // An anchor that is a whole line picks that line, even where it is also a piece of
      // another (`best = n` and `best = nums[0]`).
      const texts = source?.code.split('\n') ?? [];
      const whole = found.filter((n) => texts[n - 1]?.trim() === anchor.trim());
      const lines = found.length > 1 && whole.length === 1 ? whole : found;
      const span = {
        text: JSON.stringify(p.ask.line),
        fn: panel.function,
        file: `${base}/${sourceFile(panel.source)}`,
        start: panel.functionRange.start,
        end: panel.functionRange.end,
      };
      if (lines.length === 0) {
        report(field('ask', 'line'), msg('anchorNotFound', span));
        return;
      }
      // A question about one line must name one line: the first match (a step's rule)
      // would silently count the hits of another line.
      if (lines.length > 1) {
        report(
          field('ask', 'line'),
          msg('anchorAmbiguous', {
            ...span,
            lines: lines.slice(0, -1).join(', '),
            last: lines[lines.length - 1],
          }),
        );
        return;
      }
      const line = lines[0];
      ask = { kind: p.ask.kind, line, anchor: p.ask.line };
    } else if (p.ask.kind === 'output') {
      if (new Set(p.ask.choices).size !== p.ask.choices.length) {
        report(field('ask', 'choices'), msg('choicesNotDistinct'));
        return;
      }
      ask = { kind: 'output', choices: p.ask.choices };
    } else {
      ask = {
        kind: 'value',
        name: p.ask.name,
        ...(p.ask.choices ? { choices: p.ask.choices } : {}),
      };
    }
    out.push({ id: p.id, panel: p.panel, scenario: p.scenario, ask, question: p.question });
  });
  return out;
}
