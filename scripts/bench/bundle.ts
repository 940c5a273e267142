/**
 * Bundle sizes of the built app, from `dist/` alone (no build manifest needed):
 * - initial JavaScript: the entry chunk of `dist/index.html` plus everything it imports
 *   statically (and any `modulepreload`), and its classic scripts (the shell's, with the
 *   larger of its two pages), i.e. what runs before Monaco and Pyodide;
 * - the Monaco chunk (`monaco-*.js`) and everything loaded with it;
 * - the total reachable from `index.html` (static, dynamic and worker imports), with the
 *   Pyodide runtime files reported apart.
 * Sizes are gzip level 9, what a static host would send.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One file and its sizes in bytes. */
export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

/** What {@link analyzeBundle} reports. */
export interface BundleReport {
  initialJs: FileSize[];
  initialJsGzip: number;
  initialCssGzip: number;
  /** Data `index.html` preloads beside the code (the first lesson's compiled JSON). */
  initialData: FileSize[];
  monaco: FileSize[];
  /** The biggest Monaco chunk (`monaco-*.js`). */
  monacoChunkGzip: number;
  /** Monaco and everything that arrives with it (CSS, language, editor worker, font). */
  monacoTotalGzip: number;
  /** Monaco languages bundled (Monarch tokenizers found in any reachable chunk). */
  monacoLanguages: string[];
  /** Whether the initial JavaScript already contains Monaco. */
  monacoInInitial: boolean;
  /** Every file reachable from index.html, app code only (Pyodide files apart). */
  totalGzip: number;
  totalBytes: number;
  pyodide: FileSize[];
  pyodideGzip: number;
}

function sizeOf(dist: string, file: string): FileSize {
  const buf = readFileSync(path.join(dist, file));
  return { file, bytes: buf.byteLength, gzip: gzipSync(buf, { level: 9 }).byteLength };
}

/** Files a chunk refers to, as dist-relative paths: `import`s, `import()`s, `new URL()`s. */
function references(dist: string, file: string): { static: string[]; all: string[] } {
  const text = readFileSync(path.join(dist, file), 'utf8');
  const dir = path.posix.dirname(file);
  const resolve = (ref: string) =>
    ref.startsWith('/') ? ref.slice(1) : path.posix.normalize(path.posix.join(dir, ref));
  const exists = (f: string) => {
    try {
      return statSync(path.join(dist, f)).isFile();
    } catch {
      return false;
    }
  };
  // Static imports: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`.
  const staticRe =
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+\s*from\s*)?["']([^"']+\.js)["']/g;
  const statics = [...text.matchAll(staticRe)].map((m) => resolve(m[1])).filter(exists);
  // Anything else that names a built file: dynamic imports, preload maps, worker URLs, CSS.
  const anyRe = /["'`(]((?:\.{1,2}\/|\/)?(?:assets\/)?[\w.-]+\.(?:js|css|ttf|woff2?|wasm))["'`)]/g;
  const all = [...text.matchAll(anyRe)]
    .map((m) => m[1])
    .flatMap((ref) => {
      const candidates = [resolve(ref), `assets/${path.posix.basename(ref)}`];
      return candidates.filter(exists).slice(0, 1);
    });
  return { static: statics, all: [...new Set([...statics, ...all])] };
}

/** Analyse `dist/` (the app build). */
export function analyzeBundle(dist: string): BundleReport {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ''));
  const entries = attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g);
  const preloads = attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const css = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const data = attr(/<link[^>]*rel="preload"[^>]*as="fetch"[^>]*href="([^"]+)"/g);
  // Classic scripts run before everything else (the shell's, src/shell/start.ts). The
  // scripts one of them names are alternatives (the shell's page, one per language, of
  // which a reader loads one): the largest counts.
  const classic = attr(/<script(?![^>]*type="module")[^>]*src="([^"]+)"/g);
  const alternatives = classic.flatMap((f) => {
    const named = references(dist, f).all.filter((r) => r.endsWith('.js'));
    const sizes = named.map((r) => sizeOf(dist, r)).sort((a, b) => b.gzip - a.gzip);
    return sizes.slice(0, 1).map((s) => s.file);
  });

  // Initial: entries, preloads, and their static imports, transitively. A `boot-*.js`
  // chunk that an entry imports dynamically (the app's, when it was split so that the
  // Python worker started first) always runs before the source is visible, so it counts;
  // one that only another page imports (the embed view's) is never loaded by this one.
  const boot = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^boot-[\w-]+\.js$/.test(f))
    .map((f) => `assets/${f}`)
    .filter((f) => entries.some((e) => references(dist, e).all.includes(f)));
  const initial = new Set<string>();
  const queue = [...classic, ...alternatives, ...entries, ...preloads, ...boot];
  while (queue.length > 0) {
    const f = queue.shift() as string;
    if (initial.has(f)) continue;
    initial.add(f);
    queue.push(...references(dist, f).static);
  }

  // Reachable: everything referenced from there on (dynamic imports, workers, assets).
  const reachable = new Set<string>([...initial, ...css]);
  const todo = [...reachable];
  while (todo.length > 0) {
    const f = todo.shift() as string;
    if (!f.endsWith('.js') && !f.endsWith('.css')) continue;
    for (const r of references(dist, f).all) {
      if (!reachable.has(r)) {
        reachable.add(r);
        todo.push(r);
      }
    }
  }

  const initialJs = [...initial].map((f) => sizeOf(dist, f));
  const all = [...reachable].map((f) => sizeOf(dist, f));
  const monacoChunks = all.filter((f) => /(^|\/)monaco-[\w-]+\.js$/.test(f.file));
  // Monaco and its companions: its CSS, the editor worker, language chunks, the font.
  const monaco = all.filter(
    (f) => /monaco|editor\.worker|codicon/.test(f.file) || /(^|\/)python-[\w-]+\.js$/.test(f.file),
  );
  const languages = new Set<string>();
  for (const f of all) {
    if (!f.file.endsWith('.js')) continue;
    const text = readFileSync(path.join(dist, f.file), 'utf8');
    for (const m of text.matchAll(/tokenPostfix:\s*["'`]\.([\w-]+)["'`]/g)) languages.add(m[1]);
  }
  const pyodideDir = path.join(dist, 'pyodide');
  const pyodide = readdirSync(pyodideDir).map((f) => sizeOf(dist, `pyodide/${f}`));
  const sum = (xs: FileSize[], k: 'gzip' | 'bytes') => xs.reduce((s, f) => s + f[k], 0);
  return {
    initialJs,
    initialJsGzip: sum(initialJs, 'gzip'),
    initialCssGzip: sum(
      css.map((f) => sizeOf(dist, f)),
      'gzip',
    ),
    initialData: data.map((f) => sizeOf(dist, f)),
    monaco,
    monacoChunkGzip: Math.max(0, ...monacoChunks.map((f) => f.gzip)),
    monacoTotalGzip: sum(monaco, 'gzip'),
    monacoLanguages: [...languages].sort(),
    monacoInInitial: initialJs.some((f) => /monaco/.test(f.file)),
    totalGzip: sum(all, 'gzip'),
    totalBytes: sum(all, 'bytes'),
    pyodide,
    pyodideGzip: sum(pyodide, 'gzip'),
  };
}
