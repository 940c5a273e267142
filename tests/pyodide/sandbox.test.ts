/**
 * Lesson code never touches the host (issue 11.1) and lessons may declare how a run
 * ends (11.3), end to end through the lesson checker: the hostile lesson under
 * tests/fixtures/hostile-lessons tries host commands, host file writes and the
 * network, each scenario declaring the error it must end in, so the check passes only
 * if every attempt was refused at the lesson's own line. Meanwhile a marker folder
 * must stay empty and a local server must receive nothing. Also: a source that is not
 * UTF-8 fails the check at its file, line and byte offset (11.5).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, runCheck } from '../../scripts/lib/check';
import { recorderInstall } from '../../src/runtime/node-recorder';
import {
  createSandboxedRecorder,
  PYODIDE_DIR,
  permissionFlag,
  sandboxFlags,
} from '../../src/runtime/sandbox/runner';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Copy a fixture root to a temporary folder, filling in the setup's placeholders. */
function copyFixture(name: string, replace: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), `wpt-${name}-`));
  cpSync(path.join(FIXTURES, name), root, { recursive: true });
  const fill = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) fill(file);
      else if (file.endsWith('.py')) {
        let text = readFileSync(file, 'utf8');
        for (const [k, v] of Object.entries(replace)) text = text.replaceAll(k, v);
        writeFileSync(file, text);
      }
    }
  };
  fill(root);
  return root;
}

async function check(
  root: string,
  update: boolean,
): Promise<{ result: CheckResult; out: string[] }> {
  const out: string[] = [];
  const result = await runCheck({ root, update, cwd: root, print: (l) => out.push(l) });
  return { result, out };
}

/** The report line of one run, and the line after it (the problem, for a failure). */
function runLines(out: string[], run: string): [string, string] {
  const i = out.findIndex((l) => / {2}(ok|FAIL) {2,4}/.test(l) && l.includes(` ${run}:`));
  if (i < 0) throw new Error(`no report line for ${run}:\n${out.join('\n')}`);
  return [out[i], out[i + 1] ?? ''];
}

describe('a hostile lesson checked by lessons:check', () => {
  let server: Server;
  const connections: string[] = [];
  let root: string;
  let markers: string;
  let first: { result: CheckResult; out: string[] };

  beforeAll(async () => {
    server = createServer((socket) => {
      connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    markers = mkdtempSync(path.join(tmpdir(), 'wpt-markers-'));
    root = copyFixture('hostile-lessons', { __PORT__: String(port), __MARKER_DIR__: markers });
    first = await check(root, true);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
    rmSync(markers, { recursive: true, force: true });
  });

  it('ends every attempt in the error its scenario declares, and the check passes', () => {
    expect(first.result.failed, first.out.join('\n')).toBe(0);
    expect(first.result.passed).toBe(9);
    for (const [run, type] of [
      ['host_command', 'PermissionError'],
      ['host_process', 'OSError'],
      ['host_command_js', 'JsException'],
      ['host_write', 'JsException'],
      ['network_import', 'ImportError'],
      ['network_js', 'JsException'],
      ['network_node', 'JsException'],
      ['node_globals', 'JsException'],
    ]) {
      expect(runLines(first.out, `victim/${run}`)[0]).toContain(
        `error as declared (an uncaught ${type})`,
      );
    }
  });

  it('leaves nothing on the host: no marker file, no connection to the local server', () => {
    expect(readdirSync(markers)).toEqual([]);
    expect(connections).toEqual([]);
  });

  it('names the file and line of each attempt, with a clear reason', () => {
    const golden = (scenario: string) =>
      JSON.parse(
        readFileSync(path.join(root, 'hostile', 'golden', 'victim', `${scenario}.json`), 'utf8'),
      );
    const command = golden('host_command');
    expect(command.error).toMatchObject({
      type: 'PermissionError',
      file: 'scenarios/host_command.py',
      line: 3,
    });
    expect(command.error.message).toMatch(/os\.system\(\) is disabled in this playground/);
    expect(golden('host_command_js').error.message).toMatch(
      /Access to this API has been restricted/,
    );
    expect(golden('network_import').error.message).toMatch(/cannot reach the network/);
    const js = golden('network_js');
    expect(js.error).toMatchObject({ file: 'scenarios/network_js.py', line: 9 });
    expect(js.error.message).toMatch(/network access is disabled/);
    expect(js.output).toBe(
      'XMLHttpRequest -> JsException\nWebSocket -> JsException\nEventSource -> JsException\n',
    );
    const node = golden('network_node');
    expect(node.output).toBe('process: None require: None\n');
    expect(node.error.message).toMatch(/Code generation from strings disallowed/);
    // The built-in modules `node --eval` put on the global object are gone too.
    const globals = golden('node_globals');
    expect(globals.output).toBe(
      'vm: None os: None fs: None events: None trace_events: None v8: None\n',
    );
    expect(globals.error).toMatchObject({ file: 'scenarios/node_globals.py', line: 7 });
    expect(globals.error.message).toMatch(
      /storage and messages outside the current run are disabled/,
    );
    // The write went to Python's virtual filesystem; the mount of the host folder failed.
    const write = golden('host_write');
    expect(write.output).toBe("wrote ['write']\n");
    expect(write.error).toMatchObject({ file: 'scenarios/host_write.py', line: 13 });
  });

  it('gives the same result when checked again against its golden files', async () => {
    const again = await check(root, false);
    expect(again.result.failed, again.out.join('\n')).toBe(0);
    expect(readdirSync(markers)).toEqual([]);
    expect(connections).toEqual([]);
    // A second check loads Pyodide in a fresh child: slow on a busy machine.
  }, 180_000);
});

describe('expected endings', () => {
  let root: string;
  let first: { result: CheckResult; out: string[] };

  beforeAll(async () => {
    root = copyFixture('endings');
    first = await check(root, true);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes a scenario that stops or raises as it declares, with no budget warning', () => {
    expect(runLines(first.out, 'runaway/loop_forever')[0]).toContain(
      'stopped as declared (a stop by its time budget)',
    );
    expect(runLines(first.out, 'runaway/recursion')[0]).toContain(
      'error as declared (an uncaught RecursionError)',
    );
    expect(runLines(first.out, 'count/count_forever')[0]).toContain(
      'stopped as declared (a stop by its event budget), 2000 events',
    );
    expect(first.out.filter((l) => l.includes('warning'))).toEqual([]);
  });

  it('fails a scenario whose declared ending does not happen, at the ending in lesson.json', () => {
    const manifest = readFileSync(path.join(root, 'ending-time', 'lesson.json'), 'utf8');
    const line = manifest.split('\n').findIndex((l) => l.includes('"ValueError"')) + 1;
    const [status, problem] = runLines(first.out, 'runaway/declared_but_completes');
    expect(status).toContain('FAIL');
    expect(problem).toContain(`ending-time/lesson.json:${line}:`);
    expect(problem).toContain(
      'expected an uncaught ValueError, but the run ended by completing normally',
    );
    expect(first.result.failed).toBe(1);
  });

  it('records the ending in the golden file: a clock stop keeps only how it ended', () => {
    const golden = (lesson: string, panel: string, scenario: string) =>
      JSON.parse(
        readFileSync(path.join(root, lesson, 'golden', panel, `${scenario}.json`), 'utf8'),
      );
    expect(golden('ending-time', 'runaway', 'loop_forever')).toEqual({
      outcome: 'stopped',
      error: {
        type: 'BudgetExceeded',
        message: 'stopped after 2 s (the time budget)',
        file: null,
        line: null,
      },
      events: null,
      lines: {},
      calls: {},
      output: '',
    });
    const recursion = golden('ending-time', 'runaway', 'recursion');
    expect(recursion.outcome).toBe('error');
    expect(recursion.error.type).toBe('RecursionError');
    const events = golden('ending-events', 'count', 'count_forever');
    expect(events.outcome).toBe('stopped');
    expect(events.events).toBe(2000);
  });

  it('passes again against its golden files (the failing scenario aside)', async () => {
    const again = await check(root, false);
    expect(again.result.failed, again.out.join('\n')).toBe(1);
    expect(runLines(again.out, 'runaway/loop_forever')[0]).toContain('ok');
    expect(runLines(again.out, 'runaway/recursion')[0]).toContain('ok');
    // A second check loads Pyodide in a fresh child: slow on a busy machine.
  }, 180_000);
});

describe('lessons:check on a Latin-1 source', () => {
  it('fails the lesson at the file, line and byte offset, before running anything', async () => {
    const fixtures = path.join(FIXTURES, 'endings');
    const root = mkdtempSync(path.join(tmpdir(), 'wpt-latin1-'));
    try {
      cpSync(path.join(fixtures, 'ending-events'), path.join(root, 'ending-events'), {
        recursive: true,
      });
      const file = path.join(root, 'ending-events', 'src', 'count.py');
      const text = readFileSync(file, 'utf8');
      // "# café" in Latin-1 on the second line: é is the single byte 0xE9.
      const lines = text.split('\n');
      const latin1 = Buffer.concat([
        Buffer.from(`${lines[0]}\n    # caf`),
        Buffer.from([0xe9]),
        Buffer.from(`\n${lines.slice(1).join('\n')}`),
      ]);
      writeFileSync(file, latin1);
      const out: string[] = [];
      const result = await runCheck({ root, update: false, cwd: root, print: (l) => out.push(l) });
      expect(result.failed).toBe(1);
      const offset = Buffer.byteLength(`${lines[0]}\n    # caf`);
      expect(out).toContain(
        `ending-events/src/count.py:2:10: not valid UTF-8: byte 0xE9 at byte offset ${offset}; save the file as UTF-8`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the sandboxed recorder itself', () => {
  it('stops a C call that never returns by replacing the child, and the next run works', async () => {
    const rec = await createSandboxedRecorder({ install: recorderInstall() });
    try {
      const stuck = await rec.record({
        scenario: 'x',
        files: [{ path: 'main.py', role: 'entry', code: 'sum(range(10**15))\n' }],
        budget: { maxSeconds: 0.5 },
      });
      expect(stuck.meta.outcome).toBe('stopped');
      expect(stuck.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'killed' });
      expect(stuck.meta.error?.message).toMatch(/stuck in a long call/);
      const next = await rec.record({
        scenario: 'x',
        files: [{ path: 'main.py', role: 'entry', code: 'print(6 * 7)\n' }],
      });
      expect(next.meta.output).toBe('42\n');
      expect(rec.restarts).toBe(1);
    } finally {
      rec.close();
    }
    // Two Pyodide loads in fresh child processes: slow on a busy machine.
  }, 180_000);

  it('keeps a long run stopped by its clock, however long writing its trace takes', async () => {
    // Writing a trace takes about half as long as recording it: far longer than the grace
    // after the budget here. The child says when the code has ended; the writing that
    // follows is not taken for a stuck program.
    const rec = await createSandboxedRecorder({ install: recorderInstall(), killGraceMs: 800 });
    try {
      const trace = await rec.record({
        scenario: 'x',
        files: [{ path: 'main.py', role: 'entry', code: 'n = 0\nwhile True:\n    n += 1\n' }],
        budget: { maxSeconds: 4, maxEvents: 5_000_000 },
      });
      expect(trace.meta.error).toMatchObject({ type: 'BudgetExceeded', reason: 'seconds' });
      expect(trace.length).toBeGreaterThan(100_000);
      expect(rec.restarts).toBe(0);
    } finally {
      rec.close();
    }
  }, 180_000);

  it('runs under the permission model, with no write, child-process or worker permission', () => {
    const flags = sandboxFlags();
    expect(flags).toContain(permissionFlag());
    expect(flags).toContain('--disallow-code-generation-from-strings');
    expect(flags.filter((f) => f.startsWith('--allow-'))).toEqual([
      `--allow-fs-read=${PYODIDE_DIR}${path.sep}`,
    ]);
  });
});
