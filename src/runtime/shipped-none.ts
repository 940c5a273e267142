/**
 * `virtual:shipped-traces` outside a build (unit tests): nothing shipped, so every
 * trace is recorded live, as in the dev server.
 */
import type { RecordingEnvironment } from './shipped-format';

/** No recording environment to match. */
export const environment: RecordingEnvironment = { pyodide: '', recorder: '' };
/** No shipped traces. */
export const shippedTraces: Record<string, string> = {};
