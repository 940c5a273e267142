/**
 * Issue 5.3 in the built app: a Python worker that dies, or a Pyodide fatal error, is
 * detected, reported and replaced without a reload; a Python runtime that cannot load
 * shows a clear error with a retry, never an endless spinner.
 *
 * A crash *during* a run cannot be staged from outside (the worker's event loop is busy
 * with the run, so nothing injected runs until it ends); that the run in flight is then
 * answered with an error trace is covered by tests/unit/runtime/client.test.ts and
 * tests/unit/reliability/protocol.test.ts. The Pyodide fatal error below does happen
 * in the middle of a run.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppSession } from './harness';
import { panel, ready, waitState } from './panel-helpers';
import {
  addCondition,
  crashPythonWorker,
  keepWorkers,
  openWithDraft,
  output,
  panelReport,
  pythonWorker,
  runScenario,
  runtimeLineOf,
  runtimeState,
  shipped,
} from './reliability-helpers';

describe('a worker that dies while idle', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openWithDraft(
      { setup: (session) => keepWorkers(session.context) },
      '/?lesson=s04-hooks&lang=en',
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is detected and replaced on its own', async () => {
    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    await runScenario(p, null, 'run', 'finished');
    const worker = await pythonWorker(app.page);
    const closed = new Promise((resolve) => worker.once('close', resolve));
    await crashPythonWorker(app.page);
    // the client saw the error event, terminated the worker and started another
    await closed;
    await runtimeState(app.page, 'ready');
    expect(await pythonWorker(app.page)).not.toBe(worker);
    // the error was handled: not an uncaught error of the page
    expect(app.pageErrors).toEqual([]);
  });

  it('the next run (a new recording: a condition to evaluate) succeeds on the new worker', async () => {
    const p = panel(app.page, 'run_hooks');
    const line = runtimeLineOf('answer = callback(');
    await addCondition(p, line, 'callback.__name__ == "second"');
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    await expect(
      p.locator('[data-testid=var][data-name=callback]').textContent(),
    ).resolves.toContain('second');
    expect(app.foreignRequests).toEqual([]);
  });
});

describe('a Pyodide fatal error in the middle of a run', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openWithDraft({
      draft: {
        // Unrecorded code (compiled by exec) unwinds an exception through 20,000 frames:
        // that overflows the JavaScript stack inside Pyodide, a fatal error.
        'scenarios/before.py': `${shipped('scenarios/before.py')}\nimport sys\nsys.setrecursionlimit(10**6)\nns = {}\nexec("def r(n):\\n    if n == 0:\\n        raise ValueError('bottom')\\n    return r(n - 1)\\ntry:\\n    r(20000)\\nexcept ValueError:\\n    pass\\n", ns)\n`,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is detected and reported in the panel, and the worker is replaced', async () => {
    const p = panel(app.page, 'audit_event');
    await runtimeState(app.page, 'ready');
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'error');
    const report = await panelReport(p);
    expect(report.error).toContain('WorkerCrashed');
    expect(report.error).toMatch(/Maximum call stack size exceeded|fatal/i);
    expect(report.error).toContain('Python was restarted; run again.');
    await runtimeState(app.page, 'ready');
  });

  it('the next runs succeed on the new worker, without a reload', async () => {
    const audit = panel(app.page, 'audit_event');
    await runScenario(audit, 'after', 'run', 'finished');
    expect(await output(audit)).toContain("'event': 'after'");
    const hooks = panel(app.page, 'run_hooks');
    await ready(app.page, hooks);
    const line = runtimeLineOf('answer = callback(');
    await addCondition(hooks, line, 'event == "before"');
    await hooks.locator('[data-testid=debug]').click();
    await waitState(hooks, 'paused', line);
    expect(app.foreignRequests).toEqual([]);
  });
});

describe('a run that rewrites the recorder itself', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openWithDraft({
      draft: {
        // As a shared link's condition or a student's own script could: the recorder is
        // reachable from Python, and a changed method would falsify every later run.
        'scenarios/before.py': `${shipped('scenarios/before.py')}\nimport sys\nvalues = next(m for n, m in sys.modules.items() if n.endswith("recorder.values"))\nvalues.Values.atom = lambda self, *args: None\n`,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is not shown: the panel says what it changed, and Python starts afresh', async () => {
    const p = panel(app.page, 'audit_event');
    await runtimeState(app.page, 'ready');
    const worker = await pythonWorker(app.page);
    await p.locator('[data-testid=run]').click();
    await waitState(p, 'error');
    const report = await panelReport(p);
    expect(report.error).toMatch(
      /This run changed wpt_recorder\.values\.Values\.atom, which every later run would go through/,
    );
    expect(report.error).toContain('Python was restarted; run again.');
    await runtimeState(app.page, 'ready');
    const second = await pythonWorker(app.page);
    expect(second).not.toBe(worker);
    // "Run again", as the panel says: the scenario is recorded again (not the kept error
    // shown once more), so this run breaks the seal again and the new worker is replaced
    let replaced = false;
    second.once('close', () => {
      replaced = true;
    });
    await p.locator('[data-testid=run]').click();
    await expect.poll(() => replaced, { timeout: 30_000 }).toBe(true);
    await runtimeState(app.page, 'ready');
    await waitState(p, 'error');
    expect((await panelReport(p)).error).toMatch(/This run changed wpt_recorder\.values/);
    // the next run is recorded by an untouched recorder
    await runScenario(p, 'after', 'run', 'finished');
    expect(await output(p)).toContain("'event': 'after'");
  });
});

describe('a Python runtime that cannot load', () => {
  let app: AppSession | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const htmlFallback =
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';

  it.each(['python_stdlib.zip', 'pyodide.asm.wasm'])(
    'a missing %s answered by the HTML fallback: a clear error, no spinner, a retry that works',
    async (asset) => {
      const route = `**/pyodide/${asset}`;
      app = await openWithDraft(
        {
          setup: (s) =>
            s.context.route(route, (r) =>
              r.fulfill({ status: 200, contentType: 'text/html', body: htmlFallback }),
            ),
        },
        '/?lesson=s04-hooks&lang=en',
      );
      const session = app;
      await runtimeState(session.page, 'failed', 30_000);
      const badge = session.page.locator('[data-testid=runtime]');
      await expect(badge.getAttribute('role')).resolves.toBe('alert');
      const text = await badge.textContent();
      expect(text).toContain(
        `Python could not start: Python's files could not be loaded from this site: ${asset} was answered with an HTML page.`,
      );
      // no spinner anywhere, and the panels replay their shipped traces all the same
      await expect(session.page.locator('.spinner').count()).resolves.toBe(0);
      const p = panel(session.page, 'run_hooks');
      await p.locator('[data-testid=run]').click();
      await waitState(p, 'finished');
      expect((await panelReport(p)).error).toBeFalsy();

      // the asset comes back: Retry, no reload, and the panels run
      await session.context.unroute(route);
      await session.page.locator('[data-testid=runtime-retry]').click();
      await runtimeState(session.page, 'ready');
      await ready(session.page, p);
      await p.locator('[data-testid=run]').click();
      // The traces recorded while Python was unavailable must not outlive the retry.
      await expect
        .poll(
          async () => {
            const r = await panelReport(p);
            return `${r.state}${r.error ? `: ${r.error}` : ''}`;
          },
          { timeout: 20_000 },
        )
        .toBe('finished');
      expect(await output(p)).toContain('hooks reached: before: first -> before: second');
      expect(session.pageErrors).toEqual([]);
    },
  );
});
