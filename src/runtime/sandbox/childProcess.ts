/**
 * How the sandboxed child is started (see runner.ts): its code, bundled into one module
 * (it may read no file), and the flags of Node's permission model it runs under.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** Pyodide's package folder: the only thing the child may read. */
export const PYODIDE_DIR = path.dirname(require.resolve('pyodide/package.json'));
const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url));

let bundled: Promise<string> | null = null;

/** The child as one ES module (Node 20 cannot run TypeScript, and the child may not read files). */
export function childSource(): Promise<string> {
  bundled ??= import('esbuild').then(async (esbuild) => {
    const out = await esbuild.build({
      entryPoints: [CHILD_ENTRY],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['pyodide'],
      logLevel: 'silent',
    });
    return out.outputFiles[0].text;
  });
  return bundled;
}

/** The permission flag of this Node (`--permission` since Node 22.13 / 23.5). */
export function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
}

/** The command-line flags the child runs under (exported for the tests). */
export function sandboxFlags(): string[] {
  return [
    permissionFlag(),
    `--allow-fs-read=${PYODIDE_DIR}${path.sep}`,
    '--disallow-code-generation-from-strings',
    '--no-warnings',
    '--input-type=module',
  ];
}
