/**
 * Step notes are highlighted by the replay position: the note whose lines hold the current
 * line lights up. These tests replay every scenario of every panel of the real lessons and
 * check that no note lights up at a moment it does not describe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson, ResolvedPanel as Panel } from '../../src/lessons/lesson';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { EventKind } from '../../src/trace/meta';
import type { Trace } from '../../src/trace/trace';
import { lesson, recordScenario } from './helpers';

let rec: NodeRecorder;
const lessons: Lesson[] = [];

beforeAll(async () => {
  rec = await createNodeRecorder();
  lessons.push(await lesson('s04-hooks'), await lesson('hook-registry'));
});

/**
 * Panels whose notes describe a phase. `phaseOf` reads the phase of a run from what the
 * entry prints; `notes[i]` is the phase note i belongs to (null: any phase).
 */
const PHASES: Record<string, { phaseOf: (output: string) => string; notes: (string | null)[] }> = {
  's04-hooks/run_hooks': {
    phaseOf: (out) => /chain: (\w+)/.exec(out)?.[1] ?? '?',
    notes: [null, 'before', 'after'],
  },
  's04-hooks/audit_event': {
    phaseOf: (out) => /'event': '(\w+)'/.exec(out)?.[1] ?? '?',
    notes: [null, 'after', null],
  },
};

/** Panels whose function runs top to bottom without a loop: its notes light up in order. */
const LINEAR = new Set([
  's04-hooks/execute_hooked',
  's04-hooks/host_executor',
  'hook-registry/permission_hook',
]);

/** For each call of the panel's function, the notes lit by its line events, in order (-1: none). */
function litNotes(t: Trace, panel: Panel): number[][] {
  const runs: number[][] = [];
  for (let e = 0; e < t.length; e++) {
    if (t.kind[e] === EventKind.Call && t.functionOf(e) === panel.function) runs.push([]);
    if (t.kind[e] !== EventKind.Line || t.fileOf(e) !== panel.source) continue;
    const line = t.line[e];
    if (line < panel.functionRange.start || line > panel.functionRange.end) continue;
    runs.at(-1)?.push(panel.steps.findIndex((s) => s.start <= line && line <= s.end));
  }
  return runs;
}

const traces = new Map<string, Trace>();

/** Calls `fn` for every scenario of every panel (each recorded once per test file). */
function everyRun(fn: (l: Lesson, p: Panel, scenario: string, t: Trace) => void): void {
  for (const l of lessons)
    for (const p of l.panels)
      for (const s of p.scenarios) {
        const key = `${l.id}/${p.id}/${s.id}`;
        let t = traces.get(key);
        if (!t) {
          t = recordScenario(rec, l, p.id, s.id);
          traces.set(key, t);
        }
        fn(l, p, s.id, t);
      }
}

describe('step notes of the real lessons', () => {
  it('light up only in the phase they describe, and in their own phase they do light up', () => {
    const wrong: string[] = [];
    let checked = 0;
    everyRun((l, p, scenario, t) => {
      const rule = PHASES[`${l.id}/${p.id}`];
      if (!rule) return;
      checked++;
      const phase = rule.phaseOf(t.meta.output);
      const lit = new Set(litNotes(t, p).flat());
      rule.notes.forEach((notePhase, i) => {
        if (notePhase !== null && notePhase !== phase && lit.has(i))
          wrong.push(`${l.id}/${p.id}/${scenario}: note ${i + 1} (${notePhase}) lit in ${phase}`);
      });
      const own = rule.notes.flatMap((notePhase, i) => (notePhase === phase ? [i] : []));
      if (own.length > 0 && !own.some((i) => lit.has(i)))
        wrong.push(`${l.id}/${p.id}/${scenario}: no ${phase} note lit`);
    });
    expect(checked).toBeGreaterThan(8);
    expect(wrong).toEqual([]);
  });

  it('light up in order in functions without a loop', () => {
    const wrong: string[] = [];
    everyRun((l, p, scenario, t) => {
      if (!LINEAR.has(`${l.id}/${p.id}`)) return;
      for (const run of litNotes(t, p)) {
        const notes = run.filter((n) => n >= 0);
        if (notes.some((n, i) => i > 0 && n < notes[i - 1]))
          wrong.push(`${l.id}/${p.id}/${scenario}: notes lit as ${notes.join(',')}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('each light up in at least one scenario of their panel', () => {
    const lit = new Map<string, Set<number>>();
    everyRun((l, p, _scenario, t) => {
      const key = `${l.id}/${p.id}`;
      const set = lit.get(key) ?? new Set<number>();
      for (const n of litNotes(t, p).flat()) set.add(n);
      lit.set(key, set);
    });
    const dark = lessons.flatMap((l) =>
      l.panels.flatMap((p) =>
        p.steps.flatMap((_, i) =>
          lit.get(`${l.id}/${p.id}`)?.has(i) ? [] : [`${l.id}/${p.id} note ${i + 1}`],
        ),
      ),
    );
    expect(dark).toEqual([]);
  });
});
