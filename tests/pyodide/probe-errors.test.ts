/**
 * The condition-error path through the real recorder (issue 14): a condition that does
 * not compile or raises is reported per hit as an error, never as a truthy result, so the
 * hit index never stops there and shows the error; a failing log message is an error too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { indexHits } from '../../src/replay/engine';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';
import { script } from './helpers';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});

const CODE =
  'def call(callback):\n    answer = callback(1)\n    return answer\nfor k in range(3):\n    call(str)\n';

describe('breakpoint conditions and log messages that fail', () => {
  it('reports a condition that does not compile as an error at every hit, and never stops', () => {
    const probes = [
      { id: 'syntax', path: 'main.py', line: 2, condition: 'callback.__nam ==' },
      { id: 'name', path: 'main.py', line: 2, condition: 'nosuchname > 1' },
      { id: 'ok', path: 'main.py', line: 2, condition: 'callback is str' },
    ];
    const trace = rec.record({ scenario: '', files: script(CODE), probes });
    const byId = (id: string) => trace.meta.probes.filter((p) => p[1] === id);
    expect(byId('syntax').map((p) => p[2])).toEqual(['error', 'error', 'error']);
    expect(byId('syntax')[0][3]).toMatch(/^SyntaxError: /);
    // Said as Python's own message, without the eval's "(<string>, line 1)".
    expect(byId('syntax')[0][3]).not.toContain('<string>');
    expect(byId('name')[0][3]).toMatch(/^NameError: name 'nosuchname' is not defined/);
    const bps = probes.map((p) => ({
      id: p.id,
      file: 'main.py',
      line: 2,
      enabled: true,
      condition: p.condition,
    }));
    const hits = indexHits(trace, bps);
    expect(hits.byBreakpoint.get('syntax')).toEqual([]);
    expect(hits.byBreakpoint.get('name')).toEqual([]);
    expect(hits.byBreakpoint.get('ok')).toHaveLength(3);
    expect(hits.stops).toHaveLength(3);
    expect(hits.probeErrors.get('syntax')?.count).toBe(3);
    expect(hits.probeErrors.get('name')?.message).toMatch(/^NameError/);
    expect(hits.probeErrors.has('ok')).toBe(false);
  });

  it('reports a failing log message as an error, not as a message', () => {
    const probes = [{ id: 'log', path: 'main.py', line: 2, log: 'hook {nosuchname}' }];
    const trace = rec.record({ scenario: '', files: script(CODE), probes });
    expect(trace.meta.probes.map((p) => p[2])).toEqual(['error', 'error', 'error']);
    const hits = indexHits(trace, [
      { id: 'log', file: 'main.py', line: 2, enabled: true, log: 'hook {nosuchname}' },
    ]);
    expect(hits.stops).toHaveLength(0);
    expect(hits.probeErrors.get('log')?.count).toBe(3);
  });

  it('words a budget stop from its reason and limit, not from English text', () => {
    const trace = rec.record({
      scenario: '',
      files: script('while True:\n    pass\n'),
      budget: { maxEvents: 500 },
    });
    expect(trace.meta.outcome).toBe('stopped');
    expect(trace.meta.error).toMatchObject({ reason: 'events', limit: 500 });
  });
});
