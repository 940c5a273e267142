/**
 * Test fixtures: build a real `Trace` (the same `TraceMeta` + binary blob the
 * recorder sends) from a readable list of events.
 *
 * The blob holds the eleven columns one after the other, each padded with zeros to a
 * multiple of 4 bytes, exactly as the recorder (serialise.py) writes them: kind int8,
 * file int8, line int32, frame int32, depth int16, out int32, deltaStart int32, aux int32
 * (one row per event), then deltaFrame int32, deltaName int32, deltaValue int32 (one row
 * per change). The offsets come from the reader's own `columnOffsets`.
 *
 * A value written as text is an atom when it looks like one (`3`, `'s'`, `None`), else an
 * object of kind `other` with that text (one object per distinct text, recorded the first
 * time it is used). Hand-written object graphs use `{ ref: id }` and `objects`.
 */
import type { ResolvedPanel } from '../../../src/lessons/lesson.ts';
import { columnOffsets } from '../../../src/trace/columns.ts';
import type { ObjectKind } from '../../../src/trace/graph-types.ts';
import {
  EventKind,
  type FrameRow,
  type Outcome,
  type ProbeResult,
  type RunError,
  TRACE_FORMAT_VERSION,
  type TraceMeta,
  type ValueNode,
} from '../../../src/trace/meta.ts';
import { Trace } from '../../../src/trace/trace.ts';

export type KindName = 'call' | 'line' | 'return' | 'exception' | 'unwind' | 'yield';

export const KIND_CODE: Record<KindName, number> = {
  call: EventKind.Call,
  line: EventKind.Line,
  return: EventKind.Return,
  exception: EventKind.Exception,
  unwind: EventKind.Unwind,
  yield: EventKind.Yield,
};

export interface FixtureFrame {
  /** Function name (`<module>` for a module's top level). */
  fn: string;
  /** Python file name. */
  file: string;
  /** Parent frame id; -1 (the default) for an outermost frame. */
  parent?: number;
  /** The frame whose bindings this one shows (default: itself). */
  scope?: number;
  /** How many of its first names are parameters (default 0). */
  params?: number;
  /** The body of a `class` statement (default false). */
  classBody?: boolean;
}

/** A value in a fixture: rendered text, a reference to a hand-written object, or deleted. */
export type FixtureValue = string | { ref: number } | null;

/** A hand-written object state (see {@link FixtureEvent.objects}). */
export interface FixtureObject {
  kind: ObjectKind;
  /** Defaults to the kind (`list`, `dict`, ...). */
  type?: string;
  entries?: [string, Exclude<FixtureValue, null>][];
  /** Defaults to the number of entries. */
  size?: number;
  /** For functions and `other` objects. */
  text?: string;
}

export interface FixtureEvent {
  kind: KindName;
  /** Frame id (index into the spec's `frames`). */
  frame: number;
  line: number;
  /** Defaults to the frame's file. */
  file?: string;
  /** Defaults to the frame's depth (the length of its parent chain). */
  depth?: number;
  /** Variable changes recorded at this event: rendered value, or null for "deleted". */
  vars?: Record<string, FixtureValue>;
  /** Object states recorded at this event, by object id. */
  objects?: Record<number, FixtureObject>;
  /** Bindings of another frame's scope recorded at this event (a caller, the globals). */
  scopeVars?: { frame: number; vars: Record<string, FixtureValue> }[];
  /** Return value / exception (the `aux` column), rendered or a hand-written object; -1 when absent. */
  value?: Exclude<FixtureValue, null>;
  /** Output written while this event ran (visible from the next event on). */
  print?: string;
  /** Explicit `out` offset for this event (overrides the running total of `print`). */
  out?: number;
}

export interface FixtureSpec {
  /** File table; defaults to the files of the frames and events, in first-seen order. */
  files?: string[];
  frames: FixtureFrame[];
  events: FixtureEvent[];
  /** `[event, breakpointId, 'ok' | 'log' | 'error', text]`. */
  probes?: ProbeResult[];
  outcome?: Outcome;
  error?: RunError | null;
}

export interface EncodedTrace {
  meta: TraceMeta;
  buffer: ArrayBuffer;
}

/** `[typecode, itemsize]` of the eleven columns, in blob order (as the recorder writes them). */
export const COLUMN_LAYOUT: readonly [string, string, number][] = [
  ['kind', 'b', 1],
  ['file', 'b', 1],
  ['line', 'i', 4],
  ['frame', 'i', 4],
  ['depth', 'h', 2],
  ['out', 'i', 4],
  ['deltaStart', 'i', 4],
  ['aux', 'i', 4],
  ['deltaFrame', 'i', 4],
  ['deltaName', 'i', 4],
  ['deltaValue', 'i', 4],
];

/** A plausible Python type name for a rendered value (cosmetic only). */
function typeOf(text: string): [string, boolean] {
  if (/^-?\d+$/.test(text)) return ['int', true];
  if (/^-?\d+\.\d*$/.test(text)) return ['float', true];
  if (/^'.*'$/.test(text)) return ['str', true];
  if (text === 'None') return ['NoneType', true];
  if (text === 'True' || text === 'False') return ['bool', true];
  if (text.startsWith('<function')) return ['function', false];
  if (text.startsWith('[')) return ['list', false];
  if (text.startsWith('{')) return ['dict', false];
  const call = /^([A-Za-z_]\w*)\(/.exec(text);
  if (call) return [call[1], false];
  return ['object', false];
}

/** Encode a readable spec into the recorder's wire format. */
export function encodeTrace(spec: FixtureSpec): EncodedTrace {
  const { frames: frameSpecs, events } = spec;
  const n = events.length;

  const files: string[] = spec.files ? [...spec.files] : [];
  const fileIndex = (name: string): number => {
    let i = files.indexOf(name);
    if (i < 0) {
      if (spec.files) throw new Error(`fixture: file '${name}' is not in the spec's file table`);
      i = files.push(name) - 1;
    }
    return i;
  };

  const depthOf = (id: number): number => {
    let depth = 0;
    let parent = frameSpecs[id].parent ?? -1;
    while (parent >= 0) {
      depth++;
      parent = frameSpecs[parent].parent ?? -1;
    }
    return depth;
  };

  const frames: FrameRow[] = frameSpecs.map((f, id) => {
    const first = events.findIndex((e) => e.frame === id);
    return [
      f.fn,
      fileIndex(f.file),
      f.parent ?? -1,
      depthOf(id),
      first < 0 ? n : first,
      f.scope ?? id,
      f.params ?? 0,
      f.classBody ? 1 : 0,
    ];
  });

  const names: string[] = [];
  const nameId = (name: string): number => {
    const i = names.indexOf(name);
    return i < 0 ? names.push(name) - 1 : i;
  };

  const values: ValueNode[] = [];
  const nodeIds = new Map<string, number>();
  const intern = (node: ValueNode): number => {
    const key = JSON.stringify(node);
    const known = nodeIds.get(key);
    if (known !== undefined) return known;
    const id = values.push(node) - 1;
    nodeIds.set(key, id);
    return id;
  };
  let nextObjectId = 1;
  for (const e of events) {
    for (const id of Object.keys(e.objects ?? {})) nextObjectId = Math.max(nextObjectId, +id + 1);
  }
  const textObjects = new Map<string, number>();
  /** Object changes to record at the event being encoded. */
  let pending: [number, number][] = [];
  const refOf = (value: Exclude<FixtureValue, null>): number => {
    if (typeof value !== 'string') return -value.ref - 1;
    const [type, atom] = typeOf(value);
    if (atom) return intern([type, value, 0, [], 0]);
    let id = textObjects.get(value);
    if (id === undefined) {
      id = nextObjectId++;
      textObjects.set(value, id);
      pending.push([id, intern([type, value, id, [], 0, 'other'])]);
    }
    return -id - 1;
  };
  const objectNode = (id: number, o: FixtureObject): number => {
    const entries = o.entries ?? [];
    const children = entries.map(([label, v]) => [label, refOf(v)] as [string, number]);
    return intern([o.type ?? o.kind, o.text ?? '', id, children, o.size ?? entries.length, o.kind]);
  };

  const kind = new Int8Array(n);
  const file = new Int8Array(n);
  const line = new Int32Array(n);
  const frame = new Int32Array(n);
  const depth = new Int16Array(n);
  const out = new Int32Array(n);
  const deltaStart = new Int32Array(n);
  const aux = new Int32Array(n);
  const deltaFrames: number[] = [];
  const deltaNames: number[] = [];
  const deltaValues: number[] = [];
  let output = '';

  events.forEach((e, i) => {
    if (!(e.frame >= 0 && e.frame < frameSpecs.length)) {
      throw new Error(`fixture: event ${i} refers to unknown frame ${e.frame}`);
    }
    kind[i] = KIND_CODE[e.kind];
    file[i] = fileIndex(e.file ?? frameSpecs[e.frame].file);
    line[i] = e.line;
    frame[i] = e.frame;
    depth[i] = e.depth ?? frames[e.frame][3];
    out[i] = e.out ?? output.length;
    deltaStart[i] = deltaNames.length;
    pending = [];
    aux[i] = e.value === undefined ? -1 : refOf(e.value);
    const bind = (scope: number, vars: Record<string, FixtureValue>) => {
      for (const [name, value] of Object.entries(vars)) {
        deltaFrames.push(scope);
        deltaNames.push(nameId(name));
        deltaValues.push(value === null ? -1 : refOf(value));
      }
    };
    bind(frames[e.frame][5], e.vars ?? {});
    for (const other of e.scopeVars ?? []) bind(frames[other.frame][5], other.vars);
    for (const [id, o] of Object.entries(e.objects ?? {})) pending.push([+id, objectNode(+id, o)]);
    for (const [id, node] of pending.sort((a, b) => a[0] - b[0])) {
      deltaFrames.push(-id);
      deltaNames.push(-1);
      deltaValues.push(node);
    }
    output += e.print ?? '';
  });

  const columns: (Int8Array | Int16Array | Int32Array)[] = [
    kind,
    file,
    line,
    frame,
    depth,
    out,
    deltaStart,
    aux,
    Int32Array.from(deltaFrames),
    Int32Array.from(deltaNames),
    Int32Array.from(deltaValues),
  ];
  const layout = columns.map(
    (c, i) => [COLUMN_LAYOUT[i][1], COLUMN_LAYOUT[i][2], c.length] as [string, number, number],
  );
  const { offsets, size } = columnOffsets(layout);
  const blob = new Uint8Array(size);
  columns.forEach((c, i) => {
    blob.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), offsets[i]);
  });

  const meta: TraceMeta = {
    version: TRACE_FORMAT_VERSION,
    outcome: spec.outcome ?? 'completed',
    error: spec.error ?? null,
    files,
    eventCount: n,
    deltaCount: deltaNames.length,
    objectCount: nextObjectId - 1,
    columns: layout,
    names,
    frames,
    values,
    output,
    probes: spec.probes ?? [],
    notices: [],
    budget: { maxEvents: 1_000_000, maxSeconds: 1.5 },
    elapsedMs: 1,
  };
  return { meta, buffer: blob.buffer };
}

/** Build a real `Trace` from a readable spec. */
export function buildTrace(spec: FixtureSpec): Trace {
  const { meta, buffer } = encodeTrace(spec);
  return new Trace(meta, buffer);
}

/**
 * A module that runs line 1, then at line 2 holds `vars` and the objects `objects` (the
 * shape of a test about what one step shows).
 */
export function moduleHolding(
  vars: Record<string, FixtureValue>,
  objects: Record<number, FixtureObject>,
): FixtureSpec {
  return {
    frames: [{ fn: '<module>', file: 'main.py' }],
    events: [
      { kind: 'line', frame: 0, line: 1 },
      { kind: 'line', frame: 0, line: 2, vars, objects },
    ],
  };
}

/** A trace with no events at all (e.g. a file that is only comments). */
export function emptyTrace(): Trace {
  return buildTrace({ frames: [], events: [] });
}

// ---------------------------------------------------------------------------
// Nested calls: module -> f() -> g() twice (in a loop), then an exception that
// unwinds boom() and is caught in the module.
//
//   lib.py                          main.py
//   1 def g(x):                     1 from lib import f, boom
//   2     y = x * 2                 2 print(f(2))
//   3     return y                  3 try:
//   4                               4     boom()
//   5 def f(n):                     5 except ValueError as e:
//   6     total = 0                 6     print('caught')
//   7     for i in range(n):
//   8         total += g(i)
//   9     return total
//  10
//  11 def boom():
//  12     raise ValueError('bad')
// ---------------------------------------------------------------------------

/** Frame ids of the nested fixture. */
export const NF = { module: 0, f: 1, g1: 2, g2: 3, boom: 4 } as const;

/** Named event indices of the nested fixture. */
export const NE = {
  moduleFirst: 0, // main.py:1
  printLine: 1, // main.py:2  print(f(2))
  callF: 2, // lib.py:5 call f
  fTotal0: 3, // lib.py:6
  fFor0: 4, // lib.py:7
  fBody0: 5, // lib.py:8  total += g(0)
  callG1: 6, // lib.py:1 call g
  g1Line2: 7, // lib.py:2
  g1Line3: 8, // lib.py:3
  returnG1: 9, // lib.py:3 return 0
  fFor1: 10, // lib.py:7
  fBody1: 11, // lib.py:8  total += g(1)
  callG2: 12,
  g2Line2: 13,
  g2Line3: 14,
  returnG2: 15, // return 2
  fFor2: 16, // lib.py:7 (total = 2)
  fReturnLine: 17, // lib.py:9
  returnF: 18, // return 2; the module then prints "2\n"
  tryLine: 19, // main.py:3
  boomLine: 20, // main.py:4
  callBoom: 21, // lib.py:11
  boomRaise: 22, // lib.py:12
  boomException: 23, // lib.py:12 exception ValueError
  boomUnwind: 24, // lib.py:12 unwind
  moduleException: 25, // main.py:4 exception (propagated into the module)
  exceptLine: 26, // main.py:5
  caughtLine: 27, // main.py:6  prints "caught\n"
  moduleReturn: 28, // main.py:6 return None (e deleted)
} as const;

export const NESTED_OUTPUT = '2\ncaught\n';

export function nestedCallSpec(probes: ProbeResult[] = []): FixtureSpec {
  const err = "ValueError('bad')";
  return {
    files: ['main.py', 'lib.py'],
    frames: [
      { fn: '<module>', file: 'main.py' },
      { fn: 'f', file: 'lib.py', parent: NF.module, params: 1 },
      { fn: 'g', file: 'lib.py', parent: NF.f, params: 1 },
      { fn: 'g', file: 'lib.py', parent: NF.f, params: 1 },
      { fn: 'boom', file: 'lib.py', parent: NF.module },
    ],
    events: [
      { kind: 'line', frame: NF.module, line: 1 },
      {
        kind: 'line',
        frame: NF.module,
        line: 2,
        vars: { f: '<function f>', boom: '<function boom>' },
      },
      { kind: 'call', frame: NF.f, line: 5, vars: { n: '2' } },
      { kind: 'line', frame: NF.f, line: 6 },
      { kind: 'line', frame: NF.f, line: 7, vars: { total: '0' } },
      { kind: 'line', frame: NF.f, line: 8, vars: { i: '0' } },
      { kind: 'call', frame: NF.g1, line: 1, vars: { x: '0' } },
      { kind: 'line', frame: NF.g1, line: 2 },
      { kind: 'line', frame: NF.g1, line: 3, vars: { y: '0' } },
      { kind: 'return', frame: NF.g1, line: 3, value: '0' },
      { kind: 'line', frame: NF.f, line: 7 },
      { kind: 'line', frame: NF.f, line: 8, vars: { i: '1' } },
      { kind: 'call', frame: NF.g2, line: 1, vars: { x: '1' } },
      { kind: 'line', frame: NF.g2, line: 2 },
      { kind: 'line', frame: NF.g2, line: 3, vars: { y: '2' } },
      { kind: 'return', frame: NF.g2, line: 3, value: '2' },
      { kind: 'line', frame: NF.f, line: 7, vars: { total: '2' } },
      { kind: 'line', frame: NF.f, line: 9 },
      { kind: 'return', frame: NF.f, line: 9, value: '2', print: '2\n' },
      { kind: 'line', frame: NF.module, line: 3 },
      { kind: 'line', frame: NF.module, line: 4 },
      { kind: 'call', frame: NF.boom, line: 11 },
      { kind: 'line', frame: NF.boom, line: 12 },
      { kind: 'exception', frame: NF.boom, line: 12, value: err },
      { kind: 'unwind', frame: NF.boom, line: 12, value: err },
      { kind: 'exception', frame: NF.module, line: 4, value: err },
      { kind: 'line', frame: NF.module, line: 5 },
      { kind: 'line', frame: NF.module, line: 6, vars: { e: err }, print: 'caught\n' },
      { kind: 'return', frame: NF.module, line: 6, value: 'None', vars: { e: null } },
    ],
    probes,
  };
}

export function nestedCallTrace(probes: ProbeResult[] = []): Trace {
  return buildTrace(nestedCallSpec(probes));
}

/** A panel showing `f` of the nested-call trace (lib.py lines 5..9), with one scenario. */
export const NESTED_CALL_PANEL: ResolvedPanel = {
  id: 'f',
  function: 'f',
  source: 'lib.py',
  entry: { path: 'entry.py', code: 'f(2)' },
  functionRange: { start: 5, end: 9 },
  steps: [],
  scenarios: [{ id: 's1', label: { zh: '一', en: 'one' } }],
};

// ---------------------------------------------------------------------------
// A loop in one frame, for breakpoint conditions and hit counts:
//
//   main.py
//   1 total = 0
//   2 for i in range(5):
//   3     total += i
//   4 print(total)
// ---------------------------------------------------------------------------

/** Event indices of `main.py:3` in the loop fixture, one per iteration (i = 0..4). */
export const LOOP_BODY = [2, 4, 6, 8, 10] as const;

export function loopSpec(probes: ProbeResult[] = []): FixtureSpec {
  const events: FixtureEvent[] = [{ kind: 'line', frame: 0, line: 1 }];
  let total: number | null = null;
  let shown: number | null = null;
  for (let i = 0; i <= 5; i++) {
    // `total += i` takes effect at the next event, which is the `for` line; the
    // recorder only writes a change when the value actually changed.
    total = total === null ? 0 : total + (i - 1);
    const vars: Record<string, string | null> = total !== shown ? { total: String(total) } : {};
    shown = total;
    events.push({ kind: 'line', frame: 0, line: 2, vars });
    if (i < 5) events.push({ kind: 'line', frame: 0, line: 3, vars: { i: String(i) } });
  }
  events.push({ kind: 'line', frame: 0, line: 4, print: `${total}\n` });
  events.push({ kind: 'return', frame: 0, line: 4, value: 'None' });
  return {
    files: ['main.py'],
    frames: [{ fn: '<module>', file: 'main.py' }],
    events,
    probes,
  };
}

export function loopTrace(probes: ProbeResult[] = []): Trace {
  return buildTrace(loopSpec(probes));
}

/**
 * A shared fixture: in f, x = []; y = x; g(x) appends 1; x = 'done' (lines 5..9 of f, g at
 * lines 1..2). One list held by two names and changed by another frame.
 */
export const ALIASED_LIST: FixtureSpec = {
  frames: [
    { fn: 'f', file: 'main.py' },
    { fn: 'g', file: 'main.py', parent: 0, params: 1 },
  ],
  events: [
    { kind: 'call', frame: 0, line: 4 },
    { kind: 'line', frame: 0, line: 5 },
    { kind: 'line', frame: 0, line: 6, vars: { x: { ref: 1 } }, objects: { 1: { kind: 'list' } } },
    { kind: 'line', frame: 0, line: 7, vars: { y: { ref: 1 } } },
    { kind: 'call', frame: 1, line: 1, vars: { a: { ref: 1 } } },
    { kind: 'line', frame: 1, line: 2 },
    { kind: 'return', frame: 1, line: 2, objects: { 1: { kind: 'list', entries: [['0', '1']] } } },
    { kind: 'line', frame: 0, line: 8 },
    { kind: 'line', frame: 0, line: 9, vars: { x: "'done'" } },
  ],
};
