/**
 * What the initial JavaScript is made of: builds the app once more with source maps
 * (into .bench/composition, the real dist/ is untouched) and attributes every byte of
 * the entry chunk to the package or source folder it came from, with its share of the
 * gzip size estimated by compressing each group's generated code on its own.
 *
 *   npx tsx scripts/bench/composition.ts        (about 10 s; not part of `npm run bench`)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyzeBundle } from './bundle.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Source map `mappings`: per generated line, segments `[column, source, line]`, absolute
 * (`[column]` for unmapped code).
 */
export function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let source = 0;
  let origLine = 0;
  for (const line of mappings.split(';')) {
    const segs: number[][] = [];
    let col = 0;
    for (const part of line.split(',')) {
      if (!part) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of part) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        origLine += fields[2];
      }
      segs.push(fields.length > 1 ? [col, source, origLine] : [col]);
    }
    lines.push(segs);
  }
  return lines;
}

/** The package (node_modules) or source folder a source map source belongs to. */
function groupOf(source: string): string {
  const s = source.replace(/\\/g, '/');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = s.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const m = /(src\/[^/]+|lessons\/[^/]+)/.exec(s);
  return m ? m[1] : s;
}

async function main(): Promise<void> {
  const { build } = await import('vite');
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = path.join(root, '.bench', 'composition');
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true, sourcemap: true } });
  const report = analyzeBundle(outDir);
  const rows = new Map<string, { bytes: number; code: string[] }>();
  for (const f of report.initialJs) {
    const file = path.join(outDir, f.file);
    const code = readFileSync(file, 'utf8');
    // The bundler's own runtime chunk has no source map: count it as generated code.
    if (!existsSync(`${file}.map`)) {
      const generated = rows.get('(generated)') ?? { bytes: 0, code: [] };
      generated.bytes += code.length;
      generated.code.push(code);
      rows.set('(generated)', generated);
      continue;
    }
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const lines = code.split('\n');
    decodeMappings(map.mappings).forEach((segments, lineNo) => {
      const line = lines[lineNo] ?? '';
      segments.forEach((seg, k) => {
        const end = k + 1 < segments.length ? segments[k + 1][0] : line.length;
        const g = seg.length > 1 ? groupOf(map.sources[seg[1]]) : '(generated)';
        const row = rows.get(g) ?? { bytes: 0, code: [] };
        row.bytes += end - seg[0];
        row.code.push(line.slice(seg[0], end));
        rows.set(g, row);
      });
    });
  }
  const total = [...rows.values()].reduce((s, r) => s + r.bytes, 0);
  const list = [...rows.entries()]
    .map(([group, r]) => ({
      group,
      bytes: r.bytes,
      gzipAlone: gzipSync(r.code.join('')).byteLength,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  console.log(
    `initial JS: ${(report.initialJsGzip / 1000).toFixed(1)} kB gzip, ${(total / 1000).toFixed(0)} kB minified`,
  );
  console.log('group'.padEnd(34), 'minified kB', ' share', ' gzip kB (alone)');
  for (const r of list.slice(0, 25)) {
    console.log(
      r.group.padEnd(34),
      (r.bytes / 1000).toFixed(1).padStart(11),
      `${((100 * r.bytes) / total).toFixed(1)}%`.padStart(6),
      (r.gzipAlone / 1000).toFixed(1).padStart(15),
    );
  }
  writeFileSync(
    path.join(root, '.bench', 'composition.json'),
    `${JSON.stringify({ report, list }, null, 1)}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
