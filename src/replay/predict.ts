/**
 * Predict, then run: the answer to a lesson's prediction question, computed from the
 * recorded run (never written in the lesson), the events that show where it comes from,
 * and whether a reader's reply is right. Pure.
 */
import type { ResolvedAsk } from '../lessons/lesson';
import { EventKind } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { wholeTextAt } from '../trace/values';

/** What answering needs from a recorded run; {@link factsFromTrace} reads it from a trace. */
export interface RunFacts {
  /** The events at which `file:line` is reached (line events), in order. */
  lineEvents(file: string, line: number): number[];
  /** Everything the run printed. */
  output: string;
  /** The first event at which the first `end` characters of the output have been printed. */
  eventAfterOutput(end: number): number;
  /**
   * The value (its repr) `name` holds in the last call of `fn` (defined in `file`) at that
   * call's last event, and that event; null when the function never ran or never bound it.
   */
  finalValue(fn: string, file: string, name: string): { text: string; event: number } | null;
}

/** The answer to one prediction, with the events (in order) that show where it comes from. */
export type PredictionAnswer =
  | { kind: 'hits'; count: number; events: number[] }
  | { kind: 'reached'; reached: boolean; events: number[] }
  | { kind: 'output'; printed: string[]; events: number[] }
  | { kind: 'value'; text: string | null; events: number[] };

/** What the reader answered (`count` NaN, `reached` null: not chosen yet). */
export type PredictionReply =
  | { kind: 'hits'; count: number }
  | { kind: 'reached'; reached: boolean | null }
  | { kind: 'output'; printed: string[] }
  | { kind: 'value'; text: string };

/** The panel a prediction is about: its focus function and the source defining it. */
export interface PredictionPanel {
  function: string;
  source: string;
}

/** Answer `ask` about the run `facts` of `panel`. */
export function answerPrediction(
  ask: ResolvedAsk,
  panel: PredictionPanel,
  facts: RunFacts,
): PredictionAnswer {
  switch (ask.kind) {
    case 'hits': {
      const events = facts.lineEvents(panel.source, ask.line);
      return { kind: 'hits', count: events.length, events };
    }
    case 'reached': {
      const events = facts.lineEvents(panel.source, ask.line).slice(0, 1);
      return { kind: 'reached', reached: events.length > 0, events };
    }
    case 'output': {
      const printed: string[] = [];
      const events: number[] = [];
      // Where each output line ends, to find the event that printed it.
      let offset = 0;
      const ends = new Map<string, number>();
      for (const line of facts.output.split('\n')) {
        offset += line.length + 1;
        const key = line.trimEnd();
        if (!ends.has(key)) ends.set(key, Math.min(offset, facts.output.length));
      }
      for (const choice of ask.choices) {
        const end = ends.get(choice.trimEnd());
        if (end === undefined) continue;
        printed.push(choice);
        events.push(facts.eventAfterOutput(end));
      }
      return { kind: 'output', printed, events: [...new Set(events)].sort((a, b) => a - b) };
    }
    case 'value': {
      const found = facts.finalValue(panel.function, panel.source, ask.name);
      return { kind: 'value', text: found?.text ?? null, events: found ? [found.event] : [] };
    }
  }
}

/** Characters around which a value's text may have spaces or not (`[1, 2]`, `{'a':1}`). */
const PUNCTUATION = new Set([...'()[]{},:']);

/**
 * A value's text for comparison, as Python would read it: spaces between tokens count only
 * between two words (`<function first>`), and every string literal in one quote style
 * (`["a", "b"]` is `['a', 'b']`, `"it's"` is `'it\'s'`). Inside a string nothing changes.
 */
function normalValue(text: string): string {
  let out = '';
  let space = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (/\s/.test(c)) {
      space = true;
      i++;
      continue;
    }
    if (space && out !== '' && !PUNCTUATION.has(out.at(-1) ?? '') && !PUNCTUATION.has(c))
      out += ' ';
    space = false;
    if (c !== "'" && c !== '"') {
      out += c;
      i++;
      continue;
    }
    // A string literal up to its unescaped closing quote (or the end of the text).
    let body = '';
    let j = i + 1;
    for (; j < text.length && text[j] !== c; j++) {
      if (text[j] === '\\' && j + 1 < text.length) {
        const next = text[++j];
        body += next === "'" || next === '"' ? next : `\\${next}`;
      } else body += text[j];
    }
    out += `'${body.replaceAll("'", "\\'")}'`;
    i = j + 1;
  }
  return out;
}

/**
 * Whether the reader has answered: a whole number of times, a yes or a no, some text. An
 * output reply is always an answer (none of the lines printed is one).
 */
export function isAnswered(reply: PredictionReply): boolean {
  switch (reply.kind) {
    case 'hits':
      return Number.isInteger(reply.count) && reply.count >= 0;
    case 'reached':
      return reply.reached !== null;
    case 'output':
      return true;
    case 'value':
      return reply.text.trim() !== '';
  }
}

/** Whether `reply` matches `answer`. An output reply must name exactly the printed choices. */
export function isCorrect(answer: PredictionAnswer, reply: PredictionReply): boolean {
  if (answer.kind !== reply.kind) return false;
  switch (answer.kind) {
    case 'hits':
      return answer.count === (reply as { count: number }).count;
    case 'reached':
      return answer.reached === (reply as { reached: boolean | null }).reached;
    case 'output': {
      const mine = new Set((reply as { printed: string[] }).printed);
      return mine.size === answer.printed.length && answer.printed.every((c) => mine.has(c));
    }
    case 'value':
      return (
        answer.text !== null &&
        normalValue(answer.text) === normalValue((reply as { text: string }).text)
      );
  }
}

/** The choices of a value question that equal the answer (a valid question has exactly one). */
export function matchingChoices(answer: PredictionAnswer, choices: readonly string[]): string[] {
  if (answer.kind !== 'value' || answer.text === null) return [];
  const want = normalValue(answer.text);
  return choices.filter((c) => normalValue(c) === want);
}

/** Read the {@link RunFacts} of a recorded trace. */
export function factsFromTrace(trace: Trace): RunFacts {
  return {
    output: trace.meta.output,
    lineEvents(file, line) {
      const out: number[] = [];
      for (let e = 0; e < trace.length; e++) {
        if (trace.kind[e] === EventKind.Line && trace.line[e] === line && trace.fileOf(e) === file)
          out.push(e);
      }
      return out;
    },
    eventAfterOutput(end) {
      for (let e = 0; e < trace.length; e++) if (trace.out[e] >= end) return e;
      return trace.length - 1;
    },
    finalValue(fn, file, name) {
      const { frames } = trace;
      for (let f = frames.length - 1; f >= 0; f--) {
        if (frames.functionOf(f) !== fn || trace.meta.files[frames.fileOf(f)] !== file) continue;
        const event = trace.lastEventAt(f, trace.length - 1);
        if (event < 0) return null;
        const binding = trace.variablesAt(f, event).find((v) => v.name === name);
        return binding ? { text: wholeTextAt(trace, binding.value, event), event } : null;
      }
      return null;
    },
  };
}
