/**
 * The verdict of `lessons:check` on one recorded run, in the reader's language: how it
 * ended against what its scenario declares, where a failure is to be fixed (a runaway
 * run at the Python line it was stopped on, an uncaught exception at its line), and
 * whether it comes close to its budget. Pure apart from the trace it reads.
 */
import { type CliKey, type Lang, t } from '../../src/i18n/cli.ts';
import type { Lesson, LessonScenario, ResolvedPanel } from '../../src/lessons/lesson.ts';
import type { ExpectedEnding } from '../../src/lessons/schema.ts';
import { type ActualEnding, type EndingVerdict, judgeEnding } from '../../src/runtime/ending.ts';
import type { RunError } from '../../src/trace/meta.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Problem } from './report.ts';

/** A run that uses more than this share of its budget draws a warning. */
export const BUDGET_WARNING_SHARE = 0.5;

/** `  ok    ` / `  FAIL  ` (`  通过  ` / `  失败  `): the status column of a report line. */
export function statusTag(lang: Lang, ok: boolean): string {
  const tag = t(lang, ok ? 'checkTagOk' : 'checkTagFail');
  // A Han character is two columns wide in a terminal.
  const width = [...tag].reduce((n, c) => n + (/\p{Script=Han}/u.test(c) ? 2 : 1), 0);
  return `  ${tag}${' '.repeat(Math.max(1, 6 - width))}`;
}

/** `one` for 1, `many` otherwise, with `{n}` filled. */
export function plural(
  lang: Lang,
  n: number,
  one: CliKey,
  many: CliKey,
  vars: Record<string, string | number> = {},
): string {
  return t(lang, n === 1 ? one : many, { n, ...vars });
}

const STOP_KEYS = {
  events: 'checkEndStopEvents',
  time: 'checkEndStopTime',
  depth: 'checkEndStopDepth',
} as const;

/** How a run ended (or should end), as a phrase: `a stop by its event budget`. */
export function endingText(ending: ActualEnding | ExpectedEnding, lang: Lang): string {
  const stop = (reason: keyof typeof STOP_KEYS) => t(lang, STOP_KEYS[reason]);
  if ('kind' in ending) {
    if (ending.kind === 'completed') return t(lang, 'checkEndCompleted');
    return ending.kind === 'stop'
      ? stop(ending.reason)
      : t(lang, 'checkEndError', { type: ending.type });
  }
  return 'stop' in ending ? stop(ending.stop) : t(lang, 'checkEndError', { type: ending.error });
}

/** `completed` / `stopped` / `error`, in `lang`. */
export function outcomeText(outcome: 'completed' | 'stopped' | 'error', lang: Lang): string {
  const key = {
    completed: 'checkOutcomeCompleted',
    stopped: 'checkOutcomeStopped',
    error: 'checkOutcomeError',
  } as const;
  return t(lang, key[outcome]);
}

/** What one run needs to be judged: the lesson, where its files are shown, the language. */
export interface VerdictContext {
  lesson: Lesson;
  /** The lesson folder as printed. */
  dir: string;
  manifestFile: string;
  at: (jsonPath: (string | number)[]) => { line: number; column: number } | undefined;
  /** Python file name -> lesson-relative path. */
  pyMap: Map<string, string>;
  lang: Lang;
}

/** A failed run: its headline, the problem at its place, and rows to print under it. */
export interface RunFailure {
  headline: string;
  problem: Problem;
  details: string[];
}

/** The line of the lesson's Python a run was at when it stopped: the error's, else the last line event's. */
export function stoppedAt(
  trace: Trace,
  pyMap: Map<string, string>,
): { rel: string; line: number; column?: number } | null {
  const err = trace.meta.error;
  const rel = err?.file ? pyMap.get(err.file) : undefined;
  if (rel && err?.line)
    return { rel, line: err.line, ...(err.column ? { column: err.column } : {}) };
  const at = trace.lastLine((file) => pyMap.has(file));
  return at ? { rel: pyMap.get(at.file) as string, line: at.line } : null;
}

/** The limit a stop reached: `2000 events`, `2 s`, `call depth 200`. */
function limitText(err: RunError | null, budget: Trace['meta']['budget'], lang: Lang): string {
  const reason = err?.reason;
  if (reason === 'events')
    return t(lang, 'checkLimitEvents', { n: err?.limit ?? budget.maxEvents });
  if (reason === 'depth') return t(lang, 'checkLimitDepth', { n: err?.limit ?? '?' });
  return t(lang, 'checkLimitTime', {
    n:
      reason === 'seconds' || reason === 'killed'
        ? (err?.limit ?? budget.maxSeconds)
        : budget.maxSeconds,
  });
}

/**
 * Why a run fails against its scenario's declared ending (or, with none, against
 * completing normally), or null when it ends as it should.
 */
export function runFailure(
  ctx: VerdictContext,
  panel: ResolvedPanel,
  scenario: LessonScenario,
  trace: Trace,
  verdict: EndingVerdict = judgeEnding(trace.meta, scenario.ending),
): RunFailure | null {
  const { lesson, dir, manifestFile, at, lang } = ctx;
  const { meta } = trace;
  const err = meta.error;
  const name = `${panel.id}/${scenario.id}`;
  if (verdict.ok) return null;
  const tracebackRows = err?.traceback ? err.traceback.trimEnd().split('\n') : [];

  if (scenario.ending) {
    const pos = at(['scenarios', scenario.id, 'ending']);
    return {
      headline: t(lang, 'checkEndingMismatchHead'),
      problem: {
        file: manifestFile,
        line: pos?.line,
        column: pos?.column,
        field: `${name}: scenarios.${scenario.id}.ending`,
        message: t(lang, 'checkEndingMismatch', {
          expected: endingText(scenario.ending, lang),
          actual: endingText(verdict.actual, lang),
          said: err ? t(lang, 'checkErrorSaid', { text: `${err.type}: ${err.message}` }) : '',
        }),
      },
      details: tracebackRows,
    };
  }
  const declare = (ending: string) => t(lang, 'checkDeclareEnding', { id: scenario.id, ending });

  if (meta.outcome === 'stopped') {
    // Blame the Python line the run was on; the budget's place is named in the message.
    const budgetPos = lesson.budget ? at(['budget']) : undefined;
    const budget = budgetPos
      ? t(lang, 'checkBudgetSetAt', { file: manifestFile, line: budgetPos.line })
      : t(lang, 'checkBudgetDefault');
    const limit = limitText(err, meta.budget, lang);
    const here = stoppedAt(trace, ctx.pyMap);
    const fallback =
      budgetPos ??
      at(['panels', lesson.panels.indexOf(panel), 'scenarios', panel.scenarios.indexOf(scenario)]);
    const reason = verdict.actual.kind === 'stop' ? verdict.actual.reason : 'time';
    return {
      headline: t(lang, 'checkBudgetHead'),
      problem: here
        ? {
            file: `${dir}/${here.rel}`,
            line: here.line,
            column: here.column,
            field: name,
            message: t(lang, 'checkBudgetStoppedHere', { limit, budget }),
          }
        : err?.reason === 'killed'
          ? {
              // No line to blame: the run gave the recorder none (a loop on one line, or
              // one long call). Point at the scenario's script, the code this run adds.
              file: scenario.script ? `${dir}/${scenario.script.path}` : manifestFile,
              line: scenario.script ? undefined : fallback?.line,
              field: name,
              message: t(lang, 'checkBudgetKilled', { limit, budget }),
            }
          : {
              file: manifestFile,
              line: fallback?.line,
              column: fallback?.column,
              field: name,
              message: t(lang, 'checkBudgetStopped', { limit, budget }),
            },
      details: [...tracebackRows, declare(`{"stop": "${reason}"}`)],
    };
  }

  const type = err?.type ?? 'Error';
  const rel = err?.file ? ctx.pyMap.get(err.file) : undefined;
  const elsewhere =
    err?.file && !rel
      ? t(lang, 'checkRaisedAt', { place: `${err.file}${err.line ? `:${err.line}` : ''}` })
      : '';
  return {
    headline: t(lang, 'checkUncaughtHead', { type }),
    problem: {
      // Without a lesson frame to blame, point at the entry that started the run.
      file: `${dir}/${rel ?? panel.entry.path}`,
      line: rel ? err?.line : undefined,
      column: rel ? err?.column : undefined,
      field: name,
      message: `${type}: ${err?.message ?? ''}${elsewhere}`,
    },
    details: [...tracebackRows, declare(`{"error": "${type}"}`)],
  };
}

/** A warning when a run that is not meant to stop uses more than half its budget. */
export function budgetWarning(
  ctx: VerdictContext,
  name: string,
  trace: Trace,
  verdict: EndingVerdict,
): Problem | null {
  const { meta } = trace;
  const { budget } = meta;
  if (
    verdict.intended ||
    (meta.eventCount <= budget.maxEvents * BUDGET_WARNING_SHARE &&
      meta.elapsedMs <= budget.maxSeconds * 1000 * BUDGET_WARNING_SHARE)
  )
    return null;
  const pos = ctx.at(['budget']);
  return {
    file: ctx.manifestFile,
    line: pos?.line,
    column: pos?.column,
    field: name,
    message: t(ctx.lang, 'checkBudgetWarning', {
      events: meta.eventCount,
      maxEvents: budget.maxEvents,
      ms: Math.round(meta.elapsedMs),
      maxMs: budget.maxSeconds * 1000,
    }),
  };
}

/**
 * What the recorder had to cut in a run (its output past MAX_OUTPUT_CHARS, its values past
 * MAX_VALUES): the panel shows the run cut, so the check says so instead of passing quietly.
 */
export function capWarnings(ctx: VerdictContext, name: string, trace: Trace): Problem[] {
  return trace.meta.notices.map((notice) => ({
    file: ctx.manifestFile,
    field: name,
    message: t(ctx.lang, notice.kind === 'output' ? 'checkOutputCut' : 'checkValuesCut', {
      limit: notice.limit,
    }),
  }));
}
