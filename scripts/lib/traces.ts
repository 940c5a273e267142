/**
 * Recordings of lesson scenarios shared by `lessons:check` and the build.
 *
 * `lessons:check` records every (panel, scenario) once and leaves each recording in a
 * cache keyed by {@link recordingKey} (the exact files, the Pyodide version and the
 * recorder's source); the build's shipped-traces plugin reads the same cache and records
 * only what is missing or stale, the same way: in the sandboxed child process
 * (src/runtime/sandbox/runner.ts), since lesson code is untrusted. A recording is
 * found only under the key of exactly what produced it, so a changed file, Pyodide or
 * recorder can never bring back an old trace.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { t } from '../../src/i18n/cli.ts';
import { readLessonFolder } from '../../src/lessons/fs.ts';
import type { Lesson } from '../../src/lessons/lesson.ts';
import { loadLesson } from '../../src/lessons/loader.ts';
import { buildRunFiles } from '../../src/lessons/runFiles.ts';
import { readRecorderSources, recorderInstall } from '../../src/runtime/node-recorder.ts';
import type { RecordRequest } from '../../src/runtime/protocol.ts';
import {
  createSandboxedRecorder,
  type SandboxedRecorder,
} from '../../src/runtime/sandbox/runner.ts';
import {
  decodeShippedTrace,
  encodeShippedTrace,
  hashText,
  type RawRecording,
  type RecordingEnvironment,
  recordingKey,
} from '../../src/runtime/shipped-format.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where recordings are cached between `lessons:check` and the build. */
export function traceCacheDir(): string {
  return process.env.WPT_TRACE_CACHE ?? path.join(repoRoot, 'node_modules/.cache/wpt-traces');
}

let environment: Promise<RecordingEnvironment> | undefined;

/** The environment recordings made here depend on (read once per process). */
export function recordingEnvironment(): Promise<RecordingEnvironment> {
  environment ??= (async () => {
    const pkg = JSON.parse(
      await readFile(path.join(repoRoot, 'node_modules/pyodide/package.json'), 'utf8'),
    ) as { version: string };
    // Every file of the recorder package, by name: any change to any of them is a new key.
    const sources = Object.entries(readRecorderSources()).sort(([a], [b]) => (a < b ? -1 : 1));
    return { pyodide: pkg.version, recorder: hashText(JSON.stringify(sources)) };
  })();
  return environment;
}

/** The run request of one (panel, scenario), as the app builds it. */
export function lessonRequest(lesson: Lesson, panelId: string, scenarioId: string): RecordRequest {
  return {
    files: buildRunFiles(lesson, panelId, scenarioId),
    scenario: scenarioId,
    ...(lesson.budget ? { budget: lesson.budget } : {}),
  };
}

/** A cached recording of `key`, if there is one and it really is for that key. */
export async function readCachedRecording(key: string): Promise<RawRecording | null> {
  try {
    const bytes = await readFile(path.join(traceCacheDir(), `${key}.wptrace`));
    const decoded = decodeShippedTrace(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    return decoded.key === key ? { meta: decoded.meta, buffer: decoded.buffer } : null;
  } catch {
    return null;
  }
}

/** Keep a recording for the build (written atomically: a half-written file is never read). */
export async function writeCachedRecording(key: string, raw: RawRecording): Promise<void> {
  const dir = traceCacheDir();
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${key}.${process.pid}.tmp`);
  await writeFile(tmp, encodeShippedTrace(key, raw));
  await rename(tmp, path.join(dir, `${key}.wptrace`));
}

/** One recorded (lesson, panel, scenario), ready to ship. */
export interface LessonRecording {
  lesson: string;
  panel: string;
  scenario: string;
  key: string;
  /** The shipped file's bytes ({@link encodeShippedTrace}). */
  bytes: Uint8Array;
  /** Whether it came from the cache (`lessons:check` had recorded it). */
  cached: boolean;
}

/**
 * Every scenario of every panel of every lesson under `root` that loads, from the cache
 * or recorded now. Lessons that do not load are skipped (`lessons:check` reports them);
 * runs that end in an error are shipped too: replaying them is what the page would do.
 */
export async function recordLessons(
  root: string,
  options: { print?: (line: string) => void; recorder?: () => Promise<RawRecorder> } = {},
): Promise<LessonRecording[]> {
  const env = await recordingEnvironment();
  let sandbox: SandboxedRecorder | undefined;
  const getRecorder =
    options.recorder ??
    (async () => {
      sandbox ??= await createSandboxedRecorder({ install: recorderInstall() });
      return sandbox;
    });
  try {
    return await recordAll(root, env, getRecorder, options.print);
  } finally {
    sandbox?.close();
  }
}

/** What records for {@link recordLessons}: the sandboxed recorder, or a test's stand-in. */
export type RawRecorder = Pick<SandboxedRecorder, 'recordWithRaw'> &
  Partial<Pick<SandboxedRecorder, 'renew'>>;

async function recordAll(
  root: string,
  env: RecordingEnvironment,
  getRecorder: () => Promise<RawRecorder>,
  print: ((line: string) => void) | undefined,
): Promise<LessonRecording[]> {
  const out: LessonRecording[] = [];
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  for (const folder of folders) {
    const loaded = loadLesson(folder, await readLessonFolder(path.join(root, folder)));
    if (!loaded.ok) {
      // Its errors are in the compiled lessons' log; the page shows them, not panels.
      print?.(t('en', 'buildNoTraces', { id: folder }));
      continue;
    }
    const lesson = loaded.lesson;
    // Each lesson in an interpreter of its own (see SandboxedRecorder.renew).
    let renewed = false;
    const recorderOfLesson = async () => {
      const rec = await getRecorder();
      if (!renewed) rec.renew?.();
      renewed = true;
      return rec;
    };
    for (const panel of lesson.panels) {
      for (const scenario of panel.scenarios) {
        const request = lessonRequest(lesson, panel.id, scenario.id);
        const key = recordingKey(request, env);
        if (!key) continue;
        let raw = await readCachedRecording(key);
        const cached = raw !== null;
        if (!raw) {
          raw = (await (await recorderOfLesson()).recordWithRaw(request)).raw;
          if (!raw) continue; // killed by the watchdog: nothing to ship, the page records live
          await writeCachedRecording(key, raw);
        }
        out.push({
          lesson: lesson.id,
          panel: panel.id,
          scenario: scenario.id,
          key,
          bytes: encodeShippedTrace(key, raw),
          cached,
        });
      }
    }
  }
  return out;
}
