/**
 * What an event hands back: the value a function returns, or the exception it raises or
 * that leaves it. One rule for every reader of it (the Variables pane's "return value"
 * row, the reference diagram's row of the same name).
 */
import { EventKind } from './meta';
import type { Trace } from './trace';

/**
 * How a frame hands a value back: it returns it, yields it (a generator, which may resume),
 * raises it, or is left by it (an exception raised further in).
 */
export type ResultKind = 'return' | 'yield' | 'exception' | 'unwind';

/** The value the event at a step hands back, and the frame that hands it back. */
export interface StepResult {
  /** The frame the event is in: its value belongs to it, not to the callers. */
  frameId: number;
  kind: ResultKind;
  /** A trace `Ref` (read with `slotOf`/`refId` in ./values.ts). */
  value: number;
}

/**
 * The value handed back at `step`, or null when the event hands none back. A module's code
 * "returns" None when it ends, and a class body its `__class__` cell (still empty: the class
 * does not exist yet) or None: true, but not values anyone returned, so they are left out.
 */
export function resultAt(trace: Trace, step: number): StepResult | null {
  if (step < 0 || step >= trace.length) return null;
  const value = trace.aux[step];
  if (value === -1) return null;
  const k = trace.kind[step];
  const frameId = trace.frame[step];
  if (k === EventKind.Return) {
    if (trace.functionOf(step) === '<module>' || trace.frames.isClassBody(frameId)) return null;
    return { frameId, kind: 'return', value };
  }
  if (k === EventKind.Yield) return { frameId, kind: 'yield', value };
  if (k === EventKind.Exception) return { frameId, kind: 'exception', value };
  if (k === EventKind.Unwind) return { frameId, kind: 'unwind', value };
  return null;
}
