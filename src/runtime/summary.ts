/**
 * A trace's summary: what a golden file records for one scenario. Small,
 * stable across runs and readable in a diff: how the run ended, which lesson
 * lines were reached how often, and the output.
 */

import { EventKind } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { stoppedByClock } from './ending';

/** The golden summary of one recorded scenario. */
export interface TraceSummary {
  outcome: Trace['meta']['outcome'];
  error: { type: string; message: string; file?: string | null; line?: number | null } | null;
  /** Number of events; `null` for a run stopped by the clock (its length depends on the machine). */
  events: number | null;
  /** `"file:line" -> times reached` (line events), sorted by file then line. */
  lines: Record<string, number>;
  /** Function calls by name (call events). */
  calls: Record<string, number>;
  output: string;
}

/**
 * Summarise a trace for golden comparison. A run stopped by its time budget (a lesson
 * that teaches a runaway loop) got as far as the machine's speed allowed: only how it
 * ended is deterministic, so that is all its summary records.
 */
export function summarizeTrace(trace: Trace): TraceSummary {
  const err = trace.meta.error;
  const error = err
    ? { type: err.type, message: err.message, file: err.file ?? null, line: err.line ?? null }
    : null;
  if (stoppedByClock(trace.meta)) {
    return { outcome: trace.meta.outcome, error, events: null, lines: {}, calls: {}, output: '' };
  }
  const lines = new Map<string, number>();
  const calls = new Map<string, number>();
  for (let e = 0; e < trace.length; e++) {
    const k = trace.kind[e];
    if (k === EventKind.Line) {
      const key = `${trace.fileOf(e)}:${trace.line[e]}`;
      lines.set(key, (lines.get(key) ?? 0) + 1);
    } else if (k === EventKind.Call) {
      const fn = trace.functionOf(e);
      calls.set(fn, (calls.get(fn) ?? 0) + 1);
    }
  }
  const byFileLine = (a: string, b: string) => {
    const [fa, la] = splitKey(a);
    const [fb, lb] = splitKey(b);
    return fa === fb ? la - lb : fa < fb ? -1 : 1;
  };
  return {
    outcome: trace.meta.outcome,
    error,
    events: trace.length,
    lines: Object.fromEntries([...lines.entries()].sort(([a], [b]) => byFileLine(a, b))),
    calls: Object.fromEntries(
      [...calls.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    output: trace.meta.output,
  };
}

function splitKey(key: string): [string, number] {
  const i = key.lastIndexOf(':');
  return [key.slice(0, i), Number(key.slice(i + 1))];
}

/** Hits of one line (file line number) in a trace's line events. */
export function lineHits(trace: Trace, file: string, line: number): number {
  let n = 0;
  for (let e = 0; e < trace.length; e++) {
    if (trace.kind[e] === EventKind.Line && trace.line[e] === line && trace.fileOf(e) === file) n++;
  }
  return n;
}

/** The text of a golden file (`lessons/<id>/golden/<panel>/<scenario>.json`). */
export function formatGolden(summary: TraceSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}
