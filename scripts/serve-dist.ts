/**
 * A tiny static server for the built app (`dist/`), for browser tests, benchmarks and manual
 * checks of a production build. It sends the same headers as `vite preview` (each path's
 * headers from src/security/headers.ts: cross-origin isolation, the production CSP, who may
 * frame the page, and the deployment's `Cache-Control`), or none at all (`plain`, a host like GitHub Pages), and, unlike a naive SPA server, answers a missing *asset*
 * with 404 instead of `index.html`, so a missing `pyodide.asm.wasm` fails loudly.
 *
 * Library:  `const { url, close } = await startDistServer({ root, port, extraRoutes })`
 * CLI:      `npx tsx scripts/serve-dist.ts [--root dist] [--port 4174]`  (env DIST_DIR also works)
 *
 * Text, scripts and wasm are sent gzip-compressed when the client accepts it, as common
 * static hosts do (compressed once per file and kept in memory).
 *
 * Only `node:` built-ins, so it runs under tsx, Vitest, or anything that strips TS types.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  cacheControlFor,
  DEFAULT_FRAMING,
  type FramingSettings,
  headersForPath,
} from '../src/security/headers.ts';

const gzipAsync = promisify(gzip);

/** Handles one extra path (exact pathname match) before any file lookup. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Options of {@link startDistServer}. */
export interface DistServerOptions {
  /** Folder to serve. Default: `$DIST_DIR`, else `dist/` at the repository root. */
  root?: string;
  /** Port on 127.0.0.1. Default `0`: a free port chosen by the OS. */
  port?: number;
  /**
   * Extra handlers keyed by exact pathname (`/__test/slow.json`), tried before the files.
   * The production headers are already set on `res` when a handler runs; it may override them.
   */
  extraRoutes?: Record<string, RouteHandler>;
  /** Who may frame the app and the embed view (default: the build's default setting). */
  framing?: FramingSettings;
  /**
   * Send no headers of our own at all (only Content-Type and Content-Length), like a static
   * host that cannot set headers (GitHub Pages): the app must work without isolation.
   */
  plain?: boolean;
}

/** A running server. */
export interface DistServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Stops listening and drops open keep-alive connections. */
  close: () => Promise<void>;
}

/** The repository root, from this file's location (`scripts/..`). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Default folder to serve: `$DIST_DIR` (tests' override), else `<repo>/dist`. */
export function defaultDistDir(): string {
  const fromEnv = process.env.DIST_DIR;
  return fromEnv ? path.resolve(fromEnv) : path.join(repoRoot, 'dist');
}

/** Content types by lower-case extension. Anything else is `application/octet-stream`. */
const mimeTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.py': 'text/x-python; charset=utf-8',
};

/** The content type for a file name. */
export function mimeTypeFor(fileName: string): string {
  return mimeTypes[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.removeHeader('Cache-Control'); // an error is never kept (see cacheControlFor)
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Extensions sent gzip-compressed to clients that accept it, as common static hosts do
 * (the bench's throttled-network rows depend on it). `.zip` is compressed already.
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm']);
COMPRESSIBLE.add('.wptrace').add('.ttf').add('.txt').add('.md').add('.py');

/** Compressed bodies by path, kept while the file's size and time stay the same. */
const gzipCache = new Map<string, { stamp: string; body: Promise<Buffer> }>();

function gzipped(filePath: string, info: { size: number; mtimeMs: number }): Promise<Buffer> {
  const stamp = `${info.size}:${info.mtimeMs}`;
  const hit = gzipCache.get(filePath);
  if (hit?.stamp === stamp) return hit.body;
  const body = readFile(filePath).then((bytes) => gzipAsync(bytes));
  gzipCache.set(filePath, { stamp, body });
  return body;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  filePath: string,
): Promise<void> {
  const info = await stat(filePath);
  res.statusCode = 200;
  res.setHeader('Content-Type', mimeTypeFor(filePath));
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (COMPRESSIBLE.has(path.extname(filePath).toLowerCase())) {
    res.setHeader('Vary', 'Accept-Encoding');
    if (accepts) {
      const body = await gzipped(filePath, info);
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.setHeader('Content-Length', info.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(filePath);
    stream.on('error', reject);
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

/**
 * Maps a URL pathname to a file under `root`, or `null` when the request must be refused
 * (malformed escape, NUL byte, or a path that would leave `root`).
 */
function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const filePath = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return null;
  return filePath;
}

async function handle(
  root: string,
  options: DistServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const extraRoutes = options.extraRoutes ?? {};
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (!options.plain) {
    const headers = headersForPath('preview', pathname, options.framing ?? DEFAULT_FRAMING);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // As deployed: pages, sw.js and Pyodide's files revalidated, content-hashed files kept
    // (the bench and the tests load each page in a fresh browser context).
    res.setHeader('Cache-Control', cacheControlFor(pathname));
  }

  const route = Object.hasOwn(extraRoutes, pathname) ? extraRoutes[pathname] : undefined;
  if (route) {
    await route(req, res);
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendText(res, 405, 'Method Not Allowed');
    return;
  }

  const filePath = resolveInside(root, pathname);
  if (filePath === null) {
    sendText(res, 400, 'Bad Request');
    return;
  }
  if (await isFile(filePath)) {
    await sendFile(req, res, filePath);
    return;
  }
  // `/embed` is `embed.html`, as static hosts serve it.
  if (path.extname(pathname) === '' && (await isFile(`${filePath}.html`))) {
    await sendFile(req, res, `${filePath}.html`);
    return;
  }
  const dirIndex = path.join(filePath, 'index.html');
  if (pathname.endsWith('/') && (await isFile(dirIndex))) {
    await sendFile(req, res, dirIndex);
    return;
  }
  // SPA fallback only for "page" URLs (no extension in the last segment). A missing asset
  // (`/pyodide/pyodide.asm.wasm`) must be a 404: served as HTML it would surface as a
  // confusing JSON/wasm parse error or a hang.
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  const rootIndex = path.join(root, 'index.html');
  if (path.extname(lastSegment) === '' && (await isFile(rootIndex))) {
    await sendFile(req, res, rootIndex);
    return;
  }
  sendText(res, 404, `Not Found: ${pathname}`);
}

/** Starts the server on 127.0.0.1 and resolves once it is listening. */
export async function startDistServer(options: DistServerOptions = {}): Promise<DistServer> {
  const root = path.resolve(options.root ?? defaultDistDir());

  const server = createServer((req, res) => {
    handle(root, options, req, res).catch((error: unknown) => {
      console.error(`[serve-dist] ${req.method} ${req.url}:`, error);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** `--root <dir>` / `--port <n>` from argv. */
function parseCliArgs(argv: readonly string[]): DistServerOptions {
  const options: DistServerOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--root' && value !== undefined) {
      options.root = value;
      i++;
    } else if (arg === '--port' && value !== undefined) {
      options.port = Number.parseInt(value, 10);
      i++;
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: tsx scripts/serve-dist.ts [--root <dir>] [--port <n>]');
      process.exit(0);
    } else {
      console.error(`serve-dist: unknown argument ${arg}`);
      process.exit(2);
    }
  }
  return options;
}

const runAsCli =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runAsCli) {
  const options = parseCliArgs(process.argv.slice(2));
  const root = path.resolve(options.root ?? defaultDistDir());
  if (!(await isFile(path.join(root, 'index.html')))) {
    console.warn(`serve-dist: ${root}/index.html does not exist (run \`npm run build\` first?)`);
  }
  const { url, close } = await startDistServer({ ...options, root });
  console.log(`serve-dist: serving ${root} at ${url}/ (Ctrl+C to stop)`);
  const stop = (): void => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
