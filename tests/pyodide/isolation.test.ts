/**
 * No run can change another (issue 11.2), as a property: every scenario of every real
 * lesson, recorded in a random order in ONE interpreter (the sandboxed child of
 * lessons:check) and interleaved with the runs of a lesson that tampers with the
 * interpreter (tests/fixtures/tamper-lessons: json, sys, builtins, copy, reprlib, io,
 * warnings, copyreg, the environment, the working directory, random, gc, decimal, the
 * standard library's shared instances, caches and hooks, and files left behind), gives
 * exactly its golden summary. And a run never sees what an earlier run wrote.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSummaries, goldenFile, summariesEqual } from '../../scripts/lib/golden';
import { loadAllLessons } from '../../src/lessons/fs';
import type { Lesson } from '../../src/lessons/lesson';
import { buildRunFiles } from '../../src/lessons/runFiles';
import { recorderInstall } from '../../src/runtime/node-recorder';
import { createSandboxedRecorder, type SandboxedRecorder } from '../../src/runtime/sandbox/runner';
import { summarizeTrace } from '../../src/runtime/summary';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TAMPER = fileURLToPath(new URL('../fixtures/tamper-lessons/', import.meta.url));

interface Run {
  lesson: Lesson;
  panel: string;
  scenario: string;
  /** The golden summary (parsed), for the real lessons; null for the tampering runs. */
  golden: unknown;
}

function runsOf(lesson: Lesson): { panel: string; scenario: string }[] {
  return lesson.panels.flatMap((p) => p.scenarios.map((s) => ({ panel: p.id, scenario: s.id })));
}

let rec: SandboxedRecorder;
let real: Run[];
let tamper: Run[];
let clean: string;

beforeAll(async () => {
  const lessons = await loadAllLessons(path.join(REPO, 'lessons'));
  expect(lessons.broken).toEqual([]);
  real = [];
  for (const lesson of lessons.lessons) {
    for (const r of runsOf(lesson)) {
      const file = path.join(REPO, 'lessons', lesson.folder, goldenFile(r.panel, r.scenario));
      real.push({ lesson, ...r, golden: JSON.parse(await readFile(file, 'utf8')) });
    }
  }
  const fixtures = await loadAllLessons(TAMPER);
  expect(fixtures.broken).toEqual([]);
  const t = fixtures.lessons[0];
  tamper = runsOf(t).map((r) => ({ lesson: t, ...r, golden: null }));
  rec = await createSandboxedRecorder({ install: recorderInstall() });
  // What read_inplace sees in an interpreter no run has touched (the file-creation mask
  // differs between hosts: 0 in the sandbox child, 0o22 in a plain Node).
  clean = (await record(tamper.find((r) => r.scenario === 'read_inplace') as Run)).meta.output;
});

afterAll(() => rec?.close());

const nameOf = (run: Run) => `${run.lesson.id} ${run.panel}/${run.scenario}`;

async function record(run: Run) {
  return rec.record({
    files: buildRunFiles(run.lesson, run.panel, run.scenario),
    scenario: run.scenario,
    ...(run.lesson.budget ? { budget: run.lesson.budget } : {}),
  });
}

describe('one interpreter, many runs', () => {
  it('gives every real scenario its golden summary in any order, among tampering runs', async () => {
    // Each tampering run may land before any real run: a random interleaving of both.
    // Runs are named ("s04-hooks run_hooks/pass"), so a counterexample reads as a list.
    const byName = new Map([...real, ...tamper].map((r) => [nameOf(r), r]));
    const schedule = fc
      .tuple(
        fc.shuffledSubarray(real.map(nameOf), { minLength: real.length, maxLength: real.length }),
        fc.array(fc.constantFrom(...tamper.map(nameOf)), { minLength: 10, maxLength: 20 }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
      )
      .map(([ordered, hostile, slots]) => {
        const out = [...ordered];
        hostile.forEach((h, i) => {
          out.splice(slots[i] % (out.length + 1), 0, h);
        });
        return out;
      });
    let recorderTampers = 0;
    await fc.assert(
      fc.asyncProperty(schedule, async (names) => {
        for (const name of names) {
          const run = byName.get(name) as Run;
          const changes: Record<string, RegExp> = {
            patch_recorder:
              /this run changed wpt_recorder\.values\.Values\.atom, which every later run would go through/,
            patch_baseline:
              /this run changed wpt_recorder\.sandbox baseline\.builtins\['items'\]\.print,/,
            patch_module_type:
              /this run changed wpt_recorder\.modules\.LessonModule\.__setattr__, which every later run/,
          };
          if (changes[run.scenario]) {
            recorderTampers++;
            // Not recorded: the child that ran it is replaced before the next run.
            await expect(record(run), name).rejects.toThrow(changes[run.scenario]);
            continue;
          }
          const trace = await record(run);
          if (run.golden === null) {
            if (run.scenario === 'read_files') {
              // Nothing an earlier run wrote, changed or set is visible.
              expect(trace.meta.output, name).toBe(
                'exists: []\ncwd: /home/pyodide env: None limit: 1000\ntamper: [2, 4, 6]\n',
              );
            }
            if (run.scenario === 'patch_classes') {
              // The run itself went through its changes...
              expect(trace.meta.output, name).toMatch(/^H H H\ndecimal: 0\.333 4\n/);
            }
            if (run.scenario === 'patch_inplace') {
              expect(trace.meta.output, name).toMatch(
                /^audit: False\npatched: \['H'\] "H" 0\.5 True\n/,
              );
            }
            if (run.scenario === 'read_inplace') {
              // Shared instances, caches, hooks, tools, settings and files under /lib: all
              // put back, as an untouched interpreter has them.
              expect(trace.meta.output, name).toBe(clean);
              expect(trace.meta.output, name).toMatch(
                /^inplace: \[1\] 1 True False 0 asyncgen_hooks\(firstiter=None, finalizer=None\) None False\nsettings: 0o\d+ C\.UTF-8;C;C;C;C;C 0\.005 0 0 0 False\ntables: \[1\] nan True banana \[1, 2, 3\] utf-8 MainThread \[0\]\nlib: False\nzip: colorsys\n/,
              );
            }
            if (run.scenario === 'read_classes') {
              // ...which were put back for every later one.
              expect(trace.meta.output, name).toMatch(
                /^classes: JSONEncoder\.default True \[1\] None\ndecimal: 0\.3{28} 28 False\n/,
              );
            }
            continue;
          }
          const summary = summarizeTrace(trace);
          if (!summariesEqual(run.golden, summary)) {
            throw new Error(
              `${name} differs from its golden file:\n${diffSummaries(run.golden, summary).join('\n')}`,
            );
          }
        }
      }),
      { numRuns: 3 },
    );
    // One interpreter all along, but for the runs that changed the recorder: each one
    // replaced it (for the next run, hence one more run here).
    await record(real[0]);
    expect(rec.restarts).toBe(recorderTampers);
  }, 180_000);

  it('puts back for the very next run what a run changed in place (not left to the draw)', async () => {
    const run = (scenario: string) => record(tamper.find((r) => r.scenario === scenario) as Run);
    expect((await run('patch_inplace')).meta.output).toMatch(/^audit: False\npatched: \['H'\]/);
    const after = (await run('read_inplace')).meta.output;
    expect(after).toBe(clean);
    expect(after).toMatch(
      /^inplace: \[1\] 1 True False 0 asyncgen_hooks\(firstiter=None, finalizer=None\) None False\nsettings: 0o\d+ C\.UTF-8;C;C;C;C;C 0\.005 0 0 0 False\ntables: \[1\] nan True banana \[1, 2, 3\] utf-8 MainThread \[0\]\nlib: False\nzip: colorsys\n/,
    );
  }, 60_000);
});
