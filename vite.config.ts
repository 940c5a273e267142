import { statSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { compiledLessons } from './scripts/lib/vite-lessons.ts';
import { serviceWorker } from './scripts/lib/vite-service-worker.ts';
import { shippedTraces } from './scripts/lib/vite-shipped-traces.ts';
import { netlifyHeaders, nginxSnippet } from './src/security/deploy-files.ts';
import {
  type FramingSettings,
  framingFromEnv,
  type HeaderMode,
  headersForPath,
} from './src/security/headers.ts';

/**
 * Pyodide's runtime files are served from our own origin under /pyodide/,
 * copied from node_modules in dev and build (never committed), so the app
 * works offline and never touches a CDN.
 */
const PYODIDE_ASSETS = [
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
].map((file) => `node_modules/pyodide/${file}`);

/** Sizes of the two files whose download progress the page shows (src/runtime/progress.ts). */
const PYODIDE_BYTES = Object.fromEntries(
  ['pyodide.asm.wasm', 'python_stdlib.zip'].map((f) => [
    f,
    statSync(`node_modules/pyodide/${f}`).size,
  ]),
);

/**
 * Extra pages for `npm run bench` only (scripts/bench.ts): the bare-Pyodide floor and the
 * lab that shows a million-event lesson in the real panel. The bench builds them in a
 * second pass (`mode: 'bench'`) into the same `dist/`, next to the app: as inputs of the
 * app's own build they would share chunks with it and change the app's chunking, which is
 * what the bench measures (and they have no place in a deployment).
 */
const BENCH_PAGES = {
  'bench-bare': 'bench/bare.html',
  'bench-lab': 'bench/app-bench.html',
};

/** The app's pages: the full app and the embed view of one panel. */
const APP_PAGES = { index: 'index.html', embed: 'embed.html' };

/** Whether a chunk holds the panel's component (the chunk the page and the embed share). */
function sharedPanel(chunk: { isEntry: boolean; moduleIds: readonly string[] }): boolean {
  return !chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/ui/panel/Panel.tsx'));
}

/**
 * Every response gets the headers of its path (src/security/headers.ts), in dev and preview,
 * and the build writes the deployment files derived from them: `_headers` (Netlify,
 * Cloudflare Pages), `deploy/nginx.conf`, and `.nojekyll` (GitHub Pages must not hide
 * files that start with `_`). Who may frame the pages is the build-time framing setting.
 */
function securityHeaders(framing: FramingSettings, emitDeployFiles: boolean): Plugin {
  const middleware = (mode: HeaderMode) => (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use((req, res, next) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      for (const [name, value] of Object.entries(headersForPath(mode, pathname, framing)))
        res.setHeader(name, value);
      next();
    });
  };
  return {
    name: 'security-headers',
    configureServer: middleware('dev'),
    configurePreviewServer: middleware('preview'),
    generateBundle() {
      if (!emitDeployFiles) return;
      const emit = (fileName: string, source: string) =>
        this.emitFile({ type: 'asset', fileName, source });
      emit('_headers', netlifyHeaders(framing));
      emit('deploy/nginx.conf', nginxSnippet(framing));
      emit('.nojekyll', '');
    },
  };
}

/**
 * The framing setting from the environment; a wrong one stops `vite build` and the dev
 * server with its reason and where to read more, not with a stack trace of Vite's config
 * loader around it.
 */
function framingOrStop(): FramingSettings {
  try {
    return framingFromEnv(process.env);
  } catch (err) {
    console.error(`\n${(err as Error).message}\n(docs/deploy.md: "Who may frame the app")\n`);
    process.exit(1);
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    viteStaticCopy({ targets: [{ src: PYODIDE_ASSETS, dest: 'pyodide' }] }),
    // APP_FRAME_ANCESTORS / EMBED_FRAME_ANCESTORS: see docs/deploy.md.
    securityHeaders(framingOrStop(), mode !== 'bench'),
    compiledLessons(),
    shippedTraces(),
    serviceWorker(),
  ],
  define: { __PYODIDE_BYTES__: JSON.stringify(PYODIDE_BYTES) },
  // Pyodide 314 runs only in module workers.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['pyodide'] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: mode === 'bench' ? BENCH_PAGES : APP_PAGES,
      // The chunk the page and the embed share is named after its first module, a
      // stylesheet (`student-phone-*.js`): name it for what it holds, the panel.
      output: { chunkFileNames: (c) => `assets/${sharedPanel(c) ? 'panel' : '[name]'}-[hash].js` },
    },
    ...(mode === 'bench' ? { emptyOutDir: false } : {}),
  },
}));
