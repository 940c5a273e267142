/**
 * The recorder (Python) and the page (TypeScript) agree on what they both hard-code: the
 * event kinds, the trace format's version and a run's time budget. Read from the
 * recorder's source, so a change on one side alone fails here, not in a lesson.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_EVENTS,
  DEFAULT_MAX_SECONDS,
  HARD_MAX_EVENTS,
  HARD_MAX_SECONDS,
  runSeconds,
  writeSeconds,
} from '../../../src/runtime/protocol';
import { EventKind, TRACE_FORMAT_VERSION } from '../../../src/trace/meta';

const config = readFileSync(
  new URL('../../../src/runtime/recorder/config.py', import.meta.url),
  'utf8',
);

/** The number a top-level `NAME = value` of config.py assigns (underscores allowed). */
function pyNumber(name: string): number {
  const m = new RegExp(`^${name} = ([0-9_.]+)\\s*$`, 'm').exec(config);
  if (!m) throw new Error(`config.py has no ${name} = <number>`);
  return Number(m[1].replaceAll('_', ''));
}

describe('recorder constants, Python and TypeScript', () => {
  it('number the event kinds alike', () => {
    const m = /^K_CALL, K_LINE, K_RETURN, K_EXCEPTION, K_UNWIND, K_YIELD = (.+)$/m.exec(config);
    expect(m?.[1].split(',').map((x) => Number(x.trim()))).toEqual([
      EventKind.Call,
      EventKind.Line,
      EventKind.Return,
      EventKind.Exception,
      EventKind.Unwind,
      EventKind.Yield,
    ]);
  });

  it('write and read the same trace format version', () => {
    expect(pyNumber('FORMAT_VERSION')).toBe(TRACE_FORMAT_VERSION);
  });

  it('give a run the same time budget', () => {
    expect(pyNumber('DEFAULT_MAX_SECONDS')).toBe(DEFAULT_MAX_SECONDS);
    expect(pyNumber('HARD_MAX_SECONDS')).toBe(HARD_MAX_SECONDS);
  });

  it('give a run the same event budget', () => {
    expect(pyNumber('DEFAULT_MAX_EVENTS')).toBe(DEFAULT_MAX_EVENTS);
    expect(pyNumber('HARD_MAX_EVENTS')).toBe(HARD_MAX_EVENTS);
  });

  it("give writing a trace time by the run's event budget, never past the hard limit", () => {
    expect(writeSeconds({})).toBeCloseTo(20);
    expect(writeSeconds({ budget: { maxEvents: 200_000 } })).toBeCloseTo(12);
    expect(writeSeconds({ budget: { maxEvents: HARD_MAX_EVENTS * 10 } })).toBeCloseTo(60);
  });

  it('limit a request to its budget, the default or the hard limit', () => {
    expect(runSeconds({})).toBe(DEFAULT_MAX_SECONDS);
    expect(runSeconds({ budget: { maxSeconds: 4 } })).toBe(4);
    expect(runSeconds({ budget: { maxSeconds: HARD_MAX_SECONDS * 10 } })).toBe(HARD_MAX_SECONDS);
  });
});
