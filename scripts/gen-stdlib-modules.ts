/**
 * `npx tsx scripts/gen-stdlib-modules.ts`: regenerate src/lessons/stdlib-modules.ts from
 * `sys.stdlib_module_names` of the Pyodide in node_modules. Run it after upgrading
 * Pyodide; tests/pyodide/stdlib-modules.test.ts fails until the file matches.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadPyodide } from 'pyodide';
import { renderStdlibModule } from './lib/stdlib.ts';

const target = fileURLToPath(new URL('../src/lessons/stdlib-modules.ts', import.meta.url));
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
const names = JSON.parse(
  py.runPython('import json, sys; json.dumps(sorted(sys.stdlib_module_names))') as string,
) as string[];
const version = py.runPython('import sys; sys.version.split()[0]') as string;
writeFileSync(target, renderStdlibModule(names, version, py.version));
console.log(`wrote ${names.length} module names (Python ${version}, Pyodide ${py.version})`);
