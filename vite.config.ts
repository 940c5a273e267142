import { statSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { serviceWorker } from './scripts/lib/vite-service-worker.ts';
import { shippedTraces } from './scripts/lib/vite-shipped-traces.ts';
import { headersFor } from './src/security/headers.ts';

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

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    viteStaticCopy({ targets: [{ src: PYODIDE_ASSETS, dest: 'pyodide' }] }),
    shippedTraces(),
    serviceWorker(),
  ],
  define: { __PYODIDE_BYTES__: JSON.stringify(PYODIDE_BYTES) },
  // Pyodide 314 runs only in module workers.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['pyodide'] },
  server: { headers: headersFor('dev') },
  preview: { headers: headersFor('preview') },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    // The app (index.html) is the only input of a normal build.
    ...(mode === 'bench' ? { emptyOutDir: false, rollupOptions: { input: BENCH_PAGES } } : {}),
  },
}));
