/**
 * fast-check arbitraries for random but well-formed traces: a small stack
 * machine turns random operations (line, call, return, raise) into events with
 * a valid depth structure (every event's depth is its frame's depth, frames are
 * entered by a call and left by a return or an unwind), plus random
 * breakpoints and the probe results a recorder would have produced for them.
 */
import fc from 'fast-check';
import { type Breakpoint, COMMANDS, type Command } from '../../../src/replay/engine.ts';
import type { ProbeResult } from '../../../src/trace/meta.ts';
import type { FixtureEvent, FixtureFrame, FixtureSpec } from './fixtures.ts';

export const FILES = ['a.py', 'b.py'] as const;
const NAMES = ['a', 'b', 'c'] as const;

type Op =
  | { op: 'line'; line: number; vars: [number, number | null][]; print: boolean }
  | { op: 'call'; line: number; file: number }
  | { op: 'return' }
  | { op: 'raise'; unwind: number };

const lineArb = fc.integer({ min: 1, max: 4 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('line' as const),
      line: lineArb,
      vars: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: NAMES.length - 1 }),
          fc.option(fc.integer({ min: 0, max: 3 }), { freq: 4 }),
        ),
        { maxLength: 2 },
      ),
      print: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('call' as const),
      line: lineArb,
      file: fc.integer({ min: 0, max: FILES.length - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('return' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('raise' as const),
      unwind: fc.integer({ min: 0, max: 3 }),
    }),
  },
);

/** Run the stack machine over `ops`; the trace may end with frames still live (a budget stop). */
export function specFromOps(ops: Op[]): FixtureSpec {
  const frames: FixtureFrame[] = [];
  const events: FixtureEvent[] = [];
  const stack: number[] = [];
  let lastLine = 1;
  let moduleCount = 0;

  const enter = (fn: string, file: number, line: number) => {
    const id = frames.push({ fn, file: FILES[file], parent: stack.at(-1) ?? -1 }) - 1;
    stack.push(id);
    events.push({ kind: 'call', frame: id, line });
    lastLine = line;
  };

  for (const op of ops) {
    if (stack.length === 0) {
      // Each lesson file runs as its own top-level module frame.
      enter('<module>', moduleCount++ % FILES.length, 1);
      if (op.op !== 'line') continue;
    }
    const top = stack[stack.length - 1];
    switch (op.op) {
      case 'line': {
        const vars: Record<string, string | null> = {};
        for (const [name, value] of op.vars)
          vars[NAMES[name]] = value === null ? null : String(value);
        events.push({
          kind: 'line',
          frame: top,
          line: op.line,
          vars,
          print: op.print ? `${events.length}\n` : undefined,
        });
        lastLine = op.line;
        break;
      }
      case 'call':
        enter(`f${frames.length}`, op.file, op.line);
        break;
      case 'return':
        events.push({ kind: 'return', frame: top, line: lastLine, value: 'None' });
        stack.pop();
        break;
      case 'raise': {
        const err = "ValueError('x')";
        events.push({ kind: 'exception', frame: top, line: lastLine, value: err });
        for (let k = 0; k < op.unwind && stack.length > 0; k++) {
          events.push({
            kind: 'unwind',
            frame: stack[stack.length - 1],
            line: lastLine,
            value: err,
          });
          stack.pop();
          if (stack.length > 0) {
            events.push({
              kind: 'exception',
              frame: stack[stack.length - 1],
              line: lastLine,
              value: err,
            });
          }
        }
        break;
      }
    }
  }
  return { files: [...FILES], frames, events };
}

/** A random well-formed trace spec (possibly empty). */
export const traceSpecArb: fc.Arbitrary<FixtureSpec> = fc
  .array(opArb, { maxLength: 80, size: 'max' })
  .map(specFromOps);

/** `arb` once in `every` draws, otherwise undefined. */
function sometimes<T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: every - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: arb },
  );
}

/** A breakpoint as generated: `file` may be a file the trace never ran. */
export const breakpointsArb: fc.Arbitrary<Breakpoint[]> = fc
  .array(
    fc.record({
      file: fc.constantFrom('a.py', 'b.py', 'c.py'),
      line: lineArb,
      enabled: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      condition: sometimes(fc.constant('x > 1'), 2),
      hitCount: sometimes(fc.integer({ min: 1, max: 3 }), 3),
      log: sometimes(fc.constant('x={x}'), 4),
    }),
    { maxLength: 4, size: 'max' },
  )
  .map((list) =>
    list.map((b, i) => {
      const out: Breakpoint = { id: `bp${i}`, file: b.file, line: b.line, enabled: b.enabled };
      if (b.condition !== undefined) out.condition = b.condition;
      if (b.hitCount !== undefined) out.hitCount = b.hitCount;
      if (b.log !== undefined) out.log = b.log;
      return out;
    }),
  );

/** How each conditional probe came out; cycled over the events that need one. */
export type ProbeChoice = '1' | '' | 'error' | 'missing';
export const probeChoicesArb: fc.Arbitrary<ProbeChoice[]> = fc.array(
  fc.constantFrom<ProbeChoice>('1', '', 'error', 'missing'),
  { minLength: 1, maxLength: 12 },
);

/**
 * The probe results a recorder would produce for `breakpoints` (all of them,
 * enabled or not: the student may toggle them after recording) over `spec`.
 */
export function probesFor(
  spec: FixtureSpec,
  breakpoints: readonly Breakpoint[],
  choices: readonly ProbeChoice[],
): ProbeResult[] {
  const probes: ProbeResult[] = [];
  let k = 0;
  spec.events.forEach((e, i) => {
    if (e.kind !== 'line') return;
    const file = e.file ?? spec.frames[e.frame].file;
    for (const b of breakpoints) {
      if (b.file !== file || b.line !== e.line) continue;
      if (b.condition) {
        const choice = choices[k++ % choices.length];
        if (choice === 'error') probes.push([i, b.id, 'error', 'NameError: x']);
        else if (choice !== 'missing') probes.push([i, b.id, 'ok', choice]);
        if (choice === 'error') continue; // the log is not evaluated after an error
        if (choice === 'missing') continue;
      }
      if (b.log !== undefined) probes.push([i, b.id, 'log', `x=${i}`]);
    }
  });
  return probes;
}

/** One user action in a debugging session. */
export type Action =
  | { type: 'command'; command: Command }
  | { type: 'jump'; target: number }
  | { type: 'toggle'; index: number };

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('command' as const),
      command: fc.constantFrom(...COMMANDS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('jump' as const),
      target: fc.oneof(
        fc.integer({ min: -5, max: 200 }),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2.5),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('toggle' as const), index: fc.nat({ max: 7 }) }),
  },
);
