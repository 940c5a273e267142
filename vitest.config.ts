/**
 * Vitest configuration: three projects, run separately by `npm test` (scripts/test-all.mjs)
 * or by name: `vitest run --project unit|pyodide|browser`.
 *
 * This file deliberately does not load vite.config.ts: the tests need none of the app's build
 * plugins (static copies of Pyodide, React refresh). If the app gains `resolve.alias`es that
 * tests import through, add them here too.
 */
import { availableParallelism } from 'node:os';
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
    // One test file per core. Vitest's default leaves one core free (`cores - 1`), which on
    // the project's 2-core machines meant one file at a time: the unit suite took 55 s
    // instead of 41, the Pyodide suite 152 s instead of 99-112 (2026-12-02). Capped at 4:
    // each Pyodide file holds a few hundred MB. The browser project stays at one file.
    maxWorkers: Math.min(availableParallelism(), 4),
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
        // Real Pyodide in Node (`loadPyodide()` ~3 s per file); each interpreter runs on
        // one thread, so files run side by side (`maxWorkers` above).
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
