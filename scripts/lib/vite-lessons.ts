/**
 * Vite plugin: the lessons, compiled. The page never parses a manifest, checks an anchor
 * or renders Markdown for a shipped lesson: the same loader as `lessons:check` runs here,
 * in Node, and each lesson reaches the page as its loaded `Lesson` in JSON (prose already
 * HTML), fetched only when it is shown.
 *
 * The app imports `virtual:lessons`: an index of every lesson (id, order, titles, panels
 * and the URL of its JSON) and every broken lesson with its errors.
 * - `vite build` emits each lesson as `lessons/<id>.<hash>.json` (content-hashed, so a
 *   host may cache it forever; the service worker precaches it).
 * - The dev server serves `/@lessons/<id>.json` from the files on disk (compiled once, then
 *   again after a change), and when a file under `lessons/` changes it reloads the index (whose URLs carry a hash of each
 *   lesson, so the page refetches exactly the lessons that changed).
 * - `vite build` also prerenders the first lesson's page into `index.html` (the shell,
 *   see vite-shell.ts), so that the article shows before the app's JavaScript arrives.
 * - The bench's second pass (`mode: 'bench'`) gets an empty index: its pages bring their
 *   own lesson.
 */
import path from 'node:path';
import type { Plugin, ResolvedConfig, ViteDevServer } from 'vite';
import { type Lang, t } from '../../src/i18n/cli.ts';
import { loadAllLessons } from '../../src/lessons/fs.ts';
import type { LessonSummary, LoadAllResult } from '../../src/lessons/lesson.ts';
import { summaryOf } from '../../src/lessons/summary.ts';
import { hashOf } from './hash.ts';
import { formatProblem, lessonDisplayDir, loaderProblem } from './report.ts';
import { type BuiltShell, buildShell } from './vite-shell.ts';

const VIRTUAL = 'virtual:lessons';
const RESOLVED = `\0${VIRTUAL}`;
/** Where the dev server serves a lesson's JSON. */
const DEV_PREFIX = '/@lessons/';

/** Options of {@link compiledLessons}. */
export interface CompiledLessonsOptions {
  /** The lessons folder (default `lessons`, from the project root). */
  lessonsDir?: string;
}

/** One compile of every lesson folder: each good lesson's JSON, and the broken ones. */
export interface Compiled {
  json: Map<string, string>;
  result: LoadAllResult;
}

/** Read and load every lesson folder under `root`, as `lessons:check` reads them. */
export async function compileAll(root: string): Promise<Compiled> {
  const result = await loadAllLessons(root);
  return { result, json: new Map(result.lessons.map((l) => [l.id, JSON.stringify(l)])) };
}

/** The index of one compile, given each lesson's URL. */
function indexOf(compiled: Compiled, urlOf: (id: string, json: string) => string): LessonSummary[] {
  return compiled.result.lessons.map((l) =>
    summaryOf(l, urlOf(l.id, compiled.json.get(l.id) ?? '')),
  );
}

/** The source of `virtual:lessons` for one compile, given each lesson's URL. */
export function moduleSource(
  compiled: Compiled,
  urlOf: (id: string, json: string) => string,
): string {
  return sourceOf(indexOf(compiled, urlOf), compiled.result.broken);
}

/** The source of `virtual:lessons` for an index and the broken lessons. */
function sourceOf(index: LessonSummary[], broken: LoadAllResult['broken']): string {
  return `export const lessonIndex = ${JSON.stringify(index)};\nexport const brokenLessons = ${JSON.stringify(broken)};\n`;
}

/**
 * What the build logs about one compile: the counts and, for each lesson that does not
 * load, its errors as `lessons:check` words them (`file:line: field: message`, paths as
 * seen from `cwd`), then what that means. A broken lesson does not fail the build: the
 * page lists it with its errors. Returns the info lines and the warning lines.
 */
export function compileLog(
  compiled: Compiled,
  root: string,
  cwd: string,
  lang: Lang = 'en',
): { info: string[]; warn: string[] } {
  const { lessons, broken } = compiled.result;
  const info = [t(lang, 'buildLessons', { shipped: lessons.length, broken: broken.length })];
  const warn: string[] = [];
  for (const { id, errors } of broken) {
    const dir = lessonDisplayDir(root, id, cwd);
    warn.push(t(lang, 'buildBrokenLesson', { id }));
    for (const e of errors) warn.push(`  ${formatProblem(loaderProblem(e, id, dir, lang), lang)}`);
  }
  if (broken.length > 0) warn.push(t(lang, 'buildBrokenHint'));
  return { info, warn };
}

/** The plugin (see the module comment). */
export function compiledLessons(options: CompiledLessonsOptions = {}): Plugin {
  let config: ResolvedConfig;
  let root = '';
  let emitted = '';
  let firstUrl: string | null = null;
  let shell: BuiltShell | null = null;
  /**
   * The dev server's compile, kept until a file under lessons/ changes (the watcher below
   * drops it), so a page's requests do not each read and load every lesson again.
   */
  let devCompile: Promise<Compiled> | null = null;
  const compiledNow = (): Promise<Compiled> => {
    devCompile ??= compileAll(root).catch((err: unknown) => {
      devCompile = null; // a failed compile is not kept: the next request tries again
      throw err;
    });
    return devCompile;
  };
  return {
    name: 'wpt-compiled-lessons',
    configResolved(resolved) {
      config = resolved;
      root = path.resolve(config.root, options.lessonsDir ?? 'lessons');
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async buildStart() {
      emitted = '';
      firstUrl = null;
      shell = null;
      if (config.command !== 'build') return;
      if (config.mode === 'bench') {
        emitted = moduleSource({ json: new Map(), result: { lessons: [], broken: [] } }, () => '');
        return;
      }
      const compiled = await compileAll(root);
      // One index for the module and the shell: each lesson's file is emitted once.
      const index = indexOf(compiled, (id, json) => {
        const fileName = `lessons/${id}.${hashOf(json)}.json`;
        this.emitFile({ type: 'asset', fileName, source: json });
        // Lessons come in index order: the first URL is the first lesson's.
        firstUrl ??= `${config.base}${fileName}`;
        return `${config.base}${fileName}`;
      });
      emitted = sourceOf(index, compiled.result.broken);
      // The first lesson's page, prerendered: what a reader sees before the app arrives.
      const first = compiled.result.lessons[0];
      if (first) {
        shell = await buildShell(config.root, config.base, first, index);
        for (const script of shell.scripts) this.emitFile({ type: 'asset', ...script });
      }
      const log = compileLog(compiled, root, config.root);
      for (const line of log.info) config.logger.info(line);
      for (const line of log.warn) config.logger.warn(line);
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (config.command === 'build') return emitted;
      const compiled = await compiledNow();
      return moduleSource(
        compiled,
        (lesson, json) => `${DEV_PREFIX}${lesson}.json?v=${hashOf(json)}`,
      );
    },
    // The app's page asks for the first lesson while its scripts are still arriving.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!firstUrl || !ctx.filename.endsWith(`${path.sep}index.html`)) return html;
        const preload = {
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', crossorigin: '', href: firstUrl },
          injectTo: 'head' as const,
        };
        return shell ? [preload, ...shell.tags] : [preload];
      },
    },
    configureServer(server: ViteDevServer) {
      server.middlewares.use(async (req, res, next) => {
        const { pathname } = new URL(req.url ?? '/', 'http://localhost');
        if (!pathname.startsWith(DEV_PREFIX) || !pathname.endsWith('.json')) return next();
        const id = pathname.slice(DEV_PREFIX.length, -'.json'.length);
        try {
          const json = (await compiledNow()).json.get(id);
          if (json === undefined) {
            res.statusCode = 404;
            res.end(`no lesson ${JSON.stringify(id)} loads`);
            return;
          }
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(json);
        } catch (err) {
          next(err);
        }
      });
      // Any change under lessons/ (golden/ aside) may change the index: reload it, which
      // hot-updates the page (src/lessons/shipped.ts accepts it).
      const reload = (file: string) => {
        const rel = path.relative(root, file);
        if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep)[1] === 'golden')
          return;
        devCompile = null;
        const env = server.environments.client;
        const mod = env.moduleGraph.getModuleById(RESOLVED);
        if (mod) void env.reloadModule(mod);
      };
      server.watcher.on('add', reload);
      server.watcher.on('change', reload);
      server.watcher.on('unlink', reload);
    },
  };
}
