/**
 * HTTP response headers shared by every server that hands out the app: Vite's dev server
 * and `vite preview` (a middleware in vite.config.ts), the test/bench server in
 * `scripts/serve-dist.ts`, and the deployment files the build writes (`_headers`, the
 * nginx snippet: src/security/deploy-files.ts). One module, so they cannot drift apart.
 * How long a browser may keep a file (`cacheControlFor`) is here too, for the test server
 * and the deployment files (Vite's own servers keep their caching).
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
  /**
   * Who may frame the page (clickjacking): nobody by default; the embed view gets the build's
   * setting instead (see {@link FramingSettings}). Only works as a header, not in `<meta>`.
   */
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

/** Who may put pages of the app in a frame: CSP `frame-ancestors` sources, per page. */
export interface FramingSettings {
  /** For the full app (`/`). Default `'none'`: nobody (clickjacking). */
  app: readonly string[];
  /** For the embed view (`/embed`). Default `*`: any site may embed one panel. */
  embed: readonly string[];
}

/** The default: any site may frame the embed view, no site may frame the full app. */
export const DEFAULT_FRAMING: FramingSettings = Object.freeze({
  app: Object.freeze(["'none'"]),
  embed: Object.freeze(['*']),
});

/**
 * One `frame-ancestors` source: a keyword, `*`, a scheme (`https:`), or a host source as
 * CSP reads it: an optional `http(s)://`, a host (which may start with `*.`), an optional
 * port (`:8080`, `:*`) and an optional path (`https://course.example.org/`). Never a `;`,
 * a `,` or a quote, which would end the directive or the header.
 */
const FRAME_SOURCE =
  /^(?:'none'|'self'|\*|https?:|(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d+|\*))?(?:\/[^\s;,'"]*)?)$/i;

/**
 * The framing settings from the build environment: `APP_FRAME_ANCESTORS` and
 * `EMBED_FRAME_ANCESTORS`, each a space-separated list of CSP sources (`'none'`, `'self'`,
 * `*`, `https://course.example.org`, `https://*.example.org`). Throws on a source CSP
 * would not understand, naming the variable, so a typo fails the build instead of
 * silently blocking (or allowing) every site.
 */
export function framingFromEnv(env: Record<string, string | undefined>): FramingSettings {
  const read = (name: string, fallback: readonly string[]) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const sources = raw.split(/\s+/);
    // 'self' and 'none' need their quotes; a shell drops them from APP_FRAME_ANCESTORS='self'.
    const bare = sources.find((s) => /^(?:self|none)$/i.test(s));
    if (bare !== undefined)
      throw new Error(
        `${name}: ${bare} is read as a host name; write the keyword with its quotes, ${name}="'${bare.toLowerCase()}'"`,
      );
    const bad = sources.find((s) => !FRAME_SOURCE.test(s));
    if (bad !== undefined)
      throw new Error(
        `${name}: ${JSON.stringify(bad)} is not a frame-ancestors source; use 'none', 'self', * or origins such as https://course.example.org`,
      );
    if (sources.includes("'none'") && sources.length > 1)
      throw new Error(`${name}: 'none' cannot be combined with other sources`);
    return sources;
  };
  return {
    app: read('APP_FRAME_ANCESTORS', DEFAULT_FRAMING.app),
    embed: read('EMBED_FRAME_ANCESTORS', DEFAULT_FRAMING.embed),
  };
}

/**
 * What a URL path serves, which decides its headers:
 * - `app`: the full app's page; `embed`: the embed view's page (framed by other sites);
 * - `host-script`: the optional resizing script other sites load with a `<script>` tag;
 * - `file`: everything else (bundles, workers, Pyodide's files): loaded by our own pages.
 */
export type PathKind = 'app' | 'embed' | 'host-script' | 'file';

/** URL paths of the embed view's page (the host-independent and the file name). */
export const EMBED_PATHS = ['/embed', '/embed.html'] as const;
/** URL paths of the full app's page. */
export const APP_PATHS = ['/', '/index.html'] as const;
/** URL path of the optional script a host page includes to resize its iframes. */
export const HOST_SCRIPT_PATH = '/embed-host.js';

/** The kind of a URL path (see {@link PathKind}). */
export function pathKind(pathname: string): PathKind {
  if ((EMBED_PATHS as readonly string[]).includes(pathname)) return 'embed';
  if (pathname === HOST_SCRIPT_PATH) return 'host-script';
  // Extensionless paths are pages: servers answer them with the app (SPA fallback).
  if ((APP_PATHS as readonly string[]).includes(pathname) || !/\.[^/]*$/.test(pathname))
    return 'app';
  return 'file';
}

/**
 * Folders of the build whose every file is named by its content: Vite's `name-HASH.ext`
 * under `assets/`, `lessons/<id>.<hash>.json`, `traces/<…>.<hash>.wptrace`. A new build
 * gives a changed file a new URL, so a browser may keep these for good.
 */
export const HASHED_FOLDERS = ['/assets/', '/lessons/', '/traces/'] as const;

/** `Cache-Control` of a content-hashed file: a year, never revalidated. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * `Cache-Control` of everything else: the pages (they name the hashed files of *this*
 * build), `sw.js` (a browser must see a new build's worker), `embed-host.js`, Pyodide's
 * files (fixed names): stored, but revalidated before each use.
 */
export const CACHE_REVALIDATE = 'no-cache';

/**
 * The `Cache-Control` of a successful response for `pathname` from a production server
 * (the test server, the deployment files). Only for a file that was found: an error must
 * not be kept (a 404 for an asset uploaded a moment later would last a year).
 */
export function cacheControlFor(pathname: string): string {
  return pathKind(pathname) === 'file' && HASHED_FOLDERS.some((f) => pathname.startsWith(f))
    ? CACHE_IMMUTABLE
    : CACHE_REVALIDATE;
}

function cspWith(mode: HeaderMode, frameAncestors: readonly string[]): string {
  return serializeCsp(
    productionDirectives.map(([name, sources]) => {
      if (name === 'frame-ancestors') return [name, frameAncestors] as const;
      if (mode === 'dev' && name === 'script-src')
        return [name, [...sources, "'unsafe-inline'"]] as const;
      if (mode === 'dev' && name === 'connect-src') return [name, [...sources, 'ws:']] as const;
      return [name, sources] as const;
    }),
  );
}

/**
 * The headers a response for `pathname` carries, for any server (dev, preview, the test
 * server, and the deployment files derived from it). Every path is cross-origin isolated
 * (COOP + COEP). Pages get the CSP with their own `frame-ancestors`; the full app also
 * `X-Frame-Options: DENY` when nobody may frame it. The embed page and the host script
 * send `Cross-Origin-Resource-Policy: cross-origin`, so that a cross-origin-isolated host
 * page (COEP `require-corp`) may load them; everything else is `same-origin`.
 */
export function headersForPath(
  mode: HeaderMode,
  pathname: string,
  framing: FramingSettings = DEFAULT_FRAMING,
): Record<string, string> {
  const kind = pathKind(pathname);
  const headers: Record<string, string> = { ...isolationHeaders, ...hardeningHeaders };
  const frameAncestors = kind === 'embed' ? framing.embed : framing.app;
  headers['Content-Security-Policy'] = cspWith(mode, frameAncestors);
  if (kind === 'app' && frameAncestors.length === 1 && frameAncestors[0] === "'none'")
    headers['X-Frame-Options'] = 'DENY';
  if (kind === 'embed' || kind === 'host-script')
    headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
  return headers;
}

/** The headers of a file (not a page) under the default framing: see {@link headersForPath}. */
export function headersFor(mode: HeaderMode): Record<string, string> {
  return headersForPath(mode, '/assets/x.js');
}
