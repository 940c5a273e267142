/**
 * The typed message protocol between the UI thread and the Python worker.
 *
 * One discriminated union each way. Every message is validated with zod on
 * arrival (in the worker for requests, in the client for events) before it
 * touches any state, and every run-related message carries the run id the
 * client assigned, so events from an older run can be recognised and dropped.
 */

import { z } from 'zod/mini';
import type { $ZodIssue } from 'zod/v4/core';
import { BudgetSchema } from '../lessons/basics.ts';
import { RunFileSchema } from '../lessons/lesson.ts';

/** A breakpoint condition or logpoint the recorder evaluates in the live frame. */

/**
 * The signal the page's watchdog raises in Python through the interrupt buffer: SIGUSR1
 * (10 in Pyodide's libc), for which the recorder installs its handler while a run is
 * recorded (`recorder/monitor.py`, `Recorder.on_interrupt`). Not SIGINT: a program's own
 * SIGINT (its own handler, `signal.raise_signal`) stays the program's.
 */
export const WATCHDOG_SIGNAL = 10;

export const ProbeSchema = z.object({
  id: z.string(),
  path: z.string(),
  line: z.number().check(z.int(), z.positive()),
  condition: z.optional(z.string()),
  log: z.optional(z.string()),
  /** A logpoint's hit count: its message is evaluated at that hit (of those whose condition held) only. */
  hitCount: z.optional(z.number().check(z.int(), z.positive())),
});
/** A condition/logpoint request. */
export type Probe = z.infer<typeof ProbeSchema>;

/** Everything the recorder needs for one run. */
export const RecordRequestSchema = z.object({
  files: z.array(RunFileSchema).check(z.minLength(1)),
  scenario: z.string(),
  budget: z.optional(BudgetSchema),
  probes: z.optional(z.array(ProbeSchema)),
});
/** Everything the recorder needs for one run. */
export type RecordRequest = z.infer<typeof RecordRequestSchema>;

/**
 * A run's time budget when the lesson sets none, and the most any lesson may set, in
 * seconds. The recorder applies the same two (recorder/config.py; a unit test keeps
 * them equal); the page's watchdog and the Node sandbox's time their grace from it.
 */
export const DEFAULT_MAX_SECONDS = 1.5;
/** See {@link DEFAULT_MAX_SECONDS}. */
export const HARD_MAX_SECONDS = 30;

/**
 * The most events a run may record when the lesson sets no `maxEvents`, and the most any
 * lesson may set (recorder/config.py; a unit test keeps them equal).
 */
export const DEFAULT_MAX_EVENTS = 1_000_000;
/** See {@link DEFAULT_MAX_EVENTS}. */
export const HARD_MAX_EVENTS = 5_000_000;

/**
 * How long writing a finished run's trace may take before the recorder is taken for stuck:
 * 10 s, plus 10 µs for every event its budget allows (about five times what writing an
 * event takes on a slow machine; 20 s at the default budget, 60 s at the most).
 */
export function writeSeconds(request: Pick<RecordRequest, 'budget'>): number {
  const events = Math.min(request.budget?.maxEvents ?? DEFAULT_MAX_EVENTS, HARD_MAX_EVENTS);
  return 10 + events * 10e-6;
}

/**
 * Extra time a run gets past its own budget before the watchdog steps in: the recorder
 * compiles the files before its clock starts and puts the interpreter back after it stops.
 * Writing the trace is not counted here: once the worker says the run has ended (`ran`),
 * the watchdog waits {@link writeSeconds} instead, and never interrupts the recorder's own
 * work.
 */
export const INTERRUPT_GRACE_MS = 2500;
/** After the interrupt, how long before the worker is terminated and replaced. */
export const TERMINATE_GRACE_MS = 2000;
/** Why a recorder was replaced when writing a trace outlived {@link writeSeconds}. */
export function writeLateMessage(seconds: number): string {
  return `the recorder did not finish writing the trace within ${seconds} s`;
}

/** The seconds a request may run: its budget, or the default, never over the hard limit. */
export function runSeconds(request: Pick<RecordRequest, 'budget'>): number {
  return Math.min(request.budget?.maxSeconds ?? DEFAULT_MAX_SECONDS, HARD_MAX_SECONDS);
}

/**
 * A SharedArrayBuffer. The global exists only in cross-origin isolated pages and
 * their workers: `z.instanceof(SharedArrayBuffer)` would throw at load anywhere
 * else, leaving a blank page on a host that does not send COOP/COEP.
 */
const SharedBufferSchema = z.custom<SharedArrayBuffer>(
  (v) => typeof SharedArrayBuffer !== 'undefined' && v instanceof SharedArrayBuffer,
  'expected a SharedArrayBuffer',
);

/**
 * A plain object, as a packed recording is once cloned into the page: its fields are
 * checked by `traceFromPacked` (runtime/decode.ts), which says which one is wrong.
 */
const PackedSchema = z.custom<Record<string, unknown>>(
  (v) => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype,
  'expected a packed recording',
);

/** Messages from the UI to the worker. */
export const ToWorkerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    /** Base URL of the Pyodide assets on the app's own origin. */
    indexURL: z.string(),
    /**
     * Shared Int32 cell for Pyodide's interrupt buffer (cross-origin isolated pages): the
     * page writes {@link WATCHDOG_SIGNAL} into it to stop a run that took too long.
     */
    interruptBuffer: z.optional(SharedBufferSchema),
  }),
  z.object({
    type: z.literal('record'),
    runId: z.number().check(z.int()),
    request: RecordRequestSchema,
  }),
]);
/** Messages from the UI to the worker. */
export type ToWorker = z.infer<typeof ToWorkerSchema>;

/** Messages from the worker to the UI. */
export const FromWorkerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('loading'),
    stage: z.string(),
    /** Bytes of Pyodide's wasm and standard library received, and their total. */
    loaded: z.optional(z.number()),
    total: z.optional(z.number()),
  }),
  z.object({
    type: z.literal('ready'),
    python: z.string(),
    interruptible: z.boolean(),
    loadMs: z.number(),
  }),
  /**
   * Python could not start: `assets` when its files were missing or not served as files,
   * `error` for any other failure; `message` is the technical detail (the page words the
   * rest in the reader's language, ui/pythonStatus.ts).
   */
  z.object({
    type: z.literal('load-failed'),
    cause: z.enum(['assets', 'error']),
    message: z.string(),
  }),
  /**
   * The run's lesson code has finished and the interpreter is put back; the recorder is
   * writing the trace, which takes longer the more events it holds (`recordWith`'s `onRan`).
   */
  z.object({ type: z.literal('ran'), runId: z.number().check(z.int()) }),
  /**
   * The run's trace: its JSON half already checked and its tables packed by the worker
   * (`packRecording`, runtime/decode.ts), which the page checks again (`traceFromPacked`),
   * and the columns' blob. Every typed array is transferred, not copied.
   */
  z.object({
    type: z.literal('recorded'),
    runId: z.number().check(z.int()),
    packed: PackedSchema,
    buffer: z.instanceof(ArrayBuffer),
  }),
  /** The recorder wrote a trace its own schema refuses: `message` says where. */
  z.object({
    type: z.literal('unreadable'),
    runId: z.number().check(z.int()),
    message: z.string(),
  }),
  /** The recorder itself failed (not the lesson code): the interpreter may be unusable. */
  z.object({
    type: z.literal('crashed'),
    runId: z.nullable(z.number().check(z.int())),
    message: z.string(),
    /** Set when the run broke the recorder's seal: what it changed (a Python name). */
    sealed: z.optional(z.string()),
  }),
]);
/** Messages from the worker to the UI. */
export type FromWorker = z.infer<typeof FromWorkerSchema>;

/** Why Python could not start, as the worker reports it (the client adds its own timeout). */
export type LoadFailed = Omit<Extract<FromWorker, { type: 'load-failed' }>, 'type'>;

/**
 * What is wrong with a message that failed its schema, from its first issue: the field,
 * the check that failed and, for a wrong type, the type expected. zod/mini loads no
 * locale, so its own issue texts are a bare "Invalid input"; this wording does not need one.
 */
export function describeInvalid(issues: readonly $ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'no issue reported';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(message)';
  const what = issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message;
  return `${where}: ${what} [${issue.code}]`;
}
