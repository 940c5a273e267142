/**
 * The small client the UI uses to run Python. It hides the worker entirely:
 * the UI asks for a trace and gets a `Trace` back, whatever happened.
 *
 * - One run at a time in the worker; requests queue (priority ones first).
 * - Every run has an id; answers for any other id are dropped.
 * - A watchdog stops runs that outlive their time budget: first through
 *   Pyodide's interrupt buffer (cross-origin isolated pages), then by
 *   terminating the worker and starting a fresh one.
 * - A worker that crashes is replaced automatically; a Python that cannot
 *   load reports why and can be retried.
 */
import { AppFailure } from '../trace/meta';
import { type Trace, unrecordedTrace } from '../trace/trace';
import { traceFromPacked } from './decode';
import { listeners } from './listeners';
import type { LoadProgress } from './progress';
import {
  describeInvalid,
  type FromWorker,
  FromWorkerSchema,
  INTERRUPT_GRACE_MS,
  type LoadFailed,
  type RecordRequest,
  runSeconds,
  TERMINATE_GRACE_MS,
  WATCHDOG_SIGNAL,
  writeLateMessage,
  writeSeconds,
} from './protocol';

/** Where the Python runtime is. A union of states, each with what it needs. */
export type RuntimeStatus =
  | {
      state: 'loading';
      /** Set when Python is starting again because the previous worker failed. */
      restartedAfter?: string;
      /** Download progress of Pyodide's files, then "starting" (absent until known). */
      progress?: LoadProgress;
    }
  | { state: 'ready'; python: string; interruptible: boolean; loadMs: number }
  | { state: 'failed'; cause: LoadFailureCause; message: string };

/**
 * Why Python could not start: its files missing or not served as files (`assets`), no
 * answer in time (`timeout`), or another error (`error`). The status's `message` is the
 * technical detail, in English; the page words the cause in the reader's language.
 */
export type LoadFailureCause = LoadFailed['cause'] | 'timeout';

/** What the UI sees of the Python runtime. */
export interface RuntimeClient {
  getStatus(): RuntimeStatus;
  subscribe(listener: (status: RuntimeStatus) => void): () => void;
  /** Record a run. Always resolves: failures come back as traces with an error. */
  record(request: RecordRequest, options?: { priority?: boolean }): Promise<Trace>;
  /** Start over after a load failure (or on demand). */
  restart(reason?: string): void;
  /** How many times the worker has been replaced (shown in diagnostics and tests). */
  readonly restarts: number;
}

/** How the client makes workers; tests pass a fake. */
export type WorkerFactory = () => Worker;

interface Pending {
  runId: number;
  request: RecordRequest;
  resolve: (trace: Trace) => void;
}

const LOAD_TIMEOUT_MS = 90_000;
/** The end of the message of a run lost to a worker that had to be replaced. */
const AGAIN = '. Python was restarted; run again.';

const pathsOf = (request: RecordRequest) => request.files.map((f) => f.path);

/** Options of {@link createRuntimeClient}. */
export interface RuntimeClientOptions {
  createWorker: WorkerFactory;
  /** Base URL of the Pyodide assets (on the app's own origin). */
  indexURL: string;
}

/** Create the runtime client and start the first worker right away. */
export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  let status: RuntimeStatus = { state: 'loading' };
  const watchers = listeners<RuntimeStatus>();
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let inFlight: Pending | null = null;
  let nextRunId = 1;
  let restarts = 0;
  let interruptCell: Int32Array | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;

  function setStatus(next: RuntimeStatus) {
    status = next;
    watchers.tell(status);
  }

  function clearTimers() {
    if (watchdog) clearTimeout(watchdog);
    if (loadTimer) clearTimeout(loadTimer);
    watchdog = null;
    loadTimer = null;
  }

  function start(restartedAfter?: string) {
    clearTimers();
    setStatus(restartedAfter ? { state: 'loading', restartedAfter } : { state: 'loading' });
    const w = options.createWorker();
    worker = w;
    const isolated = typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated;
    const shared = isolated ? new SharedArrayBuffer(4) : undefined;
    interruptCell = shared ? new Int32Array(shared) : null;
    w.onmessage = (e: MessageEvent) => {
      if (w === worker) onMessage(e.data);
    };
    w.onerror = (e: ErrorEvent) => {
      if (w !== worker) return;
      e.preventDefault?.();
      crash(`the Python worker failed: ${e.message || 'unknown error'}`);
    };
    w.postMessage({ type: 'init', indexURL: options.indexURL, interruptBuffer: shared });
    loadTimer = setTimeout(() => {
      if (w === worker && status.state === 'loading') {
        fail('timeout', `no answer within ${LOAD_TIMEOUT_MS / 1000} s`);
      }
    }, LOAD_TIMEOUT_MS);
  }

  function fail(cause: LoadFailureCause, message: string) {
    clearTimers();
    worker?.terminate();
    worker = null;
    setStatus({ state: 'failed', cause, message });
    // Runs waiting for Python get an error trace instead of waiting forever.
    const waiting = inFlight ? [inFlight, ...queue.splice(0)] : queue.splice(0);
    inFlight = null;
    for (const p of waiting) {
      p.resolve(unrecorded(AppFailure.PythonUnavailable, message, p.request));
    }
  }

  /** The worker failed (or `sealed`: the run changed that part of the recorder): replace it. */
  function crash(message: string, sealed?: string) {
    const victim = inFlight;
    inFlight = null;
    if (victim) {
      victim.resolve(
        sealed === undefined
          ? unrecorded(AppFailure.WorkerCrashed, `${message}${AGAIN}`, victim.request)
          : unrecorded(AppFailure.SealBroken, sealed, victim.request),
      );
    }
    replace(message);
  }

  /** Terminate the worker and start a fresh one; queued runs go to it. */
  function replace(message: string) {
    worker?.terminate();
    worker = null;
    restarts++;
    start(message);
  }

  const unrecorded = (type: string, message: string, request: RecordRequest) =>
    unrecordedTrace(type, message, pathsOf(request));

  function onMessage(data: unknown) {
    const parsed = FromWorkerSchema.safeParse(data);
    if (!parsed.success) {
      crash(`the Python worker sent an invalid message (${describeInvalid(parsed.error.issues)})`);
      return;
    }
    const msg: FromWorker = parsed.data;
    switch (msg.type) {
      case 'loading':
        if (status.state === 'loading' && msg.loaded !== undefined && msg.total !== undefined) {
          const stage = msg.stage === 'starting' ? 'starting' : 'download';
          setStatus({ ...status, progress: { stage, loaded: msg.loaded, total: msg.total } });
        }
        return;
      case 'ready':
        clearTimers();
        setStatus({
          state: 'ready',
          python: msg.python,
          interruptible: msg.interruptible,
          loadMs: msg.loadMs,
        });
        pump();
        return;
      case 'load-failed':
        fail(msg.cause, msg.message);
        return;
      case 'ran': {
        // The lesson code has finished: what is left is writing the trace, the recorder's
        // own work, so no interrupt (it would only break that work) and more time.
        if (!inFlight || msg.runId !== inFlight.runId) return;
        const seconds = writeSeconds(inFlight.request);
        watch(inFlight, seconds * 1000, () => crash(writeLateMessage(seconds)));
        return;
      }
      case 'recorded': {
        const done = settle(msg.runId);
        if (!done) return;
        let trace: Trace;
        try {
          trace = traceFromPacked(msg.packed, msg.buffer);
        } catch (err) {
          unreadable(done, String(err));
          return;
        }
        done.resolve(trace);
        pump();
        return;
      }
      case 'unreadable': {
        const done = settle(msg.runId);
        if (done) unreadable(done, msg.message);
        return;
      }
      case 'crashed':
        if (msg.runId !== null && inFlight && msg.runId !== inFlight.runId) return;
        crash(msg.message, msg.sealed);
        return;
    }
  }

  /** The run in flight, ended by an answer about run `runId`; null if the answer is stale. */
  function settle(runId: number): Pending | null {
    if (!inFlight || runId !== inFlight.runId) return null;
    const done = inFlight;
    inFlight = null;
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
    if (interruptCell) Atomics.store(interruptCell, 0, 0);
    return done;
  }

  /**
   * Run `done`'s trace cannot be read (`why`): the recorder is broken (a run patched what
   * it relies on, or worse), so no later run in it can be trusted; replace it as after a crash.
   */
  function unreadable(done: Pending, why: string) {
    const message = `the recorder sent an unreadable trace (${why})`;
    done.resolve(unrecorded(AppFailure.InvalidTrace, `${message}${AGAIN}`, done.request));
    replace(message);
  }

  function pump() {
    if (inFlight || status.state !== 'ready' || !worker || queue.length === 0) return;
    const next = queue.shift() as Pending;
    inFlight = next;
    watch(next, runSeconds(next.request) * 1000 + INTERRUPT_GRACE_MS, () => {
      if (interruptCell) Atomics.store(interruptCell, 0, WATCHDOG_SIGNAL);
      watch(next, TERMINATE_GRACE_MS, () =>
        crash('the code did not stop when asked (stuck in a long call)'),
      );
    });
    worker.postMessage({ type: 'record', runId: next.runId, request: next.request });
  }

  /** The watchdog: `fire` after `ms`, unless `run` has ended or its worker was replaced. */
  function watch(run: Pending, ms: number, fire: () => void) {
    const w = worker;
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (inFlight === run && w === worker) fire();
    }, ms);
  }

  start();

  return {
    getStatus: () => status,
    subscribe: watchers.subscribe,
    record(request, opts) {
      return new Promise<Trace>((resolve) => {
        const item: Pending = { runId: nextRunId++, request, resolve };
        if (opts?.priority) queue.unshift(item);
        else queue.push(item);
        if (status.state === 'failed') {
          fail(status.cause, status.message);
          return;
        }
        pump();
      });
    },
    restart(reason?: string) {
      // A run in flight on the old worker must still get an answer.
      const victim = inFlight;
      inFlight = null;
      worker?.terminate();
      worker = null;
      if (reason) restarts++;
      victim?.resolve(
        unrecorded(
          AppFailure.WorkerCrashed,
          `${reason ?? 'Python was restarted'}; run again.`,
          victim.request,
        ),
      );
      start();
    },
    get restarts() {
      return restarts;
    },
  };
}
