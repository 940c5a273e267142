/**
 * How the panel store records: which probes a trace needs for the breakpoints, the key
 * that says whether a recorded trace is still the one for the current files and probes,
 * and where stepping starts in a fresh trace.
 */
import type { Breakpoint } from '../replay/engine';
import type { RecordRequest } from '../runtime/protocol';
import { EventKind } from '../trace/meta';
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
 * Whether two slot keys were recorded from the same code (their probes may differ). A key
 * may carry a marker before its files (`prefix`), which does not count.
 */
export function sameCode(a: string, b: string, prefix = ''): boolean {
  const code = (key: string) =>
    (key.startsWith(prefix) ? key.slice(prefix.length) : key).split('\n', 1)[0];
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
