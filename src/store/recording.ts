/**
 * How the panel store records: which probes a trace needs for the breakpoints, the key
 * that says whether a recorded trace is still the one for the current files and probes,
 * and where stepping starts in a fresh trace.
 */
import type { Breakpoint } from '../replay/engine';
import type { RecordRequest } from '../runtime/protocol';
import { AppFailure, EventKind, recordingFailure } from '../trace/meta';
import type { Trace } from '../trace/trace';

/**
 * Where stepping starts when nothing has run yet: the first call of the focus
 * function, not the module-level lines of the setup that lead to it.
 */
export function firstFocusEvent(trace: Trace, focus: { file: string; fn: string } | null): number {
  if (!focus) return 0;
  const f = trace.meta.files.indexOf(focus.file);
  for (let e = 0; e < trace.length; e++) {
    if (trace.kind[e] === EventKind.Call && trace.file[e] === f && trace.functionOf(e) === focus.fn)
      return e;
  }
  return 0;
}

const callStarts = new WeakMap<Trace, Map<string, number>>();

/**
 * {@link firstFocusEvent}, kept per trace: the timeline shades the steps before it (the
 * scenario's setup) at every render, and a trace's events never change.
 */
export function callStartOf(trace: Trace, focus: { file: string; fn: string }): number {
  const known = callStarts.get(trace) ?? new Map<string, number>();
  callStarts.set(trace, known);
  const key = `${focus.file}\n${focus.fn}`;
  const start = known.get(key) ?? firstFocusEvent(trace, focus);
  known.set(key, start);
  return start;
}

/** The probes a trace must be recorded with for these breakpoints. */
export function probesOf(breakpoints: readonly Breakpoint[]) {
  return breakpoints
    .filter((b) => !b.held && (b.condition || b.log !== undefined))
    .map((b) => ({
      id: b.id,
      path: b.file,
      line: b.line,
      ...(b.condition ? { condition: b.condition } : {}),
      ...(b.log !== undefined ? { log: b.log } : {}),
      // A logpoint's message runs at its hit only (a breakpoint's hit count is the replay's).
      ...(b.log !== undefined && b.hitCount ? { hitCount: b.hitCount } : {}),
    }));
}

/**
 * The key of a trace slot: the files, then (after a newline, which JSON never holds
 * unescaped) the probes it was recorded with.
 */
export function slotKey(
  request: Omit<RecordRequest, 'probes'>,
  breakpoints: readonly Breakpoint[],
) {
  const files = JSON.stringify(request.files.map((f) => [f.path, f.code]));
  return `${files}\n${JSON.stringify(probesOf(breakpoints))}`;
}

/**
 * Marker before the slot key of a trace that says nothing about the code because Python
 * was not there (unavailable, or a shipped stand-in): recorded again at the next request,
 * including the one a ready Python makes.
 */
const TRANSIENT = 'transient:';
/**
 * Marker before the slot key of a run the app lost (its worker crashed or was restarted
 * under it, its trace was unreadable, or it broke the recorder's seal; each tells the
 * reader to run again): recorded again
 * when the reader acts on the scenario, never by itself, since a run that crashes its
 * worker would crash every new one.
 */
const RETRY = 'retry:';

/** The key a recorded trace is kept under: its slot key, marked if it must be recorded again. */
export function keptKey(skey: string, trace: Trace, standIn: boolean): string {
  const failure = recordingFailure(trace)?.type;
  if (standIn || failure === AppFailure.PythonUnavailable) return TRANSIENT + skey;
  return failure === undefined ? skey : RETRY + skey;
}

/**
 * Whether a trace kept under `kept` spares recording the slot key `skey` again: it is up
 * to date, or a lost run the reader has not asked to run again (`retry`).
 */
export function keptFor(kept: string | undefined, skey: string, retry: boolean): boolean {
  return kept === skey || (!retry && kept === RETRY + skey);
}

/** Whether a kept key is shown for the slot key `skey`: up to date, or marked to record again. */
export function shownKey(kept: string, skey: string): boolean {
  return kept === skey || kept === TRANSIENT + skey || kept === RETRY + skey;
}

/** A kept key without its marker. */
function bareKey(kept: string): string {
  for (const marker of [TRANSIENT, RETRY])
    if (kept.startsWith(marker)) return kept.slice(marker.length);
  return kept;
}

/**
 * Whether two slot or kept keys were recorded from the same code (their probes and
 * markers may differ).
 */
export function sameCode(a: string, b: string): boolean {
  const code = (key: string) => bareKey(key).split('\n', 1)[0];
  return code(a) === code(b);
}

/**
 * Breakpoints of `file` after an edit: `map(line)` gives each one's new line, or null to
 * drop it; two landing on one line keep the first. Null when nothing moved.
 */
export function movedBreakpoints(
  breakpoints: readonly Breakpoint[],
  file: string,
  map: (line: number) => number | null,
): Breakpoint[] | null {
  let changed = false;
  const seen = new Set<number>();
  const out: Breakpoint[] = [];
  for (const b of breakpoints) {
    if (b.file !== file) {
      out.push(b);
      continue;
    }
    const line = map(b.line);
    if (line !== b.line) changed = true;
    if (line === null || seen.has(line)) continue;
    seen.add(line);
    out.push(line === b.line ? b : { ...b, line });
  }
  return changed ? out : null;
}
