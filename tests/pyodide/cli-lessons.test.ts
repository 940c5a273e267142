/**
 * The lesson CLIs end to end, as child processes on temporary copies of lessons/:
 * `lessons:check` passes on the real lessons, fails with a precise `file:line` message
 * for each kind of breakage, and `lesson:new` creates a lesson that passes at once.
 * Each check process loads Pyodide once (a few seconds), so breakages share one root.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLessonFolder } from '../../src/lessons/fs';
import type { Lesson } from '../../src/lessons/lesson';
import { loadLesson } from '../../src/lessons/loader';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const LESSONS = path.join(REPO, 'lessons');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');
const BASE = 's04-hooks';
/** Tests that start Pyodide in two or three processes get more than the default 60 s. */
const TWO_RUNS_TIMEOUT = 120_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `scripts/<script>` with tsx from the repo root (in golden-update mode only if asked). */
function cli(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.UPDATE_GOLDEN;
  // The report's language follows the locale when LESSONS_LANG is unset: pin it.
  for (const name of ['LESSONS_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) delete env[name];
  Object.assign(env, extraEnv);
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [path.join('scripts', script), ...args], { cwd: REPO, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Fail with the whole output, which is what one needs to see when a CLI test breaks. */
function expectExit(run: Run, code: number) {
  if (run.code !== code) {
    throw new Error(
      `exit ${run.code}, expected ${code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  }
}

/** The 1-based line of the first line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`test setup: ${JSON.stringify(needle)} not found`);
  return i + 1;
}

/** The 1-based line and column where `needle` first occurs. */
function positionOf(text: string, needle: string): string {
  const line = lineOf(text, needle);
  return `${line}:${text.split('\n')[line - 1].indexOf(needle) + 1}`;
}

/** A line of the output starting with `prefix` (the file:line part of a message). */
function lineStartingWith(output: string, prefix: string): string {
  const found = output.split('\n').find((l) => l.startsWith(prefix));
  if (!found) throw new Error(`no output line starts with ${prefix}\n--- output\n${output}`);
  return found;
}

function finalCounts(output: string): [number, number] {
  const last = output.trimEnd().split('\n').at(-1) ?? '';
  const m = /^(\d+) passed, (\d+) failed$/.exec(last);
  if (!m) throw new Error(`last line is not "N passed, N failed": ${last}`);
  return [Number(m[1]), Number(m[2])];
}

let tmp: string;
let base: Lesson;
/** The smaller real lesson: the CLI's own behaviour is tested on it (the whole catalogue is
 * checked once, by the lessons:check step of `npm test`). */
const SMALL = 'hook-registry';
let small: Lesson;
const read = (file: string) => readFileSync(file, 'utf8');

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'wpt-cli-'));
  const result = loadLesson(BASE, await readLessonFolder(path.join(LESSONS, BASE)));
  if (!result.ok) throw new Error(`lessons/${BASE} does not load`);
  base = result.lesson;
  const smallResult = loadLesson(SMALL, await readLessonFolder(path.join(LESSONS, SMALL)));
  if (!smallResult.ok) throw new Error(`lessons/${SMALL} does not load`);
  small = smallResult.lesson;
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('lessons:check', () => {
  it(
    'passes on a copy of a real lesson, golden files included',
    async () => {
      const root = path.join(tmp, 'ok');
      cpSync(LESSONS, root, { recursive: true });
      const run = await cli('lessons-check.ts', ['--root', root, SMALL]);
      expectExit(run, 0);
      const [passed, failed] = finalCounts(run.stdout);
      expect(failed).toBe(0);
      expect(passed).toBeGreaterThan(small.panels.length);
      expect(run.stdout).not.toContain('FAIL');

      // UPDATE_GOLDEN=1 rewrites a changed golden file byte for byte and removes stale ones.
      const lessonDir = path.join(root, SMALL);
      const [panel] = small.panels;
      const goldenFile = path.join(lessonDir, 'golden', panel.id, `${panel.scenarios[0].id}.json`);
      const original = read(goldenFile);
      writeFileSync(goldenFile, original.replace('"events": ', '"events": 1'));
      mkdirSync(path.join(lessonDir, 'golden', 'gone'));
      writeFileSync(path.join(lessonDir, 'golden', 'gone', 'old.json'), '{}\n');
      const update = await cli('lessons-check.ts', ['--root', root, SMALL], { UPDATE_GOLDEN: '1' });
      expectExit(update, 0);
      expect(read(goldenFile)).toBe(original);
      expect(existsSync(path.join(lessonDir, 'golden', 'gone'))).toBe(false);
      expect(update.stdout).toContain(`updated ${goldenFile}`);
      expect(update.stdout).toContain(`removed stale ${lessonDir}/golden/gone/old.json`);
      expect(update.stdout).toMatch(
        /^golden files: 0 created, 1 updated, 1 removed, \d+ unchanged$/m,
      );
    },
    TWO_RUNS_TIMEOUT,
  );

  it('reports each kind of breakage at its file and line, and checks the other lessons on', async () => {
    const root = path.join(tmp, 'broken');
    /** A copy of the base lesson under another id, golden files included. */
    const copy = (id: string) => {
      const dir = path.join(root, id);
      cpSync(path.join(LESSONS, BASE), dir, { recursive: true });
      const manifest = path.join(dir, 'lesson.json');
      writeFileSync(manifest, read(manifest).replace(`"id": "${BASE}"`, `"id": "${id}"`));
      return dir;
    };
    const [panel] = base.panels;
    const source = `src/${panel.source}`;

    // 1. Broken manifest JSON: a missing comma after "order".
    const jsonDir = copy('bad-json');
    const jsonText = read(path.join(jsonDir, 'lesson.json')).replace(/("order": \d+),/, '$1');
    writeFileSync(path.join(jsonDir, 'lesson.json'), jsonText);

    // 2. A syntax error at the end of a source.
    const syntaxDir = copy('bad-syntax');
    const syntaxFile = path.join(syntaxDir, source);
    const syntaxCode = `${read(syntaxFile).trimEnd()}\n\n\ndef broken(:\n    pass\n`;
    writeFileSync(syntaxFile, syntaxCode);

    // 3. The source changed under a step note: its start anchor no longer matches.
    const anchorDir = copy('bad-anchor');
    const anchor = panel.steps[0].anchors.start;
    const anchorFile = path.join(anchorDir, source);
    writeFileSync(anchorFile, read(anchorFile).split(anchor).join('# (rewritten)'));
    const anchorManifest = read(path.join(anchorDir, 'lesson.json'));

    // 4. The last panel's entry raises.
    const raiseDir = copy('bad-raise');
    const raisingPanel = base.panels.at(-1)!;
    const entryFile = path.join(raiseDir, raisingPanel.entry.path);
    const entryCode = `${read(entryFile).trimEnd()}\nraise ValueError("boom from the test")\n`;
    writeFileSync(entryFile, entryCode);
    const raisingRuns = base.panels
      .filter((p) => p.entry.path === raisingPanel.entry.path)
      .flatMap((p) => p.scenarios.map((s) => `${p.id}/${s.id}`));

    // 5. A golden file that no longer matches: one more event, one more hit on a line.
    const goldenDir = copy('bad-golden');
    const scenario = panel.scenarios[0].id;
    const goldenFile = path.join(goldenDir, 'golden', panel.id, `${scenario}.json`);
    const golden = JSON.parse(read(goldenFile));
    const [lineKey, hits] = Object.entries(golden.lines as Record<string, number>)[0];
    const events = golden.events as number;
    golden.events += 1;
    golden.lines[lineKey] += 1;
    writeFileSync(goldenFile, `${JSON.stringify(golden, null, 2)}\n`);
    // ...and two things that only warn: a scenario no panel offers, a stale golden file.
    const spareManifest = read(path.join(goldenDir, 'lesson.json')).replace(
      '"scenarios": {',
      '"scenarios": {\n    "spare": { "label": { "zh": "备用", "en": "Spare" } },',
    );
    writeFileSync(path.join(goldenDir, 'lesson.json'), spareManifest);
    mkdirSync(path.join(goldenDir, 'golden', 'gone'));
    writeFileSync(path.join(goldenDir, 'golden', 'gone', 'old.json'), '{}\n');

    // 6. Several problems in one lesson: a syntax error that also hides the focus function,
    // an unknown field and a standard-library module name. All are reported, syntax first.
    const manyDir = copy('bad-many');
    const manyFile = path.join(manyDir, source);
    const manyCode = read(manyFile).replace(`def ${panel.function}(`, `df ${panel.function}(`);
    writeFileSync(manyFile, manyCode);
    const manyManifest = read(path.join(manyDir, 'lesson.json'))
      .replace(`"id": "${panel.id}",`, `"id": "${panel.id}", "colour": "blue",`)
      .replace(`"module": "${base.sources[0].module}"`, '"module": "graphlib"');
    writeFileSync(path.join(manyDir, 'lesson.json'), manyManifest);

    // 7. A syntax error in one scenario's script: only the runs of that scenario are skipped.
    const scenarioDir = copy('bad-scenario');
    const brokenScenario = base.scenarios.find((s) => s.script)!;
    const scenarioFile = path.join(scenarioDir, brokenScenario.script!.path);
    const scenarioCode = `${read(scenarioFile).trimEnd()}\nif True\n    pass\n`;
    writeFileSync(scenarioFile, scenarioCode);
    const skippedRuns = base.panels
      .filter((p) => p.scenarios.some((s) => s.id === brokenScenario.id))
      .map((p) => `${p.id}/${brokenScenario.id}`);

    const run = await cli('lessons-check.ts', ['--root', root]);
    expectExit(run, 1);
    const out = run.stdout;

    const manyLines = out.split('\n');
    const indexOf = (prefix: string) => {
      const i = manyLines.findIndex((l) => l.startsWith(prefix));
      if (i < 0) throw new Error(`no output line starts with ${prefix}\n--- output\n${out}`);
      return i;
    };
    const manySyntax = indexOf(
      `${manyDir}/${source}:${lineOf(manyCode, `df ${panel.function}(`)}:`,
    );
    expect(manyLines[manySyntax]).toMatch(/: SyntaxError: /);
    const manyUnknown = indexOf(
      `${manyDir}/lesson.json:${positionOf(manyManifest, '"colour"')}: panels[0].colour: unknown field`,
    );
    const manyModule = indexOf(`${manyDir}/lesson.json:${lineOf(manyManifest, '"graphlib"')}:`);
    expect(manyLines[manyModule]).toContain('module "graphlib" would shadow the standard-library');
    const manyFunction = indexOf(
      `${manyDir}/lesson.json:${lineOf(manyManifest, `"function": "${panel.function}"`)}:`,
    );
    expect(manyLines[manyFunction]).toContain(
      `function "${panel.function}" not found in ${manyDir}/${source}`,
    );
    expect(manyLines[manyFunction]).toContain('does not compile: fix its syntax error first');
    expect(manySyntax).toBeLessThan(Math.min(manyUnknown, manyModule, manyFunction));
    expect(out).toContain('bad-many  (');
    expect(out).toMatch(/FAIL {2}load: 4 errors; its scenarios were not run/);

    expect(
      lineStartingWith(out, `${jsonDir}/lesson.json:${positionOf(jsonText, '"title"')}: `),
    ).toMatch(/: invalid JSON: .*expected "," or "}"/);

    const syntaxLine = lineOf(syntaxCode, 'def broken(:');
    expect(lineStartingWith(out, `${syntaxDir}/${source}:${syntaxLine}:`)).toMatch(
      new RegExp(`^${escapeRegExp(`${syntaxDir}/${source}:${syntaxLine}`)}:\\d+: SyntaxError: `),
    );
    // The syntax error is reported once, at its file, not once per scenario.
    expect(out.split(`${syntaxDir}/${source}:`).length - 1).toBe(1);

    const anchorAt = positionOf(anchorManifest, `"start": ${JSON.stringify(anchor)}`);
    expect(
      lineStartingWith(out, `${anchorDir}/lesson.json:${anchorAt}: panels[0].steps[0].start: `),
    ).toContain(
      `anchor text ${JSON.stringify(anchor)} not found in ${panel.function} (${anchorDir}/${source}`,
    );

    const raiseLine = lineOf(entryCode, 'boom from the test');
    for (const name of raisingRuns) {
      expect(
        lineStartingWith(out, `${raiseDir}/${raisingPanel.entry.path}:${raiseLine}:1: ${name}: `),
      ).toMatch(/: ValueError: boom from the test$/);
    }

    expect(
      lineStartingWith(
        out,
        `${goldenDir}/golden/${panel.id}/${scenario}.json: ${panel.id}/${scenario}: `,
      ),
    ).toContain('differs from its golden file');
    expect(out).toContain(`    events: ${events + 1} -> ${events}\n`);
    expect(out).toMatch(new RegExp(`^ {6}${escapeRegExp(lineKey)} +${hits + 1} -> ${hits}$`, 'm'));

    expect(out).toContain(
      `${goldenDir}/lesson.json:${positionOf(spareManifest, '"spare"')}: warning: scenarios.spare: scenario "spare" is in the catalogue but no panel offers it\n`,
    );
    expect(out).toContain(`${goldenDir}/golden/gone/old.json: warning: stale golden file`);
    // The copies keep the base lesson's order: which of them comes first falls to the ids.
    const order = positionOf(read(path.join(goldenDir, 'lesson.json')), '"order"');
    expect(out).toMatch(
      new RegExp(
        `^${escapeRegExp(`${goldenDir}/lesson.json:${order}: warning: order: another lesson has the same order ${base.order} (`)}.*bad-raise`,
        'm',
      ),
    );

    const scenarioShown = `${scenarioDir}/${brokenScenario.script!.path}`;
    expect(lineStartingWith(out, `${scenarioShown}:${lineOf(scenarioCode, 'if True')}:`)).toMatch(
      /: SyntaxError: /,
    );
    expect(out).toContain(
      `FAIL  load: 1 Python file does not compile; ${skippedRuns.length} of its ${base.panels.reduce(
        (n, p) => n + p.scenarios.length,
        0,
      )} scenario runs did not run`,
    );
    for (const name of skippedRuns) {
      expect(out).toContain(
        `FAIL  ${name}: not run: it uses ${scenarioShown}, which does not compile\n`,
      );
    }

    // A skipped run's golden file is kept, not taken for a stale one.
    expect(out).not.toContain(`${scenarioDir}/golden/`);

    // Every lesson was checked: the broken loads, and every run of the lessons that loaded
    // or that only a scenario's syntax error broke (its other runs pass).
    const runs = base.panels.reduce((n, p) => n + p.scenarios.length, 0);
    const failed = 4 + raisingRuns.length + 1 + 1;
    const passed = 2 + (runs - raisingRuns.length) + (runs - 1) + (runs - skippedRuns.length);
    expect(finalCounts(out)).toEqual([passed, failed]);
  });
});

describe('lesson:new', () => {
  it(
    'creates a lesson, after the existing ones, that passes the check at once',
    async () => {
      const root = path.join(tmp, 'new');
      mkdirSync(path.join(root, 'older'), { recursive: true });
      writeFileSync(path.join(root, 'older', 'lesson.json'), '{"id": "older", "order": 5}\n');

      const made = await cli('lesson-new.ts', ['starter', '--root', root, '--title-en', 'Starter']);
      expectExit(made, 0);
      const dir = path.join(root, 'starter');
      expect(made.stdout).toContain(`created ${dir}/`);
      expect(made.stdout).toContain('next steps:');
      for (const rel of ['lesson.json', 'setup.py', 'prose.zh.md', 'prose.en.md']) {
        expect(existsSync(path.join(dir, rel))).toBe(true);
      }
      const manifest = JSON.parse(read(path.join(dir, 'lesson.json')));
      expect(manifest.order).toBe(6);
      expect(manifest.title.en).toBe('Starter');
      const panel = manifest.panels[0];
      for (const s of panel.scenarios) {
        const golden = JSON.parse(read(path.join(dir, 'golden', panel.id, `${s}.json`)));
        expect(golden.outcome).toBe('completed');
      }

      const check = await cli('lessons-check.ts', ['--root', root, 'starter']);
      expectExit(check, 0);
      expect(finalCounts(check.stdout)).toEqual([1 + panel.scenarios.length, 0]);
      // ...and says where its placeholder texts still are, as warnings
      for (const file of ['lesson.json', 'prose.zh.md', 'prose.en.md']) {
        expect(check.stdout).toMatch(
          new RegExp(
            `${file.replaceAll('.', '\\.')}:\\d+: warning: this is still the placeholder text of lesson:new`,
          ),
        );
      }

      const again = await cli('lesson-new.ts', ['starter', '--root', root]);
      expectExit(again, 2);
      expect(again.stderr).toContain(`${dir} already exists`);
    },
    TWO_RUNS_TIMEOUT,
  );

  it('refuses an invalid id before touching anything', async () => {
    const root = path.join(tmp, 'invalid');
    const run = await cli('lesson-new.ts', ['Bad_Id', '--root', root]);
    expectExit(run, 2);
    expect(run.stderr).toContain('invalid lesson id "Bad_Id"');
    expect(existsSync(root)).toBe(false);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
