/**
 * Invariants of the panel store under abuse (issue 5.5): random sequences of what a reader
 * and an author can do (step, back, continue, jump, toggle and edit breakpoints, switch
 * scenario, re-run and edit files mid-replay) interleaved with recordings that arrive late,
 * out of order, or as error traces. The store runs against a fake `record` whose traces are
 * random well-formed traces built with the replay fixtures.
 *
 * After every action:
 * - nothing throws, and every selector the panel renders with works;
 * - the position is inside the shown trace (START .. length);
 * - a command applied to a ready trace lands exactly where the replay engine says
 *   (so "paused" only ever means a breakpoint stop or a step target), except that
 *   stepping from "not run" starts at the focus function's first call;
 * - a command waiting for its trace is applied, the same way, when that trace arrives;
 * - scenario (within the panel's current list), breakpoints and frame index stay
 *   well-formed, also when the author changes the scenario list or moves lines;
 * - once every recording has arrived, nothing is pending and each scenario shows the
 *   trace of its *latest* request (a stale answer never replaces a newer one).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Breakpoint, COMMANDS, type Command, START, step } from '../../../src/replay/engine';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { createPanelsStore, type PanelState } from '../../../src/store/panels';
import { probesOf } from '../../../src/store/recording';
import {
  currentTrace,
  hitsFor,
  logMessages,
  positionView,
  uiStateOf,
} from '../../../src/store/selectors';
import { AppFailure, EventKind, recordingFailure } from '../../../src/trace/meta';
import { emptyTrace, type Trace } from '../../../src/trace/trace';
import {
  FILES,
  type ProbeChoice,
  probeChoicesArb,
  probesFor,
  traceSpecArb,
} from '../replay/arbitraries';
import { buildTrace, type FixtureSpec } from '../replay/fixtures';

const KEY = 'lesson:panel';
const SCENARIOS = ['s1', 's2', 's3'] as const;

type Action =
  | { t: 'command'; command: Command }
  | { t: 'jump'; target: number }
  | { t: 'toggle'; file: number; line: number }
  | { t: 'condition'; index: number; condition: string | undefined }
  | { t: 'log'; index: number; log: string | undefined }
  | { t: 'enable'; index: number }
  | { t: 'hitCount'; index: number; hitCount: number | undefined }
  | { t: 'remove'; index: number }
  | { t: 'scenario'; scenario: string }
  | { t: 'rerun' }
  | { t: 'edit' }
  | { t: 'frame'; index: number }
  | { t: 'scenarios'; keep: boolean[]; reverse: boolean }
  | { t: 'move'; file: number; shift: number; drop: number }
  | { t: 'deliver'; index: number; as: 'trace' | 'crash' | 'stopped' }
  | { t: 'deliverAll' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      t: fc.constant('command' as const),
      command: fc.constantFrom(...COMMANDS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('jump' as const),
      target: fc.oneof(
        fc.integer({ min: -3, max: 120 }),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0.5, 7.5),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('toggle' as const),
      file: fc.nat({ max: 2 }),
      line: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('condition' as const),
      index: fc.nat({ max: 4 }),
      condition: fc.option(fc.constant('x > 1'), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('log' as const),
      index: fc.nat({ max: 4 }),
      log: fc.option(fc.constant('x={x}'), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('enable' as const), index: fc.nat({ max: 4 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('hitCount' as const),
      index: fc.nat({ max: 4 }),
      hitCount: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('remove' as const), index: fc.nat({ max: 4 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('scenario' as const),
      scenario: fc.constantFrom(...SCENARIOS, 'nope'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'rerun' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'edit' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('frame' as const),
      index: fc.integer({ min: -2, max: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('scenarios' as const),
      keep: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      reverse: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('move' as const),
      file: fc.nat({ max: 2 }),
      shift: fc.integer({ min: -2, max: 2 }),
      drop: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('deliver' as const),
      index: fc.nat({ max: 6 }),
      as: fc.constantFrom<'trace' | 'crash' | 'stopped'>(
        'trace',
        'trace',
        'trace',
        'crash',
        'stopped',
      ),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ t: 'deliverAll' as const }) },
);

/** The panel's focus function (the arbitraries name functions `f<frame id>`). */
type Focus = { file: string; fn: string };

/** Where the store starts stepping from "not run": the focus function's first call. */
function focusStart(trace: Trace, focus: Focus | null): number {
  if (!focus) return 0;
  for (let e = 0; e < trace.length; e++) {
    if (
      trace.kind[e] === EventKind.Call &&
      trace.fileOf(e) === focus.file &&
      trace.functionOf(e) === focus.fn
    )
      return e;
  }
  return 0;
}

/** The position a command must lead to from `position` (the engine, plus the focus start). */
function expected(
  w: ReturnType<typeof world>,
  trace: Trace,
  position: number,
  command: Command,
  breakpoints: Breakpoint[],
): number {
  if (
    position === START &&
    ['stepInto', 'stepOver', 'stepOut'].includes(command) &&
    trace.length > 0
  ) {
    return focusStart(trace, w.focus);
  }
  // The first line the focus function runs (its call if it runs none), or null.
  const focusLine = (focus: { file: string; fn: string }): number | null => {
    const call = focusStart(trace, focus);
    const isFocus =
      trace.length > 0 &&
      trace.kind[call] === EventKind.Call &&
      trace.fileOf(call) === focus.file &&
      trace.functionOf(call) === focus.fn;
    if (!isFocus) return null;
    for (let e = call + 1; e < trace.length; e++) {
      if (trace.depth[e] < trace.depth[call]) break;
      if (trace.kind[e] === EventKind.Line && trace.frame[e] === trace.frame[call]) return e;
    }
    return call;
  };
  // Debug with no breakpoint at all: the first line the focus function runs. (With
  // logpoints only, the run is not silent: it goes on to the end, writing them.)
  const canStop = breakpoints.some((b) => b.enabled && b.log === undefined);
  const logs = breakpoints.some((b) => b.enabled && b.log !== undefined);
  if ((command === 'debug' || command === 'restart') && !canStop && !logs && w.focus) {
    const first = focusLine(w.focus);
    if (first !== null) return first;
  }
  const hits = hitsFor(trace, breakpoints);
  // Reverse Continue with no stop behind: the focus function's first line if it is behind,
  // else the first step.
  if (command === 'reverseContinue' && position > 0) {
    const behind = Array.from(hits.stops).some((s) => s < Math.min(position, trace.length));
    if (!behind) {
      const first = w.focus ? focusLine(w.focus) : null;
      return first !== null && first < position ? first : 0;
    }
  }
  return step(trace, position, command, hits);
}

/** What the fake recorder was asked, and the trace it answered with. */
interface Asked {
  request: RecordRequest;
  resolve: (trace: Trace) => void;
}

/** Which request a trace answers (to check that the shown trace is the latest one). */
const answered = new WeakMap<Trace, RecordRequest>();

/**
 * A world: a random trace spec per (scenario, file version), a fake recorder that queues
 * requests until the test delivers them, and the store under test.
 */
function world(
  specs: FixtureSpec[],
  choices: ProbeChoice[],
  focus: Focus | null,
  initial: Partial<Pick<PanelState, 'scenario' | 'position'>> = {},
) {
  let version = 0;
  // The lesson's scenario list: the store asks for it, never keeps a copy.
  let scenarios: string[] = [...SCENARIOS];
  const asked: Asked[] = [];
  const specFor = (request: RecordRequest) => {
    const v = Number(/^v(\d+)/.exec(request.files[0].code)?.[1] ?? 0);
    return specs[
      (SCENARIOS.indexOf(request.scenario as (typeof SCENARIOS)[number]) + v * 3) % specs.length
    ];
  };
  const traceFor = (request: RecordRequest, as: 'trace' | 'crash' | 'stopped'): Trace => {
    if (as === 'crash') {
      return emptyTrace(
        'error',
        { type: 'WorkerCrashed', message: 'simulated', fromApp: true },
        FILES.slice(),
      );
    }
    const spec = specFor(request);
    // The recorder evaluates conditions and logpoints for the probes it was sent.
    const asBreakpoints: Breakpoint[] = (request.probes ?? []).map((p) => ({
      id: p.id,
      file: p.path,
      line: p.line,
      enabled: true,
      ...(p.condition ? { condition: p.condition } : {}),
      ...(p.log !== undefined ? { log: p.log } : {}),
    }));
    const full: FixtureSpec = { ...spec, probes: probesFor(spec, asBreakpoints, choices) };
    if (as === 'stopped') {
      // A budget stop: the same run cut short, with its reason.
      full.events = spec.events.slice(0, Math.ceil(spec.events.length / 2));
      full.probes = (full.probes ?? []).filter((p) => p[0] < full.events.length);
      full.outcome = 'stopped';
      full.error = {
        type: 'BudgetExceeded',
        reason: 'seconds',
        message: 'stopped after 1.5 s (the time budget)',
      };
    }
    return buildTrace(full);
  };
  const store = createPanelsStore({
    record(request) {
      return new Promise<Trace>((resolve) => asked.push({ request, resolve }));
    },
    focusOf: () => focus,
    scenariosOf: (key) => (key === KEY ? scenarios : []),
    initialOf: () => initial,
    requestFor(key, scenario) {
      if (key !== KEY || !scenarios.includes(scenario)) return null;
      return {
        scenario,
        files: [{ path: FILES[0], role: 'entry', code: `v${version}:${scenario}` }],
      };
    },
  });
  return {
    store,
    asked,
    focus,
    edit() {
      version++;
    },
    scenarios: () => scenarios,
    setScenarios(list: string[]) {
      scenarios = list;
    },
    currentRequest(scenario: string, breakpoints: Breakpoint[]): string {
      return JSON.stringify([`v${version}:${scenario}`, probesOf(breakpoints)]);
    },
    deliver(i: number, as: 'trace' | 'crash' | 'stopped') {
      const [a] = asked.splice(i % asked.length, 1);
      const trace = traceFor(a.request, as);
      answered.set(trace, a.request);
      a.resolve(trace);
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve();
};

function panelOf(w: ReturnType<typeof world>): PanelState {
  return w.store.getState().panels[KEY];
}

function isFresh(w: ReturnType<typeof world>, p: PanelState, trace: Trace): boolean {
  const req = answered.get(trace);
  if (!req) return false;
  return (
    JSON.stringify([req.files[0].code, req.probes ?? []]) ===
    w.currentRequest(p.scenario, p.breakpoints)
  );
}

/** Invariants that hold after every action. */
function checkInvariants(w: ReturnType<typeof world>, p: PanelState): void {
  expect(w.scenarios()).toContain(p.scenario);
  expect(p.frameIndex).toBeGreaterThanOrEqual(0);
  expect(Number.isInteger(p.position)).toBe(true);
  const places = p.breakpoints.map((b) => `${b.file}:${b.line}`);
  expect(new Set(places).size).toBe(places.length);
  expect(new Set(p.breakpoints.map((b) => b.id)).size).toBe(p.breakpoints.length);
  const trace = currentTrace(p);
  // what the panel renders must never throw
  uiStateOf(p, true);
  uiStateOf(p, false);
  if (!trace) return;
  expect(p.position).toBeGreaterThanOrEqual(START);
  expect(p.position).toBeLessThanOrEqual(trace.length);
  const hits = hitsFor(trace, p.breakpoints);
  positionView(trace, p.position, p.frameIndex);
  logMessages(trace, p.position, hits, p.breakpoints);
  trace.outputAt(p.position);
}

async function apply(w: ReturnType<typeof world>, a: Action): Promise<void> {
  const s = w.store.getState();
  const p = panelOf(w);
  const bp = (i: number): Breakpoint | undefined =>
    p.breakpoints[i % Math.max(1, p.breakpoints.length)];
  switch (a.t) {
    case 'command': {
      const trace = currentTrace(p);
      // A run the app lost (its worker crashed under it) is shown, but a command runs it again.
      const lost = trace !== null && recordingFailure(trace)?.type === AppFailure.WorkerCrashed;
      const ready = trace !== null && isFresh(w, p, trace) && !lost;
      const askedBefore = w.asked.length;
      s.command(KEY, a.command);
      const after = panelOf(w);
      if (ready && trace) {
        // exactly the engine's answer: a breakpoint stop, a step target, or the ends
        expect(after.position).toBe(expected(w, trace, p.position, a.command, p.breakpoints));
        expect(after.pending).toBeNull();
      } else {
        expect(after.pending).toEqual({ command: a.command });
      }
      if (lost && isFresh(w, p, trace)) {
        // asked again, for exactly the code and probes on screen
        expect(w.asked.length).toBe(askedBefore + 1);
        const again = w.asked[w.asked.length - 1].request;
        expect(JSON.stringify([again.files[0].code, again.probes ?? []])).toBe(
          w.currentRequest(p.scenario, p.breakpoints),
        );
      }
      break;
    }
    case 'jump':
      s.jumpTo(KEY, a.target);
      break;
    case 'toggle':
      s.toggleBreakpoint(KEY, ['a.py', 'b.py', 'c.py'][a.file], a.line);
      break;
    case 'condition': {
      const b = bp(a.index);
      if (b) s.updateBreakpoint(KEY, b.id, { condition: a.condition });
      break;
    }
    case 'log': {
      const b = bp(a.index);
      if (b) s.updateBreakpoint(KEY, b.id, { log: a.log });
      break;
    }
    case 'enable': {
      const b = bp(a.index);
      if (b) s.updateBreakpoint(KEY, b.id, { enabled: !b.enabled });
      break;
    }
    case 'hitCount': {
      const b = bp(a.index);
      if (b) s.updateBreakpoint(KEY, b.id, { hitCount: a.hitCount });
      break;
    }
    case 'remove': {
      const b = bp(a.index);
      if (b) s.removeBreakpoint(KEY, b.id);
      break;
    }
    case 'scenario':
      s.setScenario(KEY, a.scenario);
      if (w.scenarios().includes(a.scenario)) {
        expect(panelOf(w)).toMatchObject({ scenario: a.scenario, position: START, pending: null });
      } else {
        expect(panelOf(w).scenario).toBe(p.scenario);
      }
      break;
    case 'rerun':
      s.invalidate(KEY);
      break;
    case 'edit':
      // An author edits a lesson file mid-replay: the app re-records every scenario.
      w.edit();
      s.ensureTraces(KEY);
      break;
    case 'frame':
      s.selectFrame(KEY, a.index);
      break;
    case 'scenarios': {
      // The author added, removed or reordered scenarios (a lesson keeps at least one);
      // the app reconciles at once and re-records.
      const list: string[] = SCENARIOS.filter((_, i) => a.keep[i]);
      if (a.reverse) list.reverse();
      if (list.length > 0) w.setScenarios(list);
      s.reconcile(KEY);
      const after = panelOf(w);
      if (list.length > 0 && !list.includes(p.scenario)) {
        expect(after).toMatchObject({ scenario: list[0], position: START, pending: null });
      } else {
        expect(after.scenario).toBe(p.scenario);
      }
      s.ensureTraces(KEY);
      break;
    }
    case 'move': {
      // The author edited a file: its breakpoints follow their lines, or go, and the app
      // re-records (the edit changed the lesson).
      w.edit();
      s.moveBreakpoints(KEY, ['a.py', 'b.py', 'c.py'][a.file], (line) => {
        const moved = line + a.shift;
        return line === a.drop || moved < 1 ? null : moved;
      });
      s.ensureTraces(KEY);
      break;
    }
    case 'deliver':
    case 'deliverAll': {
      if (w.asked.length === 0) break;
      const before = panelOf(w);
      if (a.t === 'deliver') w.deliver(a.index, a.as);
      else while (w.asked.length) w.deliver(0, 'trace');
      await flush();
      const after = panelOf(w);
      const trace = currentTrace(after);
      // a command that waited for this trace is applied as if the trace had been there
      if (before.pending && 'command' in before.pending && !after.pending && trace) {
        expect(after.position).toBe(
          expected(w, trace, before.position, before.pending.command, after.breakpoints),
        );
      }
      break;
    }
  }
  await flush();
}

const worldArb = fc.record({
  specs: fc.array(traceSpecArb, { minLength: 1, maxLength: 4 }),
  choices: probeChoicesArb,
  initial: fc.record({
    scenario: fc.constantFrom<string | undefined>(...SCENARIOS, 'gone', undefined),
    position: fc.option(fc.integer({ min: -1, max: 60 }), { nil: undefined }),
  }),
  focus: fc.option(
    fc.record({
      file: fc.constantFrom('a.py', 'b.py'),
      fn: fc.constantFrom('f1', 'f2', 'f3', '<module>'),
    }),
    { nil: null },
  ),
  actions: fc.array(actionArb, { maxLength: 60 }),
});

describe('the panel store under random sessions', () => {
  it('keeps its invariants after every action', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async ({ specs, choices, initial, focus, actions }) => {
        const w = world(specs, choices, focus, {
          ...(initial.scenario ? { scenario: initial.scenario } : {}),
          ...(initial.position !== undefined ? { position: initial.position } : {}),
        });
        w.store.getState().initPanel(KEY);
        await flush();
        checkInvariants(w, panelOf(w));
        for (const a of actions) {
          await apply(w, a);
          checkInvariants(w, panelOf(w));
        }
        // Let every recording arrive: nothing may stay pending, and every scenario shows
        // the trace of its latest request.
        for (let rounds = 0; rounds < 5 && w.asked.length; rounds++) {
          while (w.asked.length) w.deliver(0, 'trace');
          await flush();
        }
        const p = panelOf(w);
        checkInvariants(w, p);
        expect(p.pending).toBeNull();
        for (const s of w.scenarios()) {
          const trace = p.traces[s]?.trace;
          expect(trace, `scenario ${s} has a trace`).toBeTruthy();
          const req = answered.get(trace as Trace) as RecordRequest;
          expect(JSON.stringify([req.files[0].code, req.probes ?? []])).toBe(
            w.currentRequest(s, p.breakpoints),
          );
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 1000) },
    );
  }, 60_000);

  it('keeps the position inside a trace that was replaced by a shorter one mid-replay', async () => {
    // Paused far into a long trace, the author edits the code so the new trace is short.
    const long = {
      frames: [{ fn: '<module>', file: 'a.py' }],
      events: Array.from({ length: 40 }, (_, i) => ({
        kind: 'line' as const,
        frame: 0,
        line: (i % 4) + 1,
      })),
    };
    const short = {
      frames: [{ fn: '<module>', file: 'a.py' }],
      events: [{ kind: 'line' as const, frame: 0, line: 1 }],
    };
    const w = world([long, long, long, short, short, short], ['1'], null);
    const s = w.store.getState();
    s.initPanel(KEY);
    while (w.asked.length) w.deliver(0, 'trace');
    await flush();
    s.jumpTo(KEY, 30);
    expect(panelOf(w).position).toBe(30);
    w.edit();
    s.ensureTraces(KEY);
    while (w.asked.length) w.deliver(0, 'trace');
    await flush();
    const p = panelOf(w);
    expect(currentTrace(p)?.length).toBe(1);
    expect(p.position).toBeLessThanOrEqual(1);
  });
});
