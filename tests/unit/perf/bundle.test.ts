/**
 * What the bench counts as the page's first download (scripts/bench/bundle.ts): the entry,
 * its preloads and static imports, and a `boot-*.js` chunk only when the entry itself
 * imports it (the embed view's boot chunk is another page's and must not be counted).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeBundle } from '../../../scripts/bench/bundle';

const dist = mkdtempSync(path.join(tmpdir(), 'wpt-bundle-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}

describe('the first download the bench counts', () => {
  it("counts the entry's own boot chunk, not another page's", () => {
    write(
      'index.html',
      '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/shared-a.js">',
    );
    write('assets/index-a.js', 'import "./shared-a.js";\nimport("./boot-app.js");\n');
    write('assets/shared-a.js', 'export const x = 1;\n');
    write('assets/boot-app.js', 'import "./shared-a.js";\nexport const app = 1;\n');
    // The embed page's entry and its boot chunk: never loaded by index.html.
    write('assets/embed-a.js', 'import("./boot-embed.js");\n');
    write('assets/boot-embed.js', `export const embed = ${JSON.stringify('e'.repeat(500))};\n`);
    write('pyodide/pyodide.asm.wasm', '');
    const files = analyzeBundle(dist).initialJs.map((f) => f.file);
    expect(files).toContain('assets/index-a.js');
    expect(files).toContain('assets/shared-a.js');
    expect(files).toContain('assets/boot-app.js');
    expect(files).not.toContain('assets/boot-embed.js');
    expect(files).not.toContain('assets/embed-a.js');
  });
});
