/**
 * The reserved module names are the standard library of the Pyodide in use, not a list
 * someone wrote by hand: the committed src/lessons/stdlib-modules.ts must be exactly what
 * scripts/gen-stdlib-modules.ts renders from this Pyodide's `sys.stdlib_module_names`.
 */
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import { describe, expect, it } from 'vitest';
import { renderStdlibModule } from '../../scripts/lib/stdlib';
import { RESERVED_MODULES } from '../../src/lessons/schema';

describe('reserved module names', () => {
  it('are every sys.stdlib_module_names of the Pyodide in use', async () => {
    const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
    const names = JSON.parse(
      py.runPython('import json, sys; json.dumps(sorted(sys.stdlib_module_names))') as string,
    ) as string[];
    const version = py.runPython('import sys; sys.version.split()[0]') as string;
    const committed = readFileSync(
      new URL('../../src/lessons/stdlib-modules.ts', import.meta.url),
      'utf8',
    );
    // If this fails after a Pyodide upgrade: npx tsx scripts/gen-stdlib-modules.ts
    expect(committed).toBe(renderStdlibModule(names, version, py.version));
    for (const n of names) expect(RESERVED_MODULES.has(n)).toBe(true);
    // ...and what Pyodide itself put in sys.modules besides the standard library.
    const loaded = JSON.parse(
      py.runPython(
        'import json, sys; json.dumps(sorted(m.split(".")[0] for m in sys.modules))',
      ) as string,
    ) as string[];
    for (const n of loaded) expect(RESERVED_MODULES.has(n), n).toBe(true);
  });
});
