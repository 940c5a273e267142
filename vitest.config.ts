/**
 * Vitest configuration: three projects, run separately by `npm test` (scripts/test-all.mjs)
 * or by name: `vitest run --project unit|pyodide|browser`.
 *
 * This file deliberately does not load vite.config.ts: the tests need none of the app's build
 * plugins (static copies of Pyodide, React refresh). If the app gains `resolve.alias`es that
 * tests import through, add them here too.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The build's generated modules, empty outside a build: the table of shipped traces (see
 * src/runtime/source.ts) and the lesson index (src/lessons/shipped.ts; tsconfig.json maps
 * its types to the same file).
 */
const alias = {
  'virtual:shipped-traces': fileURLToPath(
    new URL('./src/runtime/shipped-none.ts', import.meta.url),
  ),
  'virtual:lessons': fileURLToPath(new URL('./src/lessons/shipped-none.ts', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        // Pure TypeScript: replay engine, schemas, stores, lesson loader. Fast and parallel.
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases; on a 2-core machine shared with a build
          // they can take longer than vitest's 5 s default without anything being wrong.
          testTimeout: 30_000,
        },
      },
      {
        // Real Pyodide in Node (`loadPyodide()` ~3 s per file). Files run side by side, one
        // per core (Vitest's default): each interpreter runs on one thread, so on 2 cores
        // the suite took 99-112 s instead of 152 (2026-12-02). Each instance holds a few
        // hundred MB, so a machine with many cores needs a few GB for this suite.
        resolve: { alias },
        test: {
          name: 'pyodide',
          include: ['tests/pyodide/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The built app in headless Chromium (tests/browser/harness.ts). Expects `dist/`
        // (or $DIST_DIR) to be built already: `npm run test:browser` builds first.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
