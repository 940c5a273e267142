/**
 * HTTP response headers shared by every server that hands out the app: Vite's dev server
 * (`server.headers`), `vite preview` (`preview.headers`) and the test/bench server in
 * `scripts/serve-dist.ts`. One module, so the three cannot drift apart.
 *
 * This file must stay dependency-free and loadable by Node directly (no Vite, no DOM).
 */

/** Which server the headers are for. `dev` needs a looser CSP for Vite's HMR machinery. */
export type HeaderMode = 'dev' | 'preview';

/**
 * Cross-origin isolation. Together COOP + COEP make `crossOriginIsolated` true, which is what
 * unlocks `SharedArrayBuffer`; Pyodide's `setInterruptBuffer` needs one to stop a runaway
 * Python program without killing the worker.
 */
export const isolationHeaders: Readonly<Record<string, string>> = Object.freeze({
  /**
   * Put the page in its own browsing-context group: no other origin's window can keep a
   * reference to it (one half of cross-origin isolation).
   */
  'Cross-Origin-Opener-Policy': 'same-origin',
  /**
   * Refuse to load any cross-origin subresource that does not opt in with CORP/CORS (the
   * other half of cross-origin isolation). Also applies to the workers we start.
   */
  'Cross-Origin-Embedder-Policy': 'require-corp',
  /**
   * Our own files may only be loaded by our own origin. Also satisfies COEP for them, since
   * a same-origin CORP is what `require-corp` asks of every subresource.
   */
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/**
 * Extra hardening that costs nothing: the MIME types we serve are the truth (so a missing
 * `.mjs` that got an HTML fallback fails loudly instead of being sniffed), and no URL of the
 * playground (which may contain a shared program) leaks through `Referer`.
 */
export const hardeningHeaders: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/** A CSP as an ordered list of directives, each a name and its sources. */
type CspDirectives = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

function serializeCsp(directives: CspDirectives): string {
  return directives
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

/**
 * The production policy: everything must come from the app's own origin; the app works
 * fully offline, so there is nothing else to allow.
 */
const productionDirectives: CspDirectives = [
  /** Anything not listed below: own origin only. */
  ['default-src', ["'self'"]],
  /** Pyodide and Monaco are bundled; WebAssembly compilation needs `wasm-unsafe-eval`. */
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  /** The Pyodide module worker is ours; Monaco may start its workers from `blob:` URLs. */
  ['worker-src', ["'self'", 'blob:']],
  /** Monaco injects `<style>` elements and inline styles at run time. */
  ['style-src', ["'self'", "'unsafe-inline'"]],
  /** Icons may be inlined as `data:` URLs by the bundler. */
  ['img-src', ["'self'", 'data:']],
  /** Monaco's codicon font may be inlined as a `data:` URL by the bundler. */
  ['font-src', ["'self'", 'data:']],
  /** `fetch` of `python_stdlib.zip`, `pyodide-lock.json`, `.wasm`, lesson files: own origin. */
  ['connect-src', ["'self'"]],
  /** No plugins, ever. */
  ['object-src', ["'none'"]],
  /** A `<base>` tag could re-point every relative URL; we never use one. */
  ['base-uri', ["'none'"]],
  /** The playground never submits an HTML form anywhere. */
  ['form-action', ["'none'"]],
  /** Nobody may frame the app (clickjacking); only works as a header, not in `<meta>`. */
  ['frame-ancestors', ["'none'"]],
];

/** Content-Security-Policy for the built app (`vite preview`, `serve-dist`, any deployment). */
export const productionCsp: string = serializeCsp(productionDirectives);

/**
 * Content-Security-Policy for `vite` dev: the production policy plus what Vite's dev server
 * needs. `'unsafe-inline'` scripts for the React Refresh preamble that plugin-react inlines
 * into `index.html`; `ws:` for the HMR websocket.
 */
export const devCsp: string = serializeCsp(
  productionDirectives.map(([name, sources]) => {
    if (name === 'script-src') return [name, [...sources, "'unsafe-inline'"]] as const;
    if (name === 'connect-src') return [name, [...sources, 'ws:']] as const;
    return [name, sources] as const;
  }),
);

/**
 * All headers to send with every response of the given server, as a plain object (the shape
 * Vite's `server.headers` / `preview.headers` and `node:http`'s `setHeader` want).
 * `preview` is also what `scripts/serve-dist.ts` and any production host should send.
 */
export function headersFor(mode: HeaderMode): Record<string, string> {
  return {
    ...isolationHeaders,
    ...hardeningHeaders,
    'Content-Security-Policy': mode === 'dev' ? devCsp : productionCsp,
  };
}
