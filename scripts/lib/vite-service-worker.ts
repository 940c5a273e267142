/**
 * Vite plugin: after `vite build`, generate `dist/sw.js` with Workbox (`generateSW`), a
 * service worker that precaches the whole app: HTML, scripts, styles, Monaco, Pyodide's
 * files under /pyodide/, the lessons (bundled in the scripts) and the shipped traces.
 * A reader who opened the site once can open it again with no network, Python included.
 *
 * - Updates are atomic: a new build's worker installs in the background (every file or
 *   none) and takes over once no page uses the old one, so a page never mixes versions.
 *   No `skipWaiting`, no `clientsClaim`.
 * - Responses are stored as the server sent them, headers included, so the cached page
 *   keeps its COOP/COEP/CSP headers and stays cross-origin isolated offline.
 * - Only the production build has it: the dev server never registers one, and the
 *   bench's second pass (`--mode bench`) leaves it alone.
 * The page registers it (src/store/offline.ts) once Python has loaded or failed.
 */
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { generateSW } from 'workbox-build';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The service worker's file name in `dist/`. */
export const SERVICE_WORKER_FILE = 'sw.js';

/** The plugin (see the module comment). */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wpt-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.mode === 'bench' || config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const result = await generateSW({
        globDirectory: outDir,
        globPatterns: ['**/*.{html,js,mjs,css,wasm,zip,json,wptrace,ttf,woff,woff2,svg,png,ico}'],
        globIgnores: ['bench/**', 'bench-*', SERVICE_WORKER_FILE, 'workbox-*.js'],
        swDest: path.join(outDir, SERVICE_WORKER_FILE),
        // Pyodide's wasm is ~10 MB, Monaco's chunk ~3 MB.
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
        // Vite's `name-HASH.ext` and the traces' `name.HASH.wptrace` are named by their
        // content: no revision needed. Everything else is revisioned by its hash.
        dontCacheBustURLsMatching:
          /(-[A-Za-z0-9_-]{8}\.(js|css|ttf|woff2?|svg|png))$|(\.[0-9a-f]{12}\.wptrace)$/,
        // A page's address carries its state in the query (`/?lesson=…`, `/embed?panel=…`):
        // look precached pages up without it, so `/embed?…` (cleanURLs: `embed.html`) is
        // the embed page, not the app's `index.html` that the fallback below would give.
        ignoreURLParametersMatching: [/.*/],
        navigateFallback: `${config.base}index.html`,
        navigateFallbackDenylist: [
          new RegExp(`^${escapeRegExp(config.base)}(pyodide|traces|assets)/`),
          new RegExp(`^${escapeRegExp(config.base)}(bench|embed)`),
        ],
        cleanupOutdatedCaches: true,
        skipWaiting: false,
        clientsClaim: false,
        // One file, nothing imported at run time (no CDN, by construction).
        inlineWorkboxRuntime: true,
        mode: 'production',
        sourcemap: false,
        cacheId: 'wpt',
      });
      for (const w of result.warnings) config.logger.warn(`service worker: ${w}`);
      config.logger.info(
        `service worker: ${SERVICE_WORKER_FILE} precaches ${result.count} files, ${(result.size / 1e6).toFixed(1)} MB`,
      );
    },
  };
}
