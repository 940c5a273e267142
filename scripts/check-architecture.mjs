#!/usr/bin/env node
/**
 * The architecture rules, checked in `npm test` (docs/architecture.md explains them):
 *
 * 1. Layers import only downwards. Each folder under src/ may import only the folders
 *    listed for it in LAYERS (type-only imports included: a type is a dependency too), or
 *    single files named there (`store/address`).
 * 2. One owner of the address bar: only src/store/urlSync.ts touches `location` or
 *    `history` (plus the entry points and the bench pages, which are not the app).
 * 3. No file under src/ is longer than MAX_LINES lines (data and generated files aside).
 * 4. Schemas use `zod/mini` (issue types from `zod/v4/core`), never classic `zod`: one
 *    import of it puts about 18 kB gzip more into the page's initial JavaScript.
 * 5. What Vite's config loads (every file reachable from vite.config.ts by relative
 *    imports) names the files it imports in full (`./trace.ts`, `../i18n/index.ts`). Node's
 *    own module loader needs that, and Vite warns on every build and start that it will
 *    load configs that way by default (`configLoader: 'native'`).
 * 6. The page never loads the lesson checks: no file the page's layers reach through static
 *    value imports is one of CHECK_ONLY (the manifest schema, its messages, the loader, the
 *    standard library's module list). One such import put 5 kB gzip of them into the
 *    initial JavaScript (2026-12-05). Type-only imports and `import()` are fine.
 *
 * Imports are read with a regular expression (static `import`/`export … from` and
 * dynamic `import('…')`): the code base is formatted by biome, so they are regular.
 * Exit status 1 with one line per violation (file:line: rule: detail).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');

/** Which top-level folders (or root files) of src/ each layer may import. */
const LAYERS = {
  // Pure data and logic: no React, no worker, no page.
  lessons: ['lessons', 'i18n'],
  trace: ['trace'],
  replay: ['replay', 'trace', 'lessons'],
  // What the reference diagram, value history and divergence show: pure, over the trace.
  // (lessons/basics: what a Python name is, to find the names the code on screen uses)
  diagram: ['diagram', 'trace', 'replay', 'lessons/basics'],
  i18n: ['i18n', 'lessons'],
  security: ['security'],
  // The Python runtime: the worker, its client and protocol, the Node recorder.
  runtime: ['runtime', 'trace', 'lessons'],
  // State: zustand stores, selectors, the URL; no React components.
  store: ['store', 'replay', 'diagram', 'trace', 'lessons', 'runtime', 'i18n'],
  // React: reads the store, never the runtime directly.
  ui: ['ui', 'store', 'replay', 'diagram', 'trace', 'lessons', 'i18n'],
  // Entry points and the bench pages wire everything.
  bench: ['bench', 'ui', 'store', 'replay', 'diagram', 'trace', 'lessons', 'runtime', 'i18n'],
  main: ['runtime', 'boot'],
  // The shell's script (index.html, before the prerendered article): pure decisions only,
  // no React, no zustand (it must stay a few hundred bytes).
  shell: ['shell', 'store/address', 'store/startView', 'i18n'],
  boot: ['store', 'ui'],
  // The embed view's entry (embed.html): one panel, same stores and components.
  embed: ['embed', 'store', 'ui', 'i18n', 'runtime'],
};

/** Files allowed to touch location/history besides the URL owner. */
const URL_OWNERS = new Set(['store/urlSync.ts', 'runtime/index.ts', 'shell/start.ts']);
/** "About 300 lines": a file may run a little over while it is one thing. */
const MAX_LINES = 320;
/** The zod entry points src/ may import: the small functional API and the core types. */
const ZOD_OK = new Set(['zod/mini', 'zod/v4/core']);
/** Longer files that are data, not logic. */
const LONG_OK = new Set(['lessons/stdlib-modules.ts']);
function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/** A path without its script extension (`lessons/schema.ts` -> `lessons/schema`). */
function withoutExt(rel) {
  return rel.replace(/\.(tsx?|mjs|js)$/, '');
}

/** The layer of a path relative to src/: its first folder, or the file's name at the top. */
function layerOf(rel) {
  return withoutExt(rel.split('/')[0]);
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function lineAt(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** Strip comments (so that prose in doc comments is not read as code). */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const problems = [];
const files = walk(src).map((f) => path.relative(src, f).split(path.sep).join('/'));

for (const rel of files) {
  const full = path.join(src, rel);
  const text = readFileSync(full, 'utf8');
  const lines = text.split('\n').length;
  if (lines > MAX_LINES && !LONG_OK.has(rel)) {
    problems.push(`src/${rel}:1: size: ${lines} lines (at most ${MAX_LINES})`);
  }
  if (!/\.(ts|tsx|mjs|js)$/.test(rel)) continue;
  const layer = layerOf(rel);
  const allowed = LAYERS[layer];
  if (!allowed) {
    problems.push(`src/${rel}:1: layers: ${layer} is not a known layer (add it to LAYERS)`);
    continue;
  }
  const code = withoutComments(text);
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
    if (target.startsWith('..')) continue; // outside src/ (lessons/, package files)
    const to = layerOf(target);
    // An entry with a slash allows one file of a layer (path without extension).
    if (!allowed.includes(to) && !allowed.includes(target.replace(/\.tsx?$/, ''))) {
      problems.push(
        `src/${rel}:${lineAt(code, m.index + m[0].indexOf(spec))}: layers: ${layer} must not import ${to} (${spec})`,
      );
    }
  }
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec === 'zod' || (spec.startsWith('zod/') && !ZOD_OK.has(spec))) {
      problems.push(
        `src/${rel}:${lineAt(code, m.index + m[0].indexOf(spec))}: zod: import 'zod/mini' (or types from 'zod/v4/core'), not '${spec}'`,
      );
    }
  }
  if (!URL_OWNERS.has(rel) && !layer.startsWith('bench')) {
    for (const m of code.matchAll(/\b(location|history)\s*\.\s*\w+/g)) {
      problems.push(
        `src/${rel}:${lineAt(code, m.index)}: url: only src/store/urlSync.ts may use ${m[0]}`,
      );
    }
  }
}

/** Rule 6: what only the lesson checks and the loader need (paths without extension). */
const CHECK_ONLY = new Set([
  'lessons/schema',
  'lessons/issues',
  'lessons/loader',
  'lessons/stdlib-modules',
  'lessons/tries',
  'lessons/predictions',
  'lessons/resolve',
  'lessons/resolvePanels',
  'lessons/salvage',
]);
/**
 * The pages' entries (the app's, the shell's, the embed view's): what they reach through
 * static imports is what loads with the page; `import()` starts a chunk loaded later
 * (author mode, the diagram, the loader), which may hold anything.
 */
const PAGE_ENTRIES = ['main.tsx', 'boot.tsx', 'shell/start.ts', 'embed/main.tsx', 'embed/boot.tsx'];
const STATIC_VALUE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]/g;
function pageReaches() {
  const byPath = new Map(files.map((f) => [withoutExt(f), f]));
  const queue = PAGE_ENTRIES.filter((f) => files.includes(f));
  const from = new Map(queue.map((f) => [f, null]));
  while (queue.length > 0) {
    const rel = queue.pop();
    const code = withoutComments(readFileSync(path.join(src, rel), 'utf8'));
    for (const m of code.matchAll(STATIC_VALUE_IMPORT)) {
      if (!m[1].startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
      const file = byPath.get(withoutExt(target));
      if (!file || from.has(file)) continue;
      from.set(file, rel);
      queue.push(file);
    }
  }
  for (const [file, by] of from) {
    const bare = withoutExt(file);
    if (!CHECK_ONLY.has(bare)) continue;
    const chain = [file];
    for (let at = by; at; at = from.get(at)) chain.push(at);
    problems.push(
      `src/${chain[1]}:1: page: the page must not load ${bare} (only the lesson checks need it): ${chain.reverse().join(' -> ')}; import types with \`import type\`, or move what the page needs out of it`,
    );
  }
}
pageReaches();

/** Rule 5: every relative import in the files vite.config.ts reaches, with its extension. */
function configImports() {
  const seen = new Set();
  const queue = [path.join(root, 'vite.config.ts')];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = withoutComments(readFileSync(file, 'utf8'));
    for (const m of code.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (/\.(ts|tsx|mjs|js|json)$/.test(spec)) {
        if (/\.(ts|tsx|mjs|js)$/.test(spec)) queue.push(target);
        continue;
      }
      const found = ['.ts', '.tsx', '/index.ts'].map((e) => target + e).find((f) => existsSync(f));
      if (found) queue.push(found);
      problems.push(
        `${path.relative(root, file)}:${lineAt(code, m.index + m[0].indexOf(spec))}: config: name the file in full ('${spec}' → add .ts, or /index.ts for a folder); vite.config.ts loads this file`,
      );
    }
  }
  return seen.size;
}
const configFiles = configImports();

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`\n${problems.length} architecture problem(s); see docs/architecture.md`);
  process.exit(1);
}
console.log(
  `architecture: ${files.length} files under src/ follow the layer, URL, size and zod rules, and the page loads none of the lesson checks; the ${configFiles} files vite.config.ts loads name their imports in full`,
);
