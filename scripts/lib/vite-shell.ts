/**
 * The shell, built: the first lesson's page prerendered once per language, and the small
 * script `index.html` runs first, which picks the one to show (docs/architecture.md, rule
 * 6). Used by the compiled-lessons plugin (vite-lessons.ts) during `vite build`.
 *
 * - The HTML comes from the app's own components (src/ui/shell/Shell.tsx), loaded through
 *   a Vite SSR module loader (so TSX and the app's imports work in Node) and rendered with
 *   `react-dom/server`.
 * - Each page becomes `assets/shell-<lang>-<hash>.js`, a one-line script that writes it
 *   into the document where it runs.
 * - The picking script (src/shell/start.ts, about 1 kB) is bundled on its own as a
 *   classic script that knows those URLs (`virtual:shell-pages`) and writes the reader's
 *   one in: a reader downloads and parses one page, and none when the address opens
 *   something else. `index.html` preloads it first of all and runs it first in `<body>`.
 */
import path from 'node:path';
import { build, createServer, type HtmlTagDescriptor } from 'vite';
import type { Lesson, LessonSummary } from '../../src/lessons/lesson.ts';
import { LANGS, type Lang } from '../../src/lessons/schema.ts';
import { hashOf } from './hash.ts';

/** What the build emits for the shell: its scripts, and the tags `index.html` gets. */
export interface BuiltShell {
  scripts: { fileName: string; source: string }[];
  tags: HtmlTagDescriptor[];
}

/** The build's generated modules, empty here: the shell renders from its arguments. */
function aliases(root: string) {
  return {
    'virtual:lessons': path.join(root, 'src/lessons/shipped-none.ts'),
    'virtual:shipped-traces': path.join(root, 'src/runtime/shipped-none.ts'),
  };
}

async function renderBoth(root: string, lesson: Lesson, index: LessonSummary[]) {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: aliases(root) },
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/ui/shell/Shell.tsx')) as {
      renderShell(lesson: Lesson, index: LessonSummary[], lang: Lang): string;
    };
    return Object.fromEntries(
      LANGS.map((lang) => [lang, mod.renderShell(lesson, index, lang)]),
    ) as Record<Lang, string>;
  } finally {
    await server.close();
  }
}

async function bundleScript(root: string, urls: Record<Lang, string>): Promise<string> {
  const id = 'virtual:shell-pages';
  const out = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      {
        name: 'wpt-shell-pages',
        resolveId: (source) => (source === id ? `\0${id}` : null),
        load: (source) => (source === `\0${id}` ? `export default ${JSON.stringify(urls)};` : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: path.join(root, 'src/shell/start.ts'), formats: ['iife'], name: 'wptShell' },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  const chunk = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((f) => f.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('the shell script did not build');
  return chunk.code;
}

/** Build the shell of `lesson` (the first in `index`) for a site served under `base`. */
export async function buildShell(
  root: string,
  base: string,
  lesson: Lesson,
  index: LessonSummary[],
): Promise<BuiltShell> {
  const pages = await renderBoth(root, lesson, index);
  const scripts = LANGS.map((lang) => {
    const source = `document.write(${JSON.stringify(`<div id="shell" inert>${pages[lang]}</div>`)});\n`;
    return { lang, fileName: `assets/shell-${lang}-${hashOf(source)}.js`, source };
  });
  const urls = Object.fromEntries(scripts.map((s) => [s.lang, `${base}${s.fileName}`]));
  const source = await bundleScript(root, urls as Record<Lang, string>);
  const fileName = `assets/shell-${hashOf(source)}.js`;
  const src = `${base}${fileName}`;
  // Asked for first, before the app's scripts and styles take the connections; run first
  // in <body>, so that the page it writes is parsed before anything else there.
  const tags: HtmlTagDescriptor[] = [
    { tag: 'link', attrs: { rel: 'preload', as: 'script', href: src }, injectTo: 'head-prepend' },
    { tag: 'script', attrs: { src, 'data-lesson': lesson.id }, injectTo: 'body-prepend' },
  ];
  return {
    scripts: [
      { fileName, source },
      ...scripts.map(({ fileName, source }) => ({ fileName, source })),
    ],
    tags,
  };
}
