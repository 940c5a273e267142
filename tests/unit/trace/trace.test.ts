import { describe, expect, it } from 'vitest';
import { columnOffsets } from '../../../src/trace/columns.ts';
import { EventKind } from '../../../src/trace/meta.ts';
import { Trace } from '../../../src/trace/trace.ts';
import { textAt } from '../../../src/trace/values.ts';
import {
  COLUMN_LAYOUT,
  emptyTrace,
  encodeTrace,
  LOOP_BODY,
  loopTrace,
  NE,
  NESTED_OUTPUT,
  NF,
  nestedCallSpec,
  nestedCallTrace,
} from '../replay/fixtures.ts';

/** `variablesAt` rendered as `name=text` strings, in display order. */
function vars(trace: Trace, frameId: number, i: number): string[] {
  return trace.variablesAt(frameId, i).map((b) => `${b.name}=${textAt(trace, b.value, i)}`);
}

describe('the test fixture encoder', () => {
  it('lays the eleven columns out in the documented order and widths, each padded to 4 bytes', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    expect(meta.columns.map(([code, size]) => [code, size])).toEqual(
      COLUMN_LAYOUT.map(([, code, size]) => [code, size]),
    );
    const n = meta.eventCount;
    const d = meta.deltaCount;
    expect(meta.columns.map(([, , length]) => length)).toEqual([n, n, n, n, n, n, n, n, d, d, d]);
    const pad = (bytes: number) => Math.ceil(bytes / 4) * 4;
    expect(buffer.byteLength).toBe(2 * pad(n) + pad(2 * n) + n * 4 * 5 + d * 12);
    // The `line` column starts after two int8 columns, each padded: 2 * pad(n) bytes in.
    const lineAt = (i: number) => new DataView(buffer).getInt32(2 * pad(n) + 4 * i, true);
    expect(lineAt(NE.callF)).toBe(5);
    expect(lineAt(NE.moduleReturn)).toBe(6);
  });

  it('produces an odd event count for the nested fixture, so its 8- and 16-bit columns need padding', () => {
    const trace = nestedCallTrace();
    expect(trace.length % 2).toBe(1);
    expect((2 * trace.length) % 4).not.toBe(0);
  });
});

describe('Trace columns', () => {
  it('reads every column in place from a blob with an odd event count, past the padding', () => {
    const spec = nestedCallSpec();
    const { meta, buffer } = encodeTrace(spec);
    const trace = new Trace(meta, buffer);
    // Every column is a view of the blob itself: none is copied out.
    for (const col of [trace.kind, trace.line, trace.frame, trace.depth, trace.deltaValue])
      expect(col.buffer).toBe(buffer);
    expect(trace.length).toBe(spec.events.length);
    spec.events.forEach((e, i) => {
      expect(trace.line[i]).toBe(e.line);
      expect(trace.frame[i]).toBe(e.frame);
    });
    expect(Array.from(trace.kind.slice(NE.boomException, NE.moduleException + 1))).toEqual([
      EventKind.Exception,
      EventKind.Unwind,
      EventKind.Exception,
    ]);
    expect(Array.from(trace.depth.slice(NE.callG1, NE.fFor1 + 1))).toEqual([2, 2, 2, 2, 1]);
  });

  it('reads every column back from a blob with an even event count (all offsets aligned)', () => {
    const spec = nestedCallSpec();
    spec.events.pop();
    const { meta, buffer } = encodeTrace(spec);
    const trace = new Trace(meta, buffer);
    expect(trace.length % 2).toBe(0);
    expect(trace.line.buffer).toBe(buffer);
    spec.events.forEach((e, i) => {
      expect(trace.line[i]).toBe(e.line);
      expect(trace.frame[i]).toBe(e.frame);
    });
    expect(trace.out[NE.caughtLine]).toBe(2);
  });

  it('puts each column at the next multiple of 4 bytes after the one before it', () => {
    // Three events and two changes: the 8- and 16-bit columns (3 and 6 bytes) are padded.
    const layout: [string, number, number][] = [
      ['b', 1, 3],
      ['b', 1, 3],
      ['i', 4, 3],
      ['i', 4, 3],
      ['h', 2, 3],
      ['i', 4, 3],
      ['i', 4, 3],
      ['i', 4, 3],
      ['i', 4, 2],
      ['i', 4, 2],
      ['i', 4, 2],
    ];
    expect(columnOffsets(layout)).toEqual({
      offsets: [0, 4, 8, 20, 32, 40, 52, 64, 76, 84, 92],
      size: 100,
    });
  });

  it('names the file and the function of an event', () => {
    const trace = nestedCallTrace();
    expect(trace.fileOf(NE.printLine)).toBe('main.py');
    expect(trace.fileOf(NE.g2Line2)).toBe('lib.py');
    expect(trace.functionOf(NE.g2Line2)).toBe('g');
    expect(trace.functionOf(NE.fFor2)).toBe('f');
    expect(trace.functionOf(NE.moduleReturn)).toBe('<module>');
  });

  it('groups probe results by event index', () => {
    const trace = loopTrace([
      [LOOP_BODY[0], 'a', 'ok', ''],
      [LOOP_BODY[0], 'b', 'log', 'i=0'],
      [LOOP_BODY[3], 'a', 'error', 'NameError: x'],
    ]);
    expect(trace.probesAt.get(LOOP_BODY[0])).toEqual([
      [LOOP_BODY[0], 'a', 'ok', ''],
      [LOOP_BODY[0], 'b', 'log', 'i=0'],
    ]);
    expect(trace.probesAt.get(LOOP_BODY[3])).toHaveLength(1);
    expect(trace.probesAt.has(LOOP_BODY[1])).toBe(false);
  });

  it('reports the bytes its columns hold', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    expect(new Trace(meta, buffer).byteSize).toBe(buffer.byteLength);
  });
});

describe('Trace constructor validation', () => {
  it('rejects a blob that is longer than the columns describe', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const longer = new Uint8Array(buffer.byteLength + 1);
    longer.set(new Uint8Array(buffer));
    expect(() => new Trace(meta, longer.buffer)).toThrow(/bytes, columns describe/);
  });

  it('rejects a blob that is shorter than the columns describe, with the same clear message', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    expect(() => new Trace(meta, buffer.slice(0, buffer.byteLength - 1))).toThrow(
      /bytes, columns describe/,
    );
    expect(() => new Trace(meta, new ArrayBuffer(0))).toThrow(/bytes, columns describe/);
  });

  it('rejects a blob truncated inside a column, or inside the padding after one', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const n = meta.eventCount;
    // Inside the padding after `file` (n odd: its last bytes are zeros), then inside `line`.
    expect(() => new Trace(meta, buffer.slice(0, 2 * n + 1))).toThrow(/bytes, columns describe/);
    const cut = 2 * (Math.ceil(n / 4) * 4) + 3;
    expect(() => new Trace(meta, buffer.slice(0, cut))).toThrow(/bytes, columns describe/);
  });

  it('rejects a column table with the wrong number of columns', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    expect(() => new Trace({ ...meta, columns: meta.columns.slice(0, 9) }, buffer)).toThrow(
      /columns, expected 11/,
    );
  });

  it('rejects an unsupported column typecode', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const columns = meta.columns.map((c) => [...c] as [string, number, number]);
    columns[2][0] = 'q';
    expect(() => new Trace({ ...meta, columns }, buffer)).toThrow(/unsupported typecode 'q'/);
  });

  it('rejects an itemsize that does not match the typecode', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const columns = meta.columns.map((c) => [...c] as [string, number, number]);
    // 'h' with itemsize 1 and 'b' with itemsize 2: refused for the itemsize itself.
    columns[4][1] = 1;
    columns[0][1] = 2;
    expect(() => new Trace({ ...meta, columns }, buffer)).toThrow(/itemsize/);
  });

  it('rejects columns whose lengths disagree with eventCount or deltaCount', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    expect(() => new Trace({ ...meta, eventCount: meta.eventCount + 1 }, buffer)).toThrow(
      /rows, expected/,
    );
    expect(() => new Trace({ ...meta, deltaCount: meta.deltaCount - 1 }, buffer)).toThrow(
      /rows, expected/,
    );
  });

  it('accepts a trace with no events and no changes', () => {
    const trace = emptyTrace();
    expect(trace.length).toBe(0);
    expect(trace.meta.deltaCount).toBe(0);
    expect(trace.byteSize).toBe(0);
  });
});

describe('Trace.variablesAt', () => {
  it('returns the state at an event, with the changes recorded at that event applied', () => {
    const trace = nestedCallTrace();
    expect(vars(trace, NF.f, NE.callF)).toEqual(['n=2']);
    expect(vars(trace, NF.f, NE.fTotal0)).toEqual(['n=2']);
    expect(vars(trace, NF.f, NE.fFor0)).toEqual(['n=2', 'total=0']);
    expect(vars(trace, NF.f, NE.fBody0)).toEqual(['n=2', 'total=0', 'i=0']);
    expect(vars(trace, NF.f, NE.fBody1)).toEqual(['n=2', 'total=0', 'i=1']);
    expect(vars(trace, NF.f, NE.fFor2)).toEqual(['n=2', 'total=2', 'i=1']);
    expect(vars(trace, NF.g2, NE.g2Line3)).toEqual(['x=1', 'y=2']);
  });

  it('keeps the first-binding order even after an earlier-bound name changes later', () => {
    const trace = nestedCallTrace();
    // total (bound at fFor0) changes at fFor2, after i was bound: rows do not move.
    const names = (i: number) => trace.variablesAt(NF.f, i).map((b) => b.name);
    expect(names(NE.fBody0)).toEqual(['n', 'total', 'i']);
    expect(names(NE.fFor2)).toEqual(['n', 'total', 'i']);
    expect(names(NE.returnF)).toEqual(['n', 'total', 'i']);
    expect(trace.frameNames(NF.f).map((id) => trace.meta.names[id])).toEqual(['n', 'total', 'i']);
  });

  it('drops a name once it has been deleted', () => {
    const trace = nestedCallTrace();
    expect(vars(trace, NF.module, NE.caughtLine)).toEqual([
      'f=<function f>',
      'boom=<function boom>',
      "e=ValueError('bad')",
    ]);
    expect(vars(trace, NF.module, NE.moduleReturn)).toEqual([
      'f=<function f>',
      'boom=<function boom>',
    ]);
    // Still part of the frame's (stable) row order.
    expect(trace.frameNames(NF.module).map((id) => trace.meta.names[id])).toEqual([
      'f',
      'boom',
      'e',
    ]);
  });

  it("returns a parent frame's variables at an event inside a child frame", () => {
    const trace = nestedCallTrace();
    // Inside the first g(): f last ran at fBody0.
    expect(vars(trace, NF.f, NE.g1Line2)).toEqual(['n=2', 'total=0', 'i=0']);
    // Inside the second g(): f is at fBody1 (i=1, total unchanged).
    expect(vars(trace, NF.f, NE.g2Line3)).toEqual(['n=2', 'total=0', 'i=1']);
    expect(vars(trace, NF.module, NE.g2Line3)).toEqual(['f=<function f>', 'boom=<function boom>']);
  });

  it('returns nothing for a frame that has not started yet, and the final state past the end', () => {
    const trace = nestedCallTrace();
    expect(trace.variablesAt(NF.f, NE.printLine)).toEqual([]);
    expect(trace.variablesAt(NF.module, -1)).toEqual([]);
    expect(vars(trace, NF.g1, trace.length)).toEqual(['x=0', 'y=0']);
    expect(vars(trace, NF.f, trace.length + 10)).toEqual(['n=2', 'total=2', 'i=1']);
  });

  it('gives the same answer whichever order positions are asked in (the name cache is per frame)', () => {
    const a = nestedCallTrace();
    const b = nestedCallTrace();
    const forward = Array.from({ length: a.length + 2 }, (_, k) => k - 1).map((i) =>
      vars(a, NF.f, i),
    );
    const backward = Array.from({ length: b.length + 2 }, (_, k) => b.length - k).map((i) =>
      vars(b, NF.f, i),
    );
    expect(backward.reverse()).toEqual(forward);
  });

  it('follows the loop fixture step by step', () => {
    const trace = loopTrace();
    expect(vars(trace, 0, 0)).toEqual([]);
    expect(vars(trace, 0, LOOP_BODY[0])).toEqual(['total=0', 'i=0']);
    expect(vars(trace, 0, LOOP_BODY[2])).toEqual(['total=1', 'i=2']);
    expect(vars(trace, 0, LOOP_BODY[4])).toEqual(['total=6', 'i=4']);
    expect(vars(trace, 0, trace.length - 1)).toEqual(['total=10', 'i=4']);
  });
});

describe('Trace.stackAt', () => {
  it('lists frame ids innermost first', () => {
    const trace = nestedCallTrace();
    expect(trace.stackAt(NE.moduleFirst)).toEqual([NF.module]);
    expect(trace.stackAt(NE.fBody0)).toEqual([NF.f, NF.module]);
    expect(trace.stackAt(NE.g1Line2)).toEqual([NF.g1, NF.f, NF.module]);
    expect(trace.stackAt(NE.g2Line2)).toEqual([NF.g2, NF.f, NF.module]);
    expect(trace.stackAt(NE.boomUnwind)).toEqual([NF.boom, NF.module]);
    expect(trace.stackAt(NE.moduleException)).toEqual([NF.module]);
  });

  it('is empty outside the trace', () => {
    const trace = nestedCallTrace();
    expect(trace.stackAt(-1)).toEqual([]);
    expect(trace.stackAt(trace.length)).toEqual([]);
    expect(emptyTrace().stackAt(0)).toEqual([]);
  });
});

describe('Trace.outputAt', () => {
  it('shows nothing before the start (-1)', () => {
    expect(nestedCallTrace().outputAt(-1)).toBe('');
    expect(emptyTrace().outputAt(-1)).toBe('');
  });

  it('shows nothing at the first event', () => {
    expect(nestedCallTrace().outputAt(0)).toBe('');
  });

  it('shows only what was printed before the event ran, in the middle', () => {
    const trace = nestedCallTrace();
    expect(trace.outputAt(NE.returnF)).toBe('');
    expect(trace.outputAt(NE.tryLine)).toBe('2\n');
    expect(trace.outputAt(NE.caughtLine)).toBe('2\n');
    expect(trace.outputAt(NE.moduleReturn)).toBe(NESTED_OUTPUT);
  });

  it('shows all the output at the end (n) and beyond', () => {
    const trace = nestedCallTrace();
    expect(trace.outputAt(trace.length)).toBe(NESTED_OUTPUT);
    expect(trace.outputAt(trace.length + 5)).toBe(NESTED_OUTPUT);
  });

  it('shows the whole output of an empty trace once finished', () => {
    const { meta, buffer } = encodeTrace({ frames: [], events: [] });
    const trace = new Trace({ ...meta, output: 'SyntaxError' }, buffer);
    expect(trace.outputAt(0)).toBe('SyntaxError');
  });
});

describe('Trace.changedAt', () => {
  it('lists the names whose value changed at the event', () => {
    const trace = nestedCallTrace();
    expect(trace.changedAt(NE.printLine)).toEqual(new Set(['f', 'boom']));
    expect(trace.changedAt(NE.fFor2)).toEqual(new Set(['total']));
    expect(trace.changedAt(NE.callG2)).toEqual(new Set(['x']));
  });

  it('lists a deleted name as changed', () => {
    const trace = nestedCallTrace();
    expect(trace.changedAt(NE.moduleReturn)).toEqual(new Set(['e']));
  });

  it('is empty at an event without changes and outside the trace', () => {
    const trace = nestedCallTrace();
    expect(trace.changedAt(NE.fFor1).size).toBe(0);
    expect(trace.changedAt(-1).size).toBe(0);
    expect(trace.changedAt(trace.length).size).toBe(0);
    expect(emptyTrace().changedAt(0).size).toBe(0);
  });

  it('covers the last event, whose changes run to the end of the delta columns', () => {
    const trace = nestedCallTrace();
    expect(trace.deltaStart[trace.length - 1]).toBe(trace.meta.deltaCount - 1);
    expect([...trace.changedAt(trace.length - 1)]).toEqual(['e']);
  });
});
