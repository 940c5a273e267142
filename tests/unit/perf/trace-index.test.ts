/**
 * The trace's frame index (Trace.frameNames, variablesAt, lastEventAt, lineAt) answers
 * exactly what the straightforward walks over the columns answer. The walks below are
 * the original implementations (Trace before the index, and the panel's lineOfFrame),
 * kept here as the reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Trace } from '../../../src/trace/trace.ts';
import { specFromOps, traceSpecArb } from '../replay/arbitraries.ts';
import {
  buildTrace,
  encodeTrace,
  type FixtureEvent,
  type FixtureSpec,
  nestedCallTrace,
} from '../replay/fixtures.ts';

function deltaEnd(t: Trace, i: number): number {
  return i + 1 < t.length ? t.deltaStart[i + 1] : t.meta.deltaCount;
}

function refFrameNames(t: Trace, f: number): number[] {
  const seen = new Set<number>();
  const names: number[] = [];
  const scope = t.scopeOf(f);
  for (let e = 0; e < t.length; e++) {
    for (let d = t.deltaStart[e]; d < deltaEnd(t, e); d++) {
      if (t.deltaFrame[d] !== scope) continue;
      if (!seen.has(t.deltaName[d])) {
        seen.add(t.deltaName[d]);
        names.push(t.deltaName[d]);
      }
    }
  }
  return names;
}

function refVariablesAt(t: Trace, f: number, i: number): [string, number][] {
  const scope = t.scopeOf(f);
  const all = refFrameNames(t, f);
  const found = new Map<number, number>();
  for (let e = Math.min(i, t.length - 1); e >= 0; e--) {
    for (let d = deltaEnd(t, e) - 1; d >= t.deltaStart[e]; d--) {
      if (t.deltaFrame[d] !== scope) continue;
      if (!found.has(t.deltaName[d])) found.set(t.deltaName[d], t.deltaValue[d]);
    }
    if (found.size === all.length) break;
  }
  return all.flatMap((n) => {
    const v = found.get(n);
    return v !== undefined && v !== -1 ? [[t.meta.names[n], v] as [string, number]] : [];
  });
}

/** The panel's original lineOfFrame (src/store/selectors.ts). */
function refLineOfFrame(t: Trace, f: number, i: number): number {
  for (let e = i; e >= 0; e--) if (t.frame[e] === f) return t.line[e];
  return 0;
}

function mismatches(t: Trace, positions: number[], frames?: number[]): string[] {
  const out: string[] = [];
  for (const f of frames ?? Array.from({ length: t.frames.length }, (_, k) => k)) {
    if (t.frameNames(f).join() !== refFrameNames(t, f).join()) out.push(`frameNames(${f})`);
    for (const i of positions) {
      const got = t.variablesAt(f, i).map((b) => [b.name, b.value]);
      const want = refVariablesAt(t, f, i);
      if (JSON.stringify(got) !== JSON.stringify(want)) out.push(`variablesAt(${f}, ${i})`);
      const e = Math.min(i, t.length - 1);
      if (e >= t.frames.firstEventOf(f) && t.lineAt(f, e) !== refLineOfFrame(t, f, e)) {
        out.push(`lineAt(${f}, ${e})`);
      }
    }
  }
  return out;
}

describe('the trace frame index', () => {
  it('gives the same names, variables and lines as walking the columns, on random traces', () => {
    fc.assert(
      fc.property(traceSpecArb, (spec) => {
        const t = buildTrace(spec);
        const positions = Array.from({ length: t.length + 3 }, (_, k) => k - 1);
        expect(mismatches(t, positions)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('gives the same answers on long random traces (thousands of events, deep calls)', () => {
    const longArb = fc
      .array(
        fc.oneof(
          {
            weight: 6,
            arbitrary: fc.record({
              op: fc.constant('line' as const),
              line: fc.integer({ min: 1, max: 9 }),
              vars: fc.array(
                fc.tuple(
                  fc.integer({ min: 0, max: 2 }),
                  fc.option(fc.integer({ min: 0, max: 3 }), { freq: 5 }),
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
              line: fc.integer({ min: 1, max: 9 }),
              file: fc.integer({ min: 0, max: 1 }),
            }),
          },
          { weight: 2, arbitrary: fc.record({ op: fc.constant('return' as const) }) },
        ),
        { minLength: 2000, maxLength: 5000 },
      )
      .map(specFromOps);
    fc.assert(
      fc.property(longArb, fc.array(fc.nat(), { minLength: 30, maxLength: 30 }), (spec, picks) => {
        const t = buildTrace(spec);
        const positions = [-1, 0, t.length - 1, t.length, ...picks.map((p) => p % (t.length + 1))];
        // The outermost frames (the longest-lived) and a spread of the others.
        const n = t.frames.length;
        const frames = [...new Set([0, 1, 2, ...picks.map((p) => (p * 7919) % n)])].filter(
          (f) => f < n,
        );
        expect(mismatches(t, positions, frames)).toEqual([]);
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('follows a generator whose events interleave with its caller', () => {
    // main: g = gen(); next(g); x = 1; next(g); y = 2  — gen's frame is resumed twice.
    const ev = (
      frame: number,
      line: number,
      vars?: Record<string, string | null>,
      kind: FixtureEvent['kind'] = 'line',
    ): FixtureEvent => ({ kind, frame, line, vars });
    const spec: FixtureSpec = {
      frames: [
        { fn: '<module>', file: 'main.py' },
        { fn: 'gen', file: 'main.py', parent: 0 },
      ],
      events: [
        ev(0, 1, { g: '<generator>' }, 'call'),
        ev(0, 5),
        ev(1, 2, { k: '0' }, 'call'),
        ev(1, 3, { k: '1' }),
        ev(1, 3, undefined, 'return'),
        ev(0, 6, { x: '1' }),
        ev(1, 4, { k: '2' }),
        ev(1, 4, undefined, 'return'),
        ev(0, 7, { y: '2', x: null }),
      ],
    };
    const t = buildTrace(spec);
    expect(
      mismatches(
        t,
        Array.from({ length: t.length + 3 }, (_, k) => k - 1),
      ),
    ).toEqual([]);
    expect(t.lastEventAt(1, 5)).toBe(4);
    expect(t.lineAt(1, 6)).toBe(4);
    expect(t.lastEventAt(1, 1)).toBe(-1);
    expect(t.lineAt(1, 1)).toBe(0);
  });

  it('answers lastEventAt for the fixture of nested calls', () => {
    const t = nestedCallTrace();
    for (let f = 0; f < t.frames.length; f++) {
      for (let i = -1; i <= t.length; i++) {
        let want = -1;
        for (let e = Math.min(i, t.length - 1); e >= 0; e--) {
          if (t.frame[e] === f) {
            want = e;
            break;
          }
        }
        expect(t.lastEventAt(f, i)).toBe(want);
      }
    }
  });
});

describe('a big trace with an odd number of events', () => {
  it('is read in place: every column a view of the blob it came in, column for column', () => {
    // With n odd, the 8-bit and 16-bit columns end off a multiple of 4: the padding after
    // them is what keeps the int32 columns that follow aligned.
    const n = 40_001;
    const events: FixtureEvent[] = [{ kind: 'call', frame: 0, line: 1 }];
    for (let i = 1; i < n; i++) {
      events.push({
        kind: 'line',
        frame: 0,
        line: (i % 50) + 1,
        vars: i % 3 ? { x: String(i % 7) } : undefined,
      });
    }
    const spec: FixtureSpec = { frames: [{ fn: '<module>', file: 'main.py' }], events };
    const { meta, buffer } = encodeTrace(spec);
    const t = new Trace(meta, buffer);
    const columns = [
      t.kind,
      t.file,
      t.line,
      t.frame,
      t.depth,
      t.out,
      t.deltaStart,
      t.aux,
      t.deltaFrame,
      t.deltaName,
      t.deltaValue,
    ];
    // No copy: every column is a view of the buffer the trace was given.
    for (const col of columns) expect(col.buffer).toBe(buffer);
    // And holds exactly what the blob says, read with a DataView (no alignment needed).
    const dv = new DataView(buffer);
    let offset = 0;
    meta.columns.forEach(([, size, length], i) => {
      const col = columns[i];
      expect(col.byteOffset).toBe(offset);
      for (let k = 0; k < length; k += 997) {
        const at = offset + k * size;
        const want =
          size === 1 ? dv.getInt8(at) : size === 2 ? dv.getInt16(at, true) : dv.getInt32(at, true);
        expect(col[k]).toBe(want);
      }
      expect(col.length).toBe(length);
      offset += Math.ceil((size * length) / 4) * 4;
    });
    expect(offset).toBe(buffer.byteLength);
    expect(t.line[n - 1]).toBe(((n - 1) % 50) + 1);
    expect(t.variablesAt(0, n - 1).map((b) => b.name)).toEqual(['x']);
  });
});
