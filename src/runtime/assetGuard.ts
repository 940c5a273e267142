/**
 * Pyodide's own files, checked as `loadPyodide` fetches them rather than by a round of
 * requests before it (which delayed the wasm's download by 40–490 ms on a cold load).
 *
 * A file that cannot be fetched, is missing, or is answered by an HTML page (a static
 * host's fallback) ends the load at once with an `AssetError` naming it: left to itself,
 * `loadPyodide` hangs on a wasm answered by HTML (Emscripten only logs "wasm instantiation
 * failed"), and when one file fails, the requests it started for the others would reject
 * later with nobody awaiting them. So once a load is given up, every request of it is left
 * pending instead: nothing rejects unhandled, and the page terminates the worker anyway.
 */

import { requestFileName } from './progress';

/** A file of Pyodide's that is missing, unreachable or answered by something else. */
export class AssetError extends Error {}

/** What is wrong with the answer for one of Pyodide's files, or null if nothing. */
export function assetProblem(name: string, response: Response): string | null {
  if (!response.ok) return `${name} is missing (HTTP ${response.status})`;
  if ((response.headers.get('content-type') ?? '').includes('text/html')) {
    return `${name} was answered with an HTML page`;
  }
  return null;
}

/** Why one of Pyodide's files could not be fetched at all (refused, offline). */
export function unreachable(name: string, err: unknown): string {
  return `${name} could not be fetched (${(err as Error).message})`;
}

/** A guarded `fetch` for one load, and the promise that rejects when the load is given up. */
export interface AssetGuard {
  fetch: typeof fetch;
  /** Rejects with the first `AssetError`; never resolves. */
  failed: Promise<never>;
}

/** Guard the requests for `names` made through `original` (see the module comment). */
export function guardAssets(original: typeof fetch, names: readonly string[]): AssetGuard {
  let reject: (error: AssetError) => void = () => {};
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => {}); // read by the load; a load that already succeeded ignores it
  let abandoned = false;
  const pending = () => new Promise<never>(() => {});
  const giveUp = (message: string) => {
    abandoned = true;
    reject(new AssetError(message));
    return pending();
  };
  const guarded = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (abandoned) return pending();
    const name = requestFileName(input);
    const watched = names.includes(name);
    let response: Response;
    try {
      response = await original(input, init);
    } catch (err) {
      if (abandoned) return pending();
      if (!watched) throw err;
      return giveUp(unreachable(name, err));
    }
    if (abandoned) return pending();
    const problem = watched ? assetProblem(name, response) : null;
    return problem ? giveUp(problem) : response;
  };
  return { fetch: guarded, failed };
}
