import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textAt } from '../../../src/trace/values.ts';
import { traceSpecArb } from '../replay/arbitraries.ts';
import { buildTrace, type FixtureSpec } from '../replay/fixtures.ts';

const RUNS = { numRuns: 200 };

/** The variables of `frame` at event `i`, replayed naively from the readable spec. */
function replayed(spec: FixtureSpec, frame: number, i: number): string[] {
  const order: string[] = [];
  for (const e of spec.events) {
    if (e.frame !== frame) continue;
    for (const name of Object.keys(e.vars ?? {})) if (!order.includes(name)) order.push(name);
  }
  const state = new Map<string, string>();
  spec.events.slice(0, Math.max(0, i + 1)).forEach((e) => {
    if (e.frame !== frame) return;
    for (const [name, value] of Object.entries(e.vars ?? {})) {
      if (value === null) state.delete(name);
      else state.set(name, typeof value === 'string' ? value : `#${value.ref}`);
    }
  });
  return order.filter((name) => state.has(name)).map((name) => `${name}=${state.get(name)}`);
}

describe('Trace properties over random traces', () => {
  it('variablesAt equals a naive replay of every change up to the event, in first-binding order', () => {
    fc.assert(
      fc.property(traceSpecArb, (spec) => {
        const trace = buildTrace(spec);
        const mismatches: string[] = [];
        for (let frame = 0; frame < spec.frames.length; frame++) {
          for (let i = -1; i <= trace.length; i++) {
            const got = trace
              .variablesAt(frame, i)
              .map((b) => `${b.name}=${textAt(trace, b.value, i)}`);
            const want = replayed(spec, frame, i);
            if (got.join(',') !== want.join(',')) {
              mismatches.push(`frame ${frame} at ${i}: [${got}] != [${want}]`);
            }
          }
        }
        expect(mismatches).toEqual([]);
      }),
      RUNS,
    );
  }, 60_000);

  it('outputAt is the text printed by the events before it, and everything at the end', () => {
    fc.assert(
      fc.property(traceSpecArb, (spec) => {
        const trace = buildTrace(spec);
        const full = spec.events.map((e) => e.print ?? '').join('');
        expect(trace.outputAt(-1)).toBe('');
        expect(trace.outputAt(trace.length)).toBe(full);
        for (let i = 0; i < trace.length; i++) {
          const before = spec.events
            .slice(0, i)
            .map((e) => e.print ?? '')
            .join('');
          if (trace.outputAt(i) !== before) expect(trace.outputAt(i)).toBe(before);
        }
      }),
      RUNS,
    );
  });

  it('changedAt lists exactly the names the event recorded, and stackAt ends at a top-level frame', () => {
    fc.assert(
      fc.property(traceSpecArb, (spec) => {
        const trace = buildTrace(spec);
        spec.events.forEach((e, i) => {
          const want = Object.keys(e.vars ?? {}).sort();
          const got = [...trace.changedAt(i)].sort();
          if (got.join() !== want.join()) expect(got).toEqual(want);
          const stack = trace.stackAt(i);
          if (stack[0] !== e.frame || trace.frames.parentOf(stack[stack.length - 1]) !== -1) {
            expect({ event: i, stack }).toBe('innermost first, outermost last');
          }
        });
      }),
      RUNS,
    );
  });
});
