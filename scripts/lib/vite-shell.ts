/**
 * The shell, built: the first lesson's page prerendered into `index.html`, once per
 * language, and the small script that picks which one shows (docs/architecture.md, "The
 * shell"). Used by the compiled-lessons plugin (vite-lessons.ts) during `vite build`.
 *
 * - The HTML comes from the app's own components (src/ui/shell/Shell.tsx), loaded through
 *   a Vite SSR module loader (so TSX and the app's imports work in Node) and rendered with
 *   `react-dom/server`.
 * - The script (src/shell/start.ts, about 1 kB) is bundled on its own as a classic script,
 *   loaded `async blocking="render"`: it does not hold up parsing, and nothing is painted
 *   before it has picked the language (a browser without render-blocking scripts shows
 *   the shell a little later, never the wrong one).
 */
import path from 'node:path';
import { build, createServer, type HtmlTagDescriptor } from 'vite';
import type { Lesson, LessonSummary } from '../../src/lessons/lesson.ts';
import type { Lang } from '../../src/lessons/schema.ts';
import { hashOf } from './hash.ts';

/** What `index.html` gets: the script's file, and the tags for the top of `<body>`. */
export interface BuiltShell {
  script: { fileName: string; source: string };
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
    return { zh: mod.renderShell(lesson, index, 'zh'), en: mod.renderShell(lesson, index, 'en') };
  } finally {
    await server.close();
  }
}

async function bundleScript(root: string): Promise<string> {
  const out = await build({
    configFile: false,
    root,
    logLevel: 'silent',
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
  const [pages, source] = await Promise.all([renderBoth(root, lesson, index), bundleScript(root)]);
  const fileName = `assets/shell-${hashOf(source)}.js`;
  const copies = (['zh', 'en'] as const)
    .map((lang) => `<div data-lang="${lang}">${pages[lang]}</div>`)
    .join('');
  // The script is the page's first request, before the app's scripts and styles.
  const tags: HtmlTagDescriptor[] = [
    {
      tag: 'script',
      attrs: {
        src: `${base}${fileName}`,
        async: true,
        blocking: 'render',
        'data-lesson': lesson.id,
      },
      injectTo: 'head-prepend',
    },
    { tag: 'div', attrs: { id: 'shell', inert: true }, children: copies, injectTo: 'body-prepend' },
  ];
  return { script: { fileName, source }, tags };
}
