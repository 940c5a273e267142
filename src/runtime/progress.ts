/**
 * Download progress of Pyodide's two big files (the wasm and the standard library), for
 * the "Python is loading: 3.1 of 12 MB" message. The worker wraps `fetch` while
 * `loadPyodide` runs and counts the bytes of each tracked file as they arrive.
 */

/** Progress of Python's start: the download, then the start itself. */
export interface LoadProgress {
  stage: 'download' | 'starting';
  /** Bytes of the tracked files received so far (after content decoding). */
  loaded: number;
  /** Their total size in bytes (known from the build). */
  total: number;
}

/** The files whose bytes are counted, by name, with their sizes. */
export type TrackedSizes = Record<string, number>;

/** The last segment of a request's URL path: the file name Pyodide's files are known by. */
export function requestFileName(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://x/').pathname.split('/').pop() ?? '';
}

/**
 * A `fetch` that reports the bytes of every tracked file's body as it is read.
 * Other requests (and HEAD requests) pass through untouched.
 */
export function countingFetch(
  original: typeof fetch,
  sizes: TrackedSizes,
  report: (progress: LoadProgress) => void,
): typeof fetch {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const received = new Map<string, number>();
  const sum = () => [...received.values()].reduce((a, b) => a + b, 0);
  const done = new Set<string>();
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const name = requestFileName(input);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (!(name in sizes) || !response.body || method !== 'GET') return response;
    received.set(name, 0);
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received.set(name, (received.get(name) ?? 0) + chunk.byteLength);
        report({ stage: 'download', loaded: Math.min(sum(), total), total });
        controller.enqueue(chunk);
      },
      flush() {
        done.add(name);
        if (Object.keys(sizes).every((n) => done.has(n)))
          report({ stage: 'starting', loaded: total, total });
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
