/**
 * The prediction part of `lessons:check`: answer every prediction about a recorded
 * (panel, scenario) from its trace, print the answers for the author to read, and report
 * questions the run cannot answer (a name the function never binds; value choices of
 * which not exactly one is right). Pure apart from the trace it reads.
 */
import { formatJsonPath } from '../../src/lessons/json.ts';
import type { Lesson, ResolvedPanel } from '../../src/lessons/lesson.ts';
import {
  answerPrediction,
  factsFromTrace,
  matchingChoices,
  type PredictionAnswer,
} from '../../src/replay/predict.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Problem } from './report.ts';

/** The answer as one line of the report. */
export function describeAnswer(a: PredictionAnswer): string {
  switch (a.kind) {
    case 'hits':
      return `${a.count} hit${a.count === 1 ? '' : 's'}`;
    case 'reached':
      return a.reached ? 'reached' : 'not reached';
    case 'output':
      return a.printed.length === 0
        ? 'none of the choices is printed'
        : `printed: ${a.printed.map((c) => JSON.stringify(c)).join(', ')}`;
    case 'value':
      return a.text === null ? 'never bound' : `final value ${a.text}`;
  }
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
): { lines: string[]; problems: Problem[] } {
  const lines: string[] = [];
  const problems: Problem[] = [];
  const facts = factsFromTrace(trace);
  lesson.predictions.forEach((p) => {
    if (p.panel !== panel.id || p.scenario !== scenarioId) return;
    const index = lesson.manifest.predictions?.findIndex((d) => d.id === p.id) ?? -1;
    const path = ['predictions', index, 'ask'];
    const pos = at(path);
    const problem = (message: string) =>
      problems.push({
        file: manifestFile,
        line: pos?.line,
        column: pos?.column,
        field: formatJsonPath(path),
        message,
      });
    const answer = answerPrediction(p.ask, panel, facts);
    lines.push(`predict ${p.id}: ${describeAnswer(answer)}`);
    if (p.ask.kind !== 'value' || answer.kind !== 'value') return;
    if (answer.text === null) {
      problem(
        `${p.id}: ${panel.function} never binds ${JSON.stringify(p.ask.name)} under ${scenarioId}, so the question has no answer`,
      );
    } else if (p.ask.choices) {
      const right = matchingChoices(answer, p.ask.choices);
      if (right.length !== 1)
        problem(
          `${p.id}: ${right.length === 0 ? 'no choice matches' : `${right.length} choices match`} the final value ${answer.text}; exactly one must`,
        );
    }
  });
  return { lines, problems };
}
