/**
 * The app's single Python runtime, created on the first `getRuntime()` (main.tsx calls
 * it first thing, so Python warms up while the reader reads). Importing starts nothing.
 */
import { createRuntimeClient, type RuntimeClient } from './client';

let client: RuntimeClient | null = null;

/** The shared runtime client (created on first use). */
export function getRuntime(): RuntimeClient {
  client ??= createRuntimeClient({
    createWorker: () =>
      new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'python' }),
    indexURL: new URL(`${import.meta.env.BASE_URL}pyodide/`, self.location.origin).href,
  });
  return client;
}
