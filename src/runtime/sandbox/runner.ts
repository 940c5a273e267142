/**
 * Node-side recordings of untrusted lesson code (the lesson checker, the build's
 * shipped traces, the hostile-lesson tests) run in a child process confined by Node's
 * permission model: it may read Pyodide's own folder and nothing else, writes
 * nothing, starts no process and no worker, and has no network (see child.ts and
 * lockdown.ts). Lesson files reach it inside each request, so it never reads them.
 *
 * The child is replaced when it dies, when Pyodide suffers a fatal error, or when a
 * run outlives its time budget (a C-level call deaf to the recorder's own budgets):
 * each costs that run, never the next one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emptyTrace, type Trace } from '../../trace/trace.ts';
import { traceFromRecording } from '../decode.ts';
import { type RecordRequest, runSeconds, writeLateMessage, writeSeconds } from '../protocol.ts';
import type { RawTrace, RecorderInstall } from '../worker-core.ts';
import { childSource, PYODIDE_DIR, sandboxFlags } from './childProcess.ts';
import type { CompileError, FromSandbox, ToSandbox } from './messages.ts';

export { PYODIDE_DIR, permissionFlag, sandboxFlags } from './childProcess.ts';

/** A Node recorder whose lesson code runs in the sandboxed child. */
export interface SandboxedRecorder {
  /** Python's version (`3.14.2`). */
  readonly python: string;
  /** Record one run. Rejects only when the interpreter itself failed (the child is replaced). */
  record(request: RecordRequest): Promise<Trace>;
  /**
   * The same, with the recorder's raw answer (what shipped traces store); `raw` is null
   * when the run was killed and its trace made here.
   */
  recordWithRaw(request: RecordRequest): Promise<{ trace: Trace; raw: RawTrace | null }>;
  /** The syntax error of one file compiled the way the recorder compiles it, if any. */
  compileError(file: string, code: string): Promise<CompileError | null>;
  /** How many times the child was replaced after a failure or a kill. */
  readonly restarts: number;
  /**
   * Record the next request in an interpreter no earlier request has run in (a new child,
   * unless the current one has recorded nothing yet). Every lesson gets its own: what one
   * lesson's run could leave in an interpreter that no restore undoes (a codec, memory
   * written through ctypes) never reaches another lesson's traces.
   */
  renew(): void;
  /** Stop the child. */
  close(): void;
}

/** Options of {@link createSandboxedRecorder}. */
export interface SandboxOptions {
  /** What the child installs into Pyodide before lockdown (the recorder). */
  install: RecorderInstall;
  /** Time a run gets past its budget before the child is killed; KILL_GRACE_MS by default. */
  killGraceMs?: number;
}

/**
 * Time a run gets past its own budget before the child is killed: compiling before the
 * recorder's clock starts and putting the interpreter back after it stops. Writing the
 * trace has its own limit (`writeSeconds`), counted from the child's `ran`.
 */
const KILL_GRACE_MS = 3000;
/** The child's stderr kept for error messages. */
const STDERR_TAIL = 4000;

interface Pending {
  resolve: (message: FromSandbox) => void;
  reject: (err: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
  /** The child says the run's lesson code has finished: its trace is being written. */
  ran?: () => void;
}

/** How long a recording may take: running the lesson code, then writing its trace. */
interface RunLimits {
  runMs: number;
  writeMs: number;
}

interface Child {
  process: ChildProcess;
  ready: Promise<string>;
  pending: Map<number, Pending>;
  stderr: string;
  /** Whether lesson code has run in it (a compile check runs none). */
  recorded: boolean;
}

/** Start the sandboxed child and wait until Pyodide is ready in it. */
export async function createSandboxedRecorder(options: SandboxOptions): Promise<SandboxedRecorder> {
  const source = await childSource();
  const killGraceMs = options.killGraceMs ?? KILL_GRACE_MS;
  let child: Child | null = null;
  let nextId = 1;
  let restarts = 0;
  let python = '';

  function start(): Child {
    const proc = spawn(process.execPath, [...sandboxFlags(), '--eval', source], {
      // A clean environment: no NODE_OPTIONS hooks, no secrets for lesson code to find.
      env: {},
      cwd: PYODIDE_DIR,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const c: Child = {
      process: proc,
      pending: new Map(),
      stderr: '',
      ready: Promise.resolve(''),
      recorded: false,
    };
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (d: string) => {
      c.stderr = (c.stderr + d).slice(-STDERR_TAIL);
    });
    c.ready = new Promise<string>((resolve, reject) => {
      proc.on('message', (raw) => {
        const msg = raw as FromSandbox;
        if (msg.type === 'ready') resolve(msg.python);
        else if (msg.type === 'load-failed')
          reject(new Error(`Python could not start in the sandbox: ${msg.message}`));
        else settle(c, msg);
      });
      proc.on('exit', (code, signal) => {
        const why = `the sandbox process exited (${signal ?? `code ${code}`})${tail(c)}`;
        reject(new Error(why));
        if (child === c) child = null;
        for (const p of c.pending.values()) {
          if (p.timer) clearTimeout(p.timer);
          p.reject(new Error(why));
        }
        c.pending.clear();
      });
      proc.on('error', reject);
    });
    const init: ToSandbox = {
      type: 'init',
      pyodideUrl: pathToFileURL(path.join(PYODIDE_DIR, 'pyodide.mjs')).href,
      install: options.install,
    };
    proc.send(init);
    void c.ready.then(
      () => idle(c),
      () => {},
    );
    return c;
  }

  /** An idle child does not keep the parent alive; a busy one does. */
  function idle(c: Child) {
    if (c.pending.size > 0) return;
    c.process.unref();
    c.process.channel?.unref();
    (c.process.stderr as { unref?: () => void } | null)?.unref?.();
  }

  function busy(c: Child) {
    c.process.ref();
    c.process.channel?.ref();
    (c.process.stderr as { ref?: () => void } | null)?.ref?.();
  }

  function tail(c: Child): string {
    const text = c.stderr.trim();
    return text ? `: ${text.split('\n').slice(-6).join('\n')}` : '';
  }

  function settle(c: Child, msg: FromSandbox) {
    if (!('id' in msg)) return;
    const p = c.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'ran') {
      p.ran?.();
      return;
    }
    c.pending.delete(msg.id);
    if (p.timer) clearTimeout(p.timer);
    if (msg.type === 'failed') {
      // The child exits after a failure (it cannot be trusted again): the next request
      // must not reach it before its exit is noticed.
      if (child === c) child = null;
      c.process.kill();
      p.reject(new Error(msg.message));
    } else p.resolve(msg);
    idle(c);
  }

  /** Set by `renew`: the next child is a fresh start, not a replacement. */
  let renewing = false;

  async function current(): Promise<Child> {
    if (!child) {
      child = start();
      if (python && !renewing) restarts++;
      renewing = false;
    }
    const c = child;
    python = await c.ready;
    return c;
  }

  /**
   * Send `message`, wait for its answer. With `limits`, the child is killed when the code
   * outlives `runMs` (StuckError), or writing its trace outlives `writeMs` after `ran`.
   */
  function ask(c: Child, message: ToSandbox & { id: number }, limits?: RunLimits) {
    return new Promise<FromSandbox>((resolve, reject) => {
      const p: Pending = { resolve, reject };
      const killAfter = (ms: number, err: () => Error) => {
        if (p.timer) clearTimeout(p.timer);
        p.timer = setTimeout(() => {
          c.pending.delete(message.id);
          idle(c);
          reject(err());
          if (child === c) child = null;
          c.process.kill('SIGKILL');
        }, ms);
      };
      if (limits) {
        killAfter(limits.runMs, () => new StuckError());
        const late = writeLateMessage(limits.writeMs / 1000);
        p.ran = () => killAfter(limits.writeMs, () => new Error(late));
      }
      c.pending.set(message.id, p);
      busy(c);
      c.process.send(message);
    });
  }

  await current();

  const api: SandboxedRecorder = {
    get python() {
      return python;
    },
    get restarts() {
      return restarts;
    },
    async record(request) {
      return (await api.recordWithRaw(request)).trace;
    },
    async recordWithRaw(request) {
      const c = await current();
      const seconds = runSeconds(request);
      const files = request.files.map((f) => f.path);
      let answer: FromSandbox;
      try {
        c.recorded = true;
        answer = await ask(
          c,
          { type: 'record', id: nextId++, request },
          { runMs: seconds * 1000 + killGraceMs, writeMs: writeSeconds(request) * 1000 },
        );
      } catch (err) {
        if (!(err instanceof StuckError)) throw err;
        const trace = emptyTrace(
          'stopped',
          {
            type: 'BudgetExceeded',
            reason: 'killed',
            limit: seconds,
            message: `the code did not stop when asked (stuck in a long call), so the sandbox process was stopped after ${seconds} s`,
          },
          files,
        );
        return { trace, raw: null };
      }
      if (answer.type !== 'recorded') throw new Error(`unexpected answer ${answer.type}`);
      const raw = { meta: answer.meta, buffer: answer.buffer };
      return { trace: traceFromRecording(raw.meta, raw.buffer), raw };
    },
    async compileError(file, code) {
      const c = await current();
      const answer = await ask(c, { type: 'compile', id: nextId++, path: file, code });
      if (answer.type !== 'compiled') throw new Error(`unexpected answer ${answer.type}`);
      return answer.error;
    },
    renew() {
      if (!child?.recorded) return;
      renewing = true;
      api.close();
    },
    close() {
      child?.process.kill('SIGKILL');
      child = null;
    },
  };
  return api;
}

/** A run killed by the watchdog. */
class StuckError extends Error {}
