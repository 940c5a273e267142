/**
 * The JSON half of a recorded trace: its zod schema, checked wherever a recording arrives
 * (worker client, Node recorder, shipped traces), and every type of it, inferred from that
 * schema so that the shape is written once. The binary half is read by ./columns.ts, both
 * are wrapped by `Trace` (./trace.ts). The format is described in docs/trace-format.md.
 */
import { z } from 'zod/mini';

/** The trace format version this reader reads (recorder/config.py FORMAT_VERSION). */
export const TRACE_FORMAT_VERSION = 5;

/** Kinds of events, in the numbering the recorder uses. */
export const EventKind = {
  Call: 0,
  Line: 1,
  Return: 2,
  Exception: 3,
  /** The frame was left because an exception propagated out of it. */
  Unwind: 4,
  /** A generator (or coroutine) handed a value out with `yield` and stopped; it may resume. */
  Yield: 5,
} as const;
/** One of the values of {@link EventKind}. */
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

/** How a run ended. `stopped` means a budget or an interrupt ended it early. */
export const OutcomeSchema = z.enum(['completed', 'error', 'stopped']);
/** How a run ended. `stopped` means a budget or an interrupt ended it early. */
export type Outcome = z.infer<typeof OutcomeSchema>;

/** Where and why a run failed or was stopped. */
export const RunErrorSchema = z.object({
  /** Python exception type name, or `BudgetExceeded` / `KeyboardInterrupt`. */
  type: z.string(),
  message: z.string(),
  /** For budget stops: `events`, `seconds`, `depth` or `interrupted`. */
  reason: z.optional(z.string()),
  /** For budget stops: the limit that was reached (events, seconds or call depth). */
  limit: z.optional(z.number()),
  /** The lesson file (Python file name) where it happened, if known. */
  file: z.optional(z.nullable(z.string())),
  line: z.optional(z.nullable(z.number())),
  column: z.optional(z.nullable(z.number())),
  traceback: z.optional(z.string()),
  /**
   * Set only on a failure of the app itself (an {@link AppFailure}, made by the runtime
   * client), never on an exception of the program, whatever the exception is called.
   */
  fromApp: z.optional(z.literal(true)),
});
/** Where and why a run failed or was stopped. */
export type RunError = z.infer<typeof RunErrorSchema>;

/**
 * The error types of a run the app could not record: Python could not start, its worker
 * crashed or was restarted, the trace it sent could not be read, or the run broke the
 * recorder's seal. Such a trace holds no event of the run (see {@link recordingFailure}).
 */
export const AppFailure = {
  PythonUnavailable: 'PythonUnavailable',
  WorkerCrashed: 'WorkerCrashed',
  InvalidTrace: 'InvalidTrace',
  SealBroken: 'SealBroken',
} as const;

const appFailures: ReadonlySet<string> = new Set(Object.values(AppFailure));

/**
 * The failure that left a trace without a run (an {@link AppFailure}, with no event), or
 * null when the trace holds its run. Such a trace's zero hits, zero output and zero steps
 * say nothing about the program, so nothing may be counted, compared or judged from it. A
 * program's own exception of the same name is not marked `fromApp` (and comes with the
 * events of its run), so it never reads as one.
 */
export function recordingFailure(trace: {
  length: number;
  meta: { error: RunError | null };
}): RunError | null {
  const error = trace.meta.error;
  return trace.length === 0 && error?.fromApp === true && appFailures.has(error.type)
    ? error
    : null;
}

const NodeHead = [
  z.string(),
  z.string(),
  z.number(),
  z.array(z.tuple([z.string(), z.number()])),
  z.number(),
] as const;

/**
 * An entry of the value table: an atom `[typeName, text, 0, [], 0]`, or one recorded state
 * of an object `[typeName, text, objectId, children, size, kind]` whose `children` are
 * `[label, ref]` pairs (see {@link Ref}). A container's or an instance's `text` is empty:
 * it is composed from its children at the step shown (values.ts). A 7th field, when present,
 * is the index of an earlier state of the same object whose children this one keeps (a
 * container that grew past the items shown changed only its size).
 */
export const ValueNodeSchema = z.union([
  z.tuple([...NodeHead, z.string(), z.number()]),
  z.tuple([...NodeHead, z.string()]),
  z.tuple(NodeHead),
]);
/** One entry of the value table (see {@link ValueNodeSchema}). */
export type ValueNode = z.infer<typeof ValueNodeSchema>;

/**
 * An entry of the value table as the recorder writes it: a {@link ValueNode}, or an int
 * written as itself, a JSON number that JavaScript reads exactly (a safe integer), which
 * stands for the atom `["int", String(n), 0, [], 0]` (since format 3: no node to build per
 * new int while recording, and fewer bytes to write and check).
 */
export const ValueEntrySchema = z.union([z.number().check(z.int()), ValueNodeSchema]);
/** One entry of the value table as written (see {@link ValueEntrySchema}). */
export type ValueEntry = z.infer<typeof ValueEntrySchema>;

/**
 * What a name, a slot, a return value or an exception holds: a value-table index of an
 * atom (>= 0), or an object `-(id + 1)` (<= -2). -1 means nothing (deleted, no value).
 */
export type Ref = number;

/**
 * `[function, fileIndex, parentFrameId, depth, firstEventIndex, scopeFrameId, paramCount,
 * classBody]`. `scopeFrameId` is the frame whose bindings this frame shows (itself, except
 * for module frames sharing one namespace: setup, scenario and entry share `__main__`'s);
 * the first `paramCount` names bound at its call event are its parameters; `classBody` is 1
 * for the body of a `class` statement (absent in older traces: 0).
 */
export const FrameRowSchema = z.tuple([
  z.string(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.optional(z.number()),
]);
/** One row of the frame table (see {@link FrameRowSchema}). */
export type FrameRow = z.infer<typeof FrameRowSchema>;

/** Result of evaluating a breakpoint condition or logpoint at one event. */
export const ProbeResultSchema = z.tuple([
  z.number(),
  z.string(),
  z.enum(['ok', 'log', 'error']),
  z.string(),
]);
/** `[eventIndex, probeId, status, text]`: one probe evaluated at one event. */
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

/** Something the recorder capped, shown to the user as a notice. */
export const TraceNoticeSchema = z.object({
  kind: z.enum(['output', 'values']),
  limit: z.number(),
});
/** Something the recorder capped (output or value-table size) and at which limit. */
export type TraceNotice = z.infer<typeof TraceNoticeSchema>;

/** The fields of the JSON half but its value and frame tables (see {@link TraceHeadSchema}). */
const traceHead = {
  /** {@link TRACE_FORMAT_VERSION}. */
  version: z.literal(TRACE_FORMAT_VERSION),
  outcome: OutcomeSchema,
  error: z.nullable(RunErrorSchema),
  /** Python file names, indexed by the `file` column. */
  files: z.array(z.string()),
  /**
   * Per file (same order as `files`), the lines that have code Python can stop at; null
   * when not every file compiled. Absent in traces from before it existed.
   */
  codeLines: z.optional(z.nullable(z.array(z.array(z.number())))),
  eventCount: z.number().check(z.int(), z.nonnegative()),
  deltaCount: z.number().check(z.int(), z.nonnegative()),
  /** How many object ids the run gave out (ids are 1..objectCount). */
  objectCount: z.number().check(z.int(), z.nonnegative()),
  /** `[typecode, itemsize, length]` per column, in blob order. */
  columns: z.array(z.tuple([z.string(), z.number(), z.number()])),
  names: z.array(z.string()),
  output: z.string(),
  probes: z.array(ProbeResultSchema),
  notices: z.array(TraceNoticeSchema),
  budget: z.object({ maxEvents: z.number(), maxSeconds: z.number() }),
  elapsedMs: z.number(),
};

/** Shape check of the trace metadata JSON: the JSON half of a recorded trace. */
export const TraceMetaSchema = z.object({
  ...traceHead,
  frames: z.array(FrameRowSchema),
  values: z.array(ValueEntrySchema),
});
/** The JSON half of a recorded trace (see {@link TraceMetaSchema}). */
export type TraceMeta = z.infer<typeof TraceMetaSchema>;

/**
 * The JSON half without its value and frame tables: what a trace keeps as `meta`, and what
 * the page checks of a recording the worker has already decoded (the tables come packed,
 * checked by packedCheck.ts).
 */
export const TraceHeadSchema = z.object(traceHead);
/** The JSON half as a trace keeps it (see {@link TraceHeadSchema}). */
export type TraceHead = z.infer<typeof TraceHeadSchema>;
