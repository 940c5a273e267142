/**
 * The messages between the lesson checker (or any Node-side recording) and the
 * sandboxed child process that runs lesson code (see runner.ts and child.ts). Types
 * only: the child is bundled without zod, and the parent validates what it receives.
 */
import type { RecordRequest } from '../protocol.ts';
import type { RecorderInstall } from '../worker-core.ts';

/** A syntax error found by compiling one file the way the recorder does. */
export interface CompileError {
  type: string;
  message: string;
  line: number | null;
  column: number | null;
}

/** Messages from the parent to the sandboxed child. */
export type ToSandbox =
  | {
      type: 'init';
      /** `file:` URL of pyodide.mjs (inside the one folder the child may read). */
      pyodideUrl: string;
      install: RecorderInstall;
    }
  | { type: 'record'; id: number; request: RecordRequest }
  | { type: 'compile'; id: number; path: string; code: string };

/** Messages from the sandboxed child to the parent. */
export type FromSandbox =
  | { type: 'ready'; python: string }
  | { type: 'load-failed'; message: string }
  /** The run's lesson code has finished; the trace is being written (`recordWith`'s `onRan`). */
  | { type: 'ran'; id: number }
  | { type: 'recorded'; id: number; meta: string; buffer: ArrayBuffer }
  | { type: 'compiled'; id: number; error: CompileError | null }
  /** The interpreter itself failed (a Pyodide fatal error): the child exits after this. */
  | { type: 'failed'; id: number; message: string };
