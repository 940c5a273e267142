/**
 * The app's single Python runtime, started as soon as this module is imported
 * (the page imports it at load, so Python warms up while the reader reads).
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
