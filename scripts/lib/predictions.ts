/**
 * The prediction part of `lessons:check`: answer every prediction about a recorded
 * (panel, scenario) from its trace, print the answers for the author to read, and report
 * questions the run cannot answer (a name the function never binds; value choices of
 * which not exactly one is right), and warn of output choices none of which is printed
 * (`warning: true`). Pure apart from the trace it reads.
 */
import { type Lang, t } from '../../src/i18n/cli.ts';
import { formatJsonPath } from '../../src/lessons/json.ts';
import type { Lesson, ResolvedPanel } from '../../src/lessons/lesson.ts';
import { nearName } from '../../src/lessons/nearName.ts';
import {
  answerPrediction,
  factsFromTrace,
  matchingChoices,
  type PredictionAnswer,
} from '../../src/replay/predict.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Problem } from './report.ts';

/** The answer as one line of the report, in `lang`. */
export function describeAnswer(a: PredictionAnswer, lang: Lang = 'en'): string {
  switch (a.kind) {
    case 'hits':
      return t(lang, a.count === 1 ? 'checkHitsOne' : 'checkHitsMany', { n: a.count });
    case 'reached':
      return t(lang, a.reached ? 'checkReached' : 'checkNotReached');
    case 'output':
      return a.printed.length === 0
        ? t(lang, 'checkNonePrinted')
        : t(lang, 'checkPrinted', { lines: a.printed.map((c) => JSON.stringify(c)).join(', ') });
    case 'value':
      return a.text === null
        ? t(lang, 'checkNeverBound')
        : t(lang, 'checkFinalValue', { value: a.text });
  }
}

/** Every name `fn` (of `file`) binds in any of its calls in `trace`, in first-seen order. */
function namesBoundBy(trace: Trace, fn: string, file: string): string[] {
  const names = new Set<string>();
  for (let f = 0; f < trace.frames.length; f++) {
    if (trace.frames.functionOf(f) !== fn || trace.meta.files[trace.frames.fileOf(f)] !== file)
      continue;
    for (const id of trace.frameNames(f)) names.add(trace.meta.names[id]);
  }
  return [...names];
}

/**
 * Answer the predictions about `panel` under `scenarioId` from `trace`: report lines for
 * the answers, and problems for the questions this run cannot answer.
 */
export function checkPredictions(
  lesson: Lesson,
  panel: ResolvedPanel,
  scenarioId: string,
  trace: Trace,
  manifestFile: string,
  at: (path: (string | number)[]) => { line: number; column: number } | undefined,
  lang: Lang = 'en',
): { lines: string[]; problems: Problem[] } {
  const lines: string[] = [];
  const problems: Problem[] = [];
  const facts = factsFromTrace(trace);
  lesson.predictions.forEach((p) => {
    if (p.panel !== panel.id || p.scenario !== scenarioId) return;
    const index = lesson.manifest.predictions?.findIndex((d) => d.id === p.id) ?? -1;
    const path = ['predictions', index, 'ask'];
    const pos = at(path);
    /** A problem placed at the field of `ask` it is about (`name`, `choices`), else at `ask`. */
    const problem = (message: string, key: 'name' | 'choices') => {
      const place = at([...path, key]) ? [...path, key] : path;
      const where = at(place);
      problems.push({
        file: manifestFile,
        line: where?.line,
        column: where?.column,
        field: formatJsonPath(place),
        message,
      });
    };
    const answer = answerPrediction(p.ask, panel, facts);
    const text = describeAnswer(answer, lang);
    lines.push(
      t(lang, 'checkPredict', {
        id: p.id,
        // a line question says which line its anchor resolved to, for the author to check
        answer: 'line' in p.ask ? t(lang, 'checkAtLine', { answer: text, line: p.ask.line }) : text,
      }),
    );
    if (answer.kind === 'output' && answer.printed.length === 0) {
      // "None of them" can be the lesson's point, but a typo in a choice looks the same:
      // warn, naming what the run printed, so a choice that should match can be fixed.
      const printed = trace.meta.output.split('\n').filter((l) => l.trim() !== '');
      problems.push({
        file: manifestFile,
        line: pos?.line,
        column: pos?.column,
        field: formatJsonPath(path),
        warning: true,
        message: t(lang, 'checkNoChoicePrinted', {
          id: p.id,
          scenario: scenarioId,
          lines:
            printed
              .slice(0, 3)
              .map((l) => JSON.stringify(l.trimEnd()))
              .join(', ') || '—',
        }),
      });
      return;
    }
    if (p.ask.kind !== 'value' || answer.kind !== 'value') return;
    if (answer.text === null) {
      const bound = namesBoundBy(trace, panel.function, panel.source);
      const near = nearName(p.ask.name, bound);
      const vars = {
        id: p.id,
        fn: panel.function,
        name: JSON.stringify(p.ask.name),
        scenario: scenarioId,
      };
      problem(
        near === undefined
          ? t(lang, 'checkNeverBinds', vars)
          : t(lang, 'checkNeverBindsNear', { ...vars, near: JSON.stringify(near) }),
        'name',
      );
    } else if (p.ask.choices) {
      const right = matchingChoices(answer, p.ask.choices);
      const vars = { id: p.id, n: right.length, value: answer.text };
      if (right.length === 0) problem(t(lang, 'checkNoChoiceMatches', vars), 'choices');
      else if (right.length > 1) problem(t(lang, 'checkChoicesMatch', vars), 'choices');
    }
  });
  return { lines, problems };
}
