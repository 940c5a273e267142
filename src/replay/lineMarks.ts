/**
 * "Just ran" and "runs next": the two lines the code view marks differently for the
 * selected frame at a position. Pure; reads only the trace's columns.
 */

/** The columns and lookup of a trace that the marks need (the trace reader has them). */
export interface LineMarkTrace {
  readonly length: number;
  readonly kind: Int8Array;
  readonly line: Int32Array;
  readonly file: Int8Array;
  readonly meta: { files: string[] };
  /** The last event of `frameId` at or before event `i`, or -1. */
  lastEventAt(frameId: number, i: number): number;
}

/** A line of a file. */
export interface FileLine {
  file: string;
  line: number;
}

/** The line that just ran and the line about to run (either may be unknown). */
export interface LineMarks {
  justRan: FileLine | null;
  runsNext: FileLine | null;
}

const CALL = 0;
const LINE = 1;

/**
 * The marks for frame `frameId` at event `position`. At a line event the frame is about
 * to run that line, and the line that just ran is the frame's previous line event (not a
 * callee's: after a call returns, the caller's call line is what just ran). At a return
 * or an exception the event's line is what just ran, and nothing runs next in that frame.
 * At a call event the frame has run nothing yet.
 */
export function lineMarks(trace: LineMarkTrace, frameId: number, position: number): LineMarks {
  if (trace.length === 0 || position < 0) return { justRan: null, runsNext: null };
  const at = (e: number): FileLine => ({
    file: trace.meta.files[trace.file[e]],
    line: trace.line[e],
  });
  const cur = trace.lastEventAt(frameId, Math.min(position, trace.length - 1));
  if (cur < 0) return { justRan: null, runsNext: null };
  const kind = trace.kind[cur];
  if (kind === CALL) return { justRan: null, runsNext: at(cur) };
  if (kind !== LINE) return { justRan: at(cur), runsNext: null };
  let prev = trace.lastEventAt(frameId, cur - 1);
  while (prev >= 0 && trace.kind[prev] !== LINE) {
    if (trace.kind[prev] === CALL) return { justRan: null, runsNext: at(cur) };
    prev = trace.lastEventAt(frameId, prev - 1);
  }
  return { justRan: prev >= 0 ? at(prev) : null, runsNext: at(cur) };
}
