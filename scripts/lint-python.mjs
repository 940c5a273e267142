#!/usr/bin/env node
/**
 * Python lint for the project's own Python (the recorder package, the tests' oracle), with
 * ruff compiled to WebAssembly (`@astral-sh/ruff-wasm-nodejs`): no Python, no network, the
 * same result everywhere.
 *
 *   node scripts/lint-python.mjs        (also `npm run lint:py`, and a step of `npm test`)
 *
 * Lesson code is not linted here: it is the lessons' own business (and untrusted input).
 * Exit status 1 when any file has a diagnostic; each is printed as `file:line:col CODE message`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Folders whose `.py` files are ours. */
const FOLDERS = ['src/runtime/recorder', 'tests/pyodide'];

/**
 * pyflakes (F: unused imports and names, undefined names), pycodestyle (E, W), bugbear (B),
 * import order (I), pyupgrade (UP) and simplifications (SIM); 100 columns, as in the TS code.
 */
const SETTINGS = {
  'line-length': 100,
  'target-version': 'py314',
  lint: { select: ['E', 'F', 'W', 'B', 'I', 'UP', 'SIM'] },
};

const workspace = new Workspace(SETTINGS, PositionEncoding.Utf16);
let files = 0;
let problems = 0;
for (const folder of FOLDERS) {
  for (const name of readdirSync(path.join(root, folder)).sort()) {
    if (!name.endsWith('.py')) continue;
    const file = path.join(folder, name);
    files++;
    for (const d of workspace.check(readFileSync(path.join(root, file), 'utf8'))) {
      problems++;
      const { row, column } = d.start_location;
      console.log(`${file}:${row}:${column} ${d.code ?? 'syntax'} ${d.message}`);
    }
  }
}
console.log(`ruff ${Workspace.version()}: ${files} Python files, ${problems} problem(s)`);
process.exit(problems > 0 ? 1 : 0);
