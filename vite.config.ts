import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { headersFor } from './src/security/headers';

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

export default defineConfig({
  plugins: [
    react(),
    viteStaticCopy({ targets: [{ src: PYODIDE_ASSETS, dest: 'pyodide' }] }),
  ],
  // Pyodide 314 runs only in module workers.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['pyodide'] },
  server: { headers: headersFor('dev') },
  preview: { headers: headersFor('preview') },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
});
