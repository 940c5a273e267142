/**
 * The message validator rejects garbage (issue 5.5): every message between the page and
 * the Python worker is checked with the zod schemas of src/runtime/protocol.ts before it
 * touches any state. Random values, and valid messages with one part broken, must be
 * refused without throwing; and a worker that sends garbage is replaced, its run answered.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeClient } from '../../../src/runtime/client';
import { packRecording } from '../../../src/runtime/decode';
import {
  describeInvalid,
  FromWorkerSchema,
  RecordRequestSchema,
  ToWorkerSchema,
} from '../../../src/runtime/protocol';
import { type TraceMeta, TraceMetaSchema } from '../../../src/trace/meta';
import { Trace } from '../../../src/trace/trace';
import { FakeWorker } from '../helpers/fake-worker';
import { encodeTrace, nestedCallSpec } from '../replay/fixtures';

const request = {
  files: [{ path: 'main.py', code: 'print(1)\n', role: 'entry' as const }],
  scenario: 'pass',
  budget: { maxEvents: 1000, maxSeconds: 2 },
  probes: [{ id: 'bp1', path: 'main.py', line: 1, condition: 'x > 1' }],
};

const validToWorker = [
  { type: 'init', indexURL: '/pyodide/' },
  { type: 'init', indexURL: '/pyodide/', interruptBuffer: new SharedArrayBuffer(4) },
  { type: 'record', runId: 3, request },
];

const { meta: fixtureMeta } = encodeTrace(nestedCallSpec());

const validFromWorker = [
  { type: 'loading', stage: 'pyodide' },
  { type: 'ready', python: '3.14.2', interruptible: true, loadMs: 1234.5 },
  { type: 'load-failed', cause: 'assets', message: 'no wasm' },
  {
    type: 'recorded',
    runId: 1,
    packed: packRecording(JSON.stringify(fixtureMeta)),
    buffer: new ArrayBuffer(8),
  },
  { type: 'unreadable', runId: 2, message: 'values.0: expected number' },
  { type: 'crashed', runId: null, message: 'boom' },
  { type: 'crashed', runId: 4, message: 'boom' },
];

/** Every type of message the worker sends. */
const fromWorkerTypes = ['loading', 'ready', 'load-failed', 'recorded', 'unreadable', 'crashed'];

/** Every way of breaking one field of a message: drop it, or give it a value of another kind. */
function brokenVariants(message: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const wrong: unknown[] = [
    undefined,
    null,
    42,
    'text',
    true,
    [],
    {},
    Number.NaN,
    new ArrayBuffer(1),
  ];
  for (const key of Object.keys(message)) {
    for (const value of wrong) {
      // a few replacements are still valid (an optional field dropped, a string for a string)
      const copy = { ...message, [key]: value };
      if (value === undefined) delete copy[key];
      out.push(copy);
    }
  }
  return out;
}

describe('the protocol schemas', () => {
  it('accept every valid message', () => {
    for (const m of validToWorker)
      expect(ToWorkerSchema.safeParse(m).success, JSON.stringify(m)).toBe(true);
    for (const m of validFromWorker)
      expect(FromWorkerSchema.safeParse(m).success, m.type).toBe(true);
    expect(TraceMetaSchema.safeParse(fixtureMeta).success).toBe(true);
  });

  it('never throw on arbitrary values, and refuse everything that is not a message', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (value) => {
          const to = ToWorkerSchema.safeParse(value);
          const from = FromWorkerSchema.safeParse(value);
          const meta = TraceMetaSchema.safeParse(value);
          // random data may only pass if it really has a message's shape
          if (to.success) expect(['init', 'record']).toContain(to.data.type);
          if (from.success) expect(fromWorkerTypes).toContain(from.data.type);
          expect(meta.success).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuse objects with a valid type tag and random fields', () => {
    const tags = ['init', 'record', ...fromWorkerTypes, 'RECORD', '', 'constructor', '__proto__'];
    fc.assert(
      fc.property(
        fc.constantFrom(...tags),
        fc.dictionary(fc.string(), fc.anything()),
        (type, rest) => {
          const m = { ...rest, type };
          const to = ToWorkerSchema.safeParse(m);
          const from = FromWorkerSchema.safeParse(m);
          if (to.success) {
            expect(to.data.type === 'init' ? typeof to.data.indexURL : to.data.type).toBe('string');
          }
          if (from.success) {
            // only the field-less 'loading' stage or a lucky full shape can get through
            expect(FromWorkerSchema.parse(from.data)).toEqual(from.data);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuse each valid message with any one field missing or of the wrong kind', () => {
    for (const m of validFromWorker) {
      for (const broken of brokenVariants(m)) {
        const result = FromWorkerSchema.safeParse(broken);
        const stillValid =
          // runId of 'crashed' is an integer or null
          (m.type === 'crashed' &&
            broken.type === 'crashed' &&
            typeof broken.message === 'string' &&
            (broken.runId === null || Number.isInteger(broken.runId))) ||
          (typeof broken.type === 'string' && broken.type === m.type && sameKinds(m, broken));
        if (!stillValid) expect(result.success, `${m.type} ${show(broken)}`).toBe(false);
      }
    }
    for (const m of validToWorker) {
      for (const broken of brokenVariants(m)) {
        const result = ToWorkerSchema.safeParse(broken);
        const optionalDropped =
          m.type === 'init' &&
          !('interruptBuffer' in broken) &&
          typeof broken.indexURL === 'string';
        if (!optionalDropped && !sameKinds(m, broken))
          expect(result.success, `${m.type} ${show(broken)}`).toBe(false);
      }
    }
  });

  it('refuse run requests that could not be run', () => {
    const bad: unknown[] = [
      { ...request, files: [] },
      { ...request, files: [{ path: '', code: 'x', role: 'entry' }] },
      { ...request, files: [{ path: 'a.py', code: 'x', role: 'shell' }] },
      { ...request, files: [{ path: 'a.py', code: 42, role: 'entry' }] },
      { ...request, budget: { maxSeconds: -1 } },
      { ...request, budget: { maxSeconds: 0 } },
      { ...request, budget: { maxEvents: 1.5 } },
      { ...request, budget: { maxSeconds: Number.POSITIVE_INFINITY } },
      { ...request, probes: [{ id: 'p', path: 'a.py', line: 0 }] },
      { ...request, probes: [{ id: 'p', path: 'a.py', line: 2.5 }] },
      { ...request, scenario: undefined },
    ];
    for (const r of bad)
      expect(RecordRequestSchema.safeParse(r).success, JSON.stringify(r)).toBe(false);
  });

  it('refuse trace metadata with a wrong shape', () => {
    const broken: Partial<Record<keyof TraceMeta, unknown>>[] = [
      { version: 1 },
      { outcome: 'exploded' },
      { eventCount: -1 },
      { eventCount: 1.5 },
      { columns: [['i', 4]] },
      { frames: [['f', 0, -1]] },
      { values: [['int', '1', 0, [['a', 'b']], 0]] },
      { probes: [[0, 'bp', 'maybe', '']] },
      { notices: [{ kind: 'disk', limit: 1 }] },
      { error: { type: 'X' } },
      { output: null },
    ];
    for (const patch of broken) {
      expect(
        TraceMetaSchema.safeParse({ ...fixtureMeta, ...patch }).success,
        JSON.stringify(patch),
      ).toBe(false);
    }
  });

  it('a trace whose columns do not match its blob is refused with an error, never half-built', () => {
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    fc.assert(
      fc.property(
        fc.nat({ max: 9 }),
        fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
        fc.integer({ min: -8, max: 8 }),
        (column, rowDelta, byteDelta) => {
          const columns = meta.columns.map((c) => [...c]) as TraceMeta['columns'];
          columns[column][2] = Math.max(0, columns[column][2] + rowDelta);
          const blob = buffer.slice(0, Math.max(0, buffer.byteLength + byteDelta));
          expect(() => new Trace({ ...meta, columns }, blob)).toThrow(Error);
        },
      ),
    );
  });
});

describe('what an invalid message is said to be', () => {
  const issuesOf = (r: {
    success: boolean;
    error?: { issues: Parameters<typeof describeInvalid>[0] };
  }) => r.error?.issues ?? [];

  it('names the field, the check and, for a wrong type, the type expected', () => {
    const recorded = FromWorkerSchema.safeParse({ ...validFromWorker[3], runId: 'nope' });
    expect(describeInvalid(issuesOf(recorded))).toBe('runId: expected number [invalid_type]');
    const unknown = ToWorkerSchema.safeParse({ type: 'shutdown' });
    expect(describeInvalid(issuesOf(unknown))).toMatch(/^type: .* \[invalid_union\]$/);
    const buffer = ToWorkerSchema.safeParse({ ...validToWorker[1], interruptBuffer: 4 });
    expect(describeInvalid(issuesOf(buffer))).toBe(
      'interruptBuffer: expected a SharedArrayBuffer [custom]',
    );
    const notObject = FromWorkerSchema.safeParse(42);
    expect(describeInvalid(issuesOf(notObject))).toBe('(message): expected object [invalid_type]');
  });
});

describe('outside a cross-origin isolated page', () => {
  it('the protocol still loads and works without SharedArrayBuffer (a host without COOP/COEP)', async () => {
    // Chromium does not define the global at all in a page that is not cross-origin isolated.
    const saved = globalThis.SharedArrayBuffer;
    Reflect.deleteProperty(globalThis, 'SharedArrayBuffer');
    try {
      vi.resetModules();
      const protocol = await import('../../../src/runtime/protocol');
      expect(
        protocol.ToWorkerSchema.safeParse({ type: 'init', indexURL: '/pyodide/' }).success,
      ).toBe(true);
      const withBuffer = {
        type: 'init',
        indexURL: '/pyodide/',
        interruptBuffer: new ArrayBuffer(4),
      };
      expect(protocol.ToWorkerSchema.safeParse(withBuffer).success).toBe(false);
    } finally {
      globalThis.SharedArrayBuffer = saved;
      vi.resetModules();
    }
  });
});

describe('the runtime client against a worker that sends garbage', () => {
  beforeEach(() => {
    FakeWorker.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the run with an error trace and starts a fresh worker, whatever the garbage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.anything().filter((v) => !FromWorkerSchema.safeParse(v).success),
        async (garbage) => {
          FakeWorker.all = [];
          const client = createRuntimeClient({
            createWorker: FakeWorker.create,
            indexURL: '/pyodide/',
          });
          const w = FakeWorker.all[0];
          w.emit({ type: 'ready', python: '3.14', interruptible: false, loadMs: 1 });
          const answer = client.record(request);
          expect(w.posted.some((m) => m.type === 'record')).toBe(true);
          expect(() => w.emit(garbage)).not.toThrow();
          const trace = await answer;
          expect(trace).toBeInstanceOf(Trace);
          expect(trace.meta.outcome).toBe('error');
          expect(trace.meta.error?.type).toBe('WorkerCrashed');
          expect(trace.meta.error?.message).toContain('invalid message');
          expect(w.terminated).toBe(true);
          expect(FakeWorker.all).toHaveLength(2);
          expect(client.getStatus().state).toBe('loading');
          // the next run goes to the new worker and succeeds
          const fresh = FakeWorker.all[1];
          fresh.emit({ type: 'ready', python: '3.14', interruptible: false, loadMs: 1 });
          const next = client.record(request);
          const run = fresh.posted.find((m) => m.type === 'record');
          const { meta, buffer } = encodeTrace(nestedCallSpec());
          fresh.record(run?.runId, JSON.stringify(meta), buffer);
          expect((await next).meta.outcome).toBe('completed');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('turns a well-formed message with an unreadable trace into an error trace, and replaces the worker', async () => {
    const client = createRuntimeClient({
      createWorker: () => new FakeWorker() as unknown as Worker,
      indexURL: '/pyodide/',
    });
    const { meta, buffer } = encodeTrace(nestedCallSpec());
    const good = packRecording(JSON.stringify(meta));
    /** Run one request on the newest worker, answered by `answer(worker, runId)`. */
    const runAnswered = async (answer: (w: FakeWorker, runId: number | undefined) => void) => {
      const w = FakeWorker.all[FakeWorker.all.length - 1];
      w.emit({ type: 'ready', python: '3.14', interruptible: false, loadMs: 1 });
      const trace = client.record(request);
      answer(w, w.posted.find((m) => m.type === 'record')?.runId);
      return { w, trace: await trace };
    };

    // the worker's own check refused what its recorder wrote
    const first = await runAnswered((w, runId) =>
      w.emit({ type: 'unreadable', runId, message: 'values.3: expected number' }),
    );
    expect(first.trace.meta.error?.type).toBe('InvalidTrace');
    expect(first.trace.meta.error?.message).toMatch(/values\.3: expected number/);
    expect(first.trace.meta.error?.message).toMatch(/Python was restarted; run again/);
    // A recorder that sends garbage cannot be trusted with the next run (issue 11.2).
    expect(first.w.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    expect(client.restarts).toBe(1);

    // what arrived does not pass the page's own checks: each names the field
    const broken: [string, Record<string, unknown>, ArrayBuffer, RegExp][] = [
      ['columns that do not match the blob', good, new ArrayBuffer(3), /column|blob|byte/i],
      ['a head of the wrong shape', { ...good, outcome: 'exploded' }, buffer, /outcome/],
      ['no value table', { ...good, values: undefined }, buffer, /values: expected an object/],
      [
        'a type name outside the pool',
        { ...good, values: { ...good.values, type: good.values.type.map(() => 99) } },
        buffer,
        /values\.type\[0\]: 99 is not a string of the pool/,
      ],
      [
        'a column of the wrong type',
        { ...good, frames: { ...good.frames, fn: Array.from(good.frames.fn) } },
        buffer,
        /frames\.fn: expected an Int32Array/,
      ],
      [
        'children that go back',
        {
          ...good,
          values: { ...good.values, childStart: good.values.childStart.map((_, i) => -i) },
        },
        buffer,
        /values\.childStart\[[01]\]/,
      ],
    ];
    for (const [what, packed, blob, reason] of broken) {
      const before = FakeWorker.all.length;
      const { w, trace } = await runAnswered((w, runId) =>
        w.emit({ type: 'recorded', runId, packed, buffer: blob }),
      );
      expect(trace.meta.error?.type, what).toBe('InvalidTrace');
      expect(trace.meta.error?.message, what).toMatch(reason);
      expect(w.terminated, what).toBe(true);
      expect(FakeWorker.all, what).toHaveLength(before + 1);
    }

    // and a fresh worker that answers well is read
    const last = await runAnswered((w, runId) => w.record(runId, JSON.stringify(meta), buffer));
    expect(last.trace.meta.error).toBeNull();
    expect(last.trace.length).toBe(meta.eventCount);
  });
});

function sameKinds(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const kind = (v: unknown) =>
    v === null
      ? 'null'
      : v instanceof ArrayBuffer
        ? 'ab'
        : v instanceof SharedArrayBuffer
          ? 'sab'
          : Array.isArray(v)
            ? 'array'
            : Number.isNaN(v)
              ? 'nan'
              : typeof v;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (kind(a[k]) !== kind(b[k])) return false;
    // an integer field (a run id) given a fraction is another kind; a float field given an integer is not
    if (Number.isInteger(a[k]) && typeof b[k] === 'number' && !Number.isInteger(b[k])) return false;
  }
  return true;
}

function show(m: Record<string, unknown>): string {
  return JSON.stringify(m, (_k, v) =>
    v instanceof ArrayBuffer ? '<ArrayBuffer>' : v === undefined ? '<undefined>' : v,
  );
}
