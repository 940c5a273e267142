/**
 * Vite plugin: ship a pre-recorded trace of every lesson scenario with the build.
 *
 * In `vite build` it takes every (lesson, panel, scenario) recording from the cache
 * `lessons:check` fills, records what is missing with the same Node recorder
 * (scripts/lib/traces.ts), and emits each as `traces/<lesson>.<panel>.<scenario>.<hash>.wptrace`
 * (content-hashed, so a host may cache it forever). The app imports
 * `virtual:shipped-traces`: the recording environment and a map from recording key to
 * file URL. In the dev server (and the bench's second pass) the map is empty: the page
 * records live, as it does for anything not shipped.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { type LessonRecording, recordingEnvironment, recordLessons } from './traces.ts';

const VIRTUAL = 'virtual:shipped-traces';
const RESOLVED = `\0${VIRTUAL}`;

/** Options of {@link shippedTraces}. */
export interface ShippedTracesOptions {
  /** The lessons folder (default `lessons`, from the project root). */
  lessonsDir?: string;
}

/** The plugin (see the module comment). */
export function shippedTraces(options: ShippedTracesOptions = {}): Plugin {
  let config: ResolvedConfig;
  let urls: Record<string, string> = {};
  return {
    name: 'wpt-shipped-traces',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async buildStart() {
      urls = {};
      if (config.command !== 'build' || config.mode === 'bench') return;
      const root = path.resolve(config.root, options.lessonsDir ?? 'lessons');
      const started = Date.now();
      const recordings = await recordLessons(root, {
        print: (line) => config.logger.warn(line),
      });
      for (const r of recordings) {
        // Panels whose runs are the same request share one recording and one file.
        if (urls[r.key]) continue;
        const fileName = `traces/${assetName(r)}`;
        this.emitFile({ type: 'asset', fileName, source: r.bytes });
        urls[r.key] = `${config.base}${fileName}`;
      }
      const fresh = recordings.filter((r) => !r.cached).length;
      config.logger.info(
        `shipped traces: ${recordings.length} scenarios (${recordings.length - fresh} from the lessons:check cache, ${fresh} recorded now) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const environment = await recordingEnvironment();
      return `export const environment = ${JSON.stringify(environment)};\nexport const shippedTraces = ${JSON.stringify(urls)};\n`;
    },
  };
}

function assetName(r: LessonRecording): string {
  const hash = createHash('sha256').update(r.bytes).digest('hex').slice(0, 12);
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${safe(r.lesson)}.${safe(r.panel)}.${safe(r.scenario)}.${hash}.wptrace`;
}
