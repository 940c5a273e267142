import { describe, expect, it } from 'vitest';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { createTraceSource } from '../../../src/runtime/shipped';
import {
  decodeShippedTrace,
  encodeShippedTrace,
  hashText,
  type RecordingEnvironment,
  recordingKey,
} from '../../../src/runtime/shipped-format';
import { emptyTrace, type Trace } from '../../../src/trace/trace';
import { encodeTrace, nestedCallSpec } from '../replay/fixtures';

const env: RecordingEnvironment = { pyodide: '314.0.7', recorder: hashText('recorder v1') };

const request = (code = 'def f():\n    return 1\n'): RecordRequest => ({
  files: [
    { path: 'lesson.py', role: 'source', module: 'lesson', code },
    { path: 'entry.py', role: 'entry', code: 'import lesson\nlesson.f()\n' },
  ],
  scenario: 'pass',
  budget: { maxEvents: 1000 },
});

function recording() {
  const { meta, buffer } = encodeTrace(nestedCallSpec());
  return { meta: JSON.stringify(meta), buffer: buffer as ArrayBuffer };
}

/** A live recorder that remembers what it was asked for. */
function fakeLive() {
  const asked: RecordRequest[] = [];
  return {
    asked,
    recorder: {
      async record(r: RecordRequest): Promise<Trace> {
        asked.push(r);
        return emptyTrace('completed', { type: 'x', message: 'live' });
      },
    },
  };
}

/** A build that shipped `req`'s recording: its table and its files. */
function build(req: RecordRequest, fileKey?: string) {
  const key = recordingKey(req, env) as string;
  const files: Record<string, ArrayBuffer> = {
    '/traces/a.wptrace': encodeShippedTrace(fileKey ?? key, recording()).slice().buffer,
  };
  const fetched: string[] = [];
  return {
    shipped: { [key]: '/traces/a.wptrace' },
    fetched,
    fetchBytes: async (url: string) => {
      fetched.push(url);
      const bytes = files[url];
      if (!bytes) throw new Error(`404 ${url}`);
      return bytes;
    },
  };
}

describe('recording keys', () => {
  it('change with any file text, name, role, the scenario, the budget, Pyodide or the recorder', () => {
    const base = recordingKey(request(), env);
    const variants: [RecordRequest, RecordingEnvironment][] = [
      [request('def f():\n    return 2\n'), env],
      [{ ...request(), scenario: 'block' }, env],
      [{ ...request(), budget: { maxEvents: 999 } }, env],
      [{ ...request(), files: request().files.map((f) => ({ ...f, path: `x${f.path}` })) }, env],
      [
        { ...request(), files: request().files.map((f) => ({ ...f, role: 'setup' as const })) },
        env,
      ],
      [request(), { ...env, pyodide: '314.0.8' }],
      [request(), { ...env, recorder: hashText('recorder v2') }],
      // The same text moved from one file to the other.
      [
        {
          ...request('def f():\n    return 1\nimport lesson\n'),
          files: [
            {
              path: 'lesson.py',
              role: 'source',
              module: 'lesson',
              code: 'def f():\n    return 1\nimport lesson\n',
            },
            { path: 'entry.py', role: 'entry', code: 'lesson.f()\n' },
          ],
        },
        env,
      ],
    ];
    const keys = variants.map(([r, e]) => recordingKey(r, e));
    expect(new Set([base, ...keys]).size).toBe(variants.length + 1);
    expect(recordingKey(request(), env)).toBe(base);
  });

  it('do not exist for runs with conditions or logpoints', () => {
    const probes = [{ id: 'b1', path: 'lesson.py', line: 2, condition: 'True' }];
    expect(recordingKey({ ...request(), probes }, env)).toBeNull();
    expect(recordingKey({ ...request(), probes: [] }, env)).toBe(recordingKey(request(), env));
  });

  it('hash every character: one changed character changes the hash', () => {
    const text = 'x'.repeat(5000);
    const seen = new Set([hashText(text)]);
    for (const i of [0, 1, 2500, 4999])
      seen.add(hashText(`${text.slice(0, i)}y${text.slice(i + 1)}`));
    expect(seen.size).toBe(5);
    expect(hashText('')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the shipped trace file', () => {
  it('gives back the key and both halves byte for byte', () => {
    const raw = recording();
    const decoded = decodeShippedTrace(encodeShippedTrace('k1', raw).slice().buffer);
    expect(decoded.key).toBe('k1');
    expect(decoded.meta).toBe(raw.meta);
    expect(new Uint8Array(decoded.buffer)).toEqual(new Uint8Array(raw.buffer));
  });

  it('refuses a file that is not one (an HTML fallback page)', () => {
    const html = new TextEncoder().encode('<!doctype html><html></html>').buffer;
    expect(() => decodeShippedTrace(html)).toThrow(/WPTR/);
  });
});

describe('the trace source', () => {
  it('replays the shipped trace without asking Python', async () => {
    const b = build(request());
    const live = fakeLive();
    const source = createTraceSource({ environment: env, ...b, live: () => live.recorder });
    expect(source.isShipped(request())).toBe(true);
    const trace = await source.record(request());
    expect(trace.length).toBe(nestedCallSpec().events.length);
    expect(trace.meta.output).toBe(JSON.parse(recording().meta).output);
    expect(live.asked).toEqual([]);
    expect(b.fetched).toEqual(['/traces/a.wptrace']);
    // Asked again: no second download.
    await source.record(request());
    expect(b.fetched).toHaveLength(1);
    expect(source.counts).toEqual({ shipped: 2, live: 0 });
  });

  it('starts the scenario on screen at once and the others in a later task', async () => {
    const b = build(request());
    const live = fakeLive();
    const source = createTraceSource({ environment: env, ...b, live: () => live.recorder });
    const background = source.record(request('def f():\n    return 3\n'));
    const onScreen = source.record(request(), { priority: true });
    // Synchronously, and after every microtask of this task, only the priority request is out.
    expect(b.fetched).toEqual(['/traces/a.wptrace']);
    await Promise.resolve();
    await onScreen;
    expect(live.asked).toEqual([]);
    await background;
    expect(live.asked).toHaveLength(1);
  });

  it('never uses a stale trace: changed files are recorded live', async () => {
    const b = build(request());
    const live = fakeLive();
    const source = createTraceSource({ environment: env, ...b, live: () => live.recorder });
    const edited = request('def f():\n    return 1  # edited\n');
    expect(source.isShipped(edited)).toBe(false);
    const trace = await source.record(edited);
    expect(trace.meta.error?.message).toBe('live');
    expect(live.asked).toEqual([edited]);
    expect(b.fetched).toEqual([]);
  });

  it('never uses a trace of another recorder or Pyodide', async () => {
    const b = build(request());
    const live = fakeLive();
    const source = createTraceSource({
      environment: { ...env, recorder: hashText('recorder v2') },
      ...b,
      live: () => live.recorder,
    });
    await source.record(request());
    expect(live.asked).toHaveLength(1);
    expect(b.fetched).toEqual([]);
  });

  it('never uses a file that carries another key, and records live instead', async () => {
    const b = build(request(), 'someotherkey');
    const live = fakeLive();
    const source = createTraceSource({ environment: env, ...b, live: () => live.recorder });
    const trace = await source.record(request());
    expect(b.fetched).toHaveLength(1);
    expect(trace.meta.error?.message).toBe('live');
    expect(live.asked).toHaveLength(1);
  });

  it('records live when the file cannot be fetched, and tries the file again next time', async () => {
    const b = build(request());
    const live = fakeLive();
    let refuse = true;
    const source = createTraceSource({
      environment: env,
      shipped: b.shipped,
      fetchBytes: (url) => (refuse ? Promise.reject(new Error('offline')) : b.fetchBytes(url)),
      live: () => live.recorder,
    });
    expect((await source.record(request())).meta.error?.message).toBe('live');
    refuse = false;
    expect((await source.record(request())).length).toBe(nestedCallSpec().events.length);
    expect(live.asked).toHaveLength(1);
  });

  it('sends runs with conditions to Python', async () => {
    const b = build(request());
    const live = fakeLive();
    const source = createTraceSource({ environment: env, ...b, live: () => live.recorder });
    const probes = [{ id: 'b1', path: 'lesson.py', line: 2, condition: 'x > 1' }];
    await source.record({ ...request(), probes });
    expect(live.asked).toHaveLength(1);
    expect(b.fetched).toEqual([]);
  });

  it('replays the shipped trace, marked as a stand-in, when a condition cannot reach Python', async () => {
    const b = build(request());
    const unavailable = {
      async record(): Promise<Trace> {
        return emptyTrace('error', {
          type: 'PythonUnavailable',
          message: 'wasm refused',
          fromApp: true,
        });
      },
    };
    const source = createTraceSource({ environment: env, ...b, live: () => unavailable });
    const probes = [{ id: 'b1', path: 'lesson.py', line: 2, condition: 'x > 1' }];
    const trace = await source.record({ ...request(), probes });
    expect(trace.length).toBe(nestedCallSpec().events.length);
    expect(source.standInReason(trace)).toBe('wasm refused');
    // The same file without a condition is no stand-in.
    const plain = await source.record(request());
    expect(plain).not.toBe(trace);
    expect(source.standInReason(plain)).toBeNull();
  });

  it('keeps a run whose program raised its own PythonUnavailable: it ran, no stand-in', async () => {
    const b = build(request());
    const own = emptyTrace('error', { type: 'PythonUnavailable', message: 'the program’s' });
    const source = createTraceSource({
      environment: env,
      ...b,
      live: () => ({ record: async () => own }),
    });
    const probes = [{ id: 'b1', path: 'lesson.py', line: 2, condition: 'x > 1' }];
    const trace = await source.record({ ...request(), probes });
    expect(trace).toBe(own);
    expect(source.standInReason(trace)).toBeNull();
  });
});
