/**
 * A run the app lost (its worker crashed or was restarted under it, the trace could not be
 * read, or the run broke the recorder's seal) tells the reader "run again": the next command on its scenario records it again,
 * while Python becoming ready does not (a run that crashes its worker would otherwise crash
 * every new one). A run without Python is recorded again as soon as Python is ready; a
 * program's own error is the code's answer and is kept.
 */
import { describe, expect, it } from 'vitest';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { createPanelsStore } from '../../../src/store/panels';
import { currentTrace } from '../../../src/store/selectors';
import { AppFailure, type RunError } from '../../../src/trace/meta';
import { emptyTrace, type Trace } from '../../../src/trace/trace';
import { loopTrace } from '../replay/fixtures';

const KEY = 'lesson:panel';

/** A store whose recorder answers each scenario's first run from `first`, then with a run. */
function setup(first: Record<string, Trace>) {
  const asked: string[] = [];
  const store = createPanelsStore({
    record: async (request: RecordRequest) => {
      const again = asked.includes(request.scenario);
      asked.push(request.scenario);
      return (!again && first[request.scenario]) || loopTrace();
    },
    scenariosOf: () => ['s1', 's2'],
    requestFor: (_key, scenario) => ({
      scenario,
      files: [{ path: 'main.py', code: 'total = 0', role: 'entry' as const }],
    }),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { s: store.getState(), asked, panel: () => store.getState().panels[KEY], settle };
}

const failed = (type: string, fromApp = true): Trace => {
  const error: RunError = { type, message: `${type}. Python was restarted; run again.` };
  return emptyTrace('error', fromApp ? { ...error, fromApp: true } : error, ['main.py']);
};

describe('a run the app lost', () => {
  for (const type of [AppFailure.WorkerCrashed, AppFailure.InvalidTrace, AppFailure.SealBroken]) {
    it(`(${type}) is shown, not run again when Python is ready, and run again on a command`, async () => {
      const { s, asked, panel, settle } = setup({ s2: failed(type) });
      s.initPanel(KEY);
      await settle();
      expect(asked).toEqual(['s1', 's2']);
      // the crash replaced the worker; its new Python is ready: nothing is recorded again
      s.ensureTraces(KEY);
      s.setScenario(KEY, 's2');
      await settle();
      expect(asked).toEqual(['s1', 's2']);
      const shown = currentTrace(panel());
      expect(shown?.meta.error?.type).toBe(type);
      // the reader runs it, as the message says: a new recording, and the command lands on it
      s.command(KEY, 'run');
      expect(panel().pending).toEqual({ command: 'run' });
      expect(asked).toEqual(['s1', 's2', 's2']);
      await settle();
      expect(panel().pending).toBeNull();
      expect(currentTrace(panel())?.meta.error).toBeNull();
      expect(panel().position).toBe(currentTrace(panel())?.length);
      // once recorded, a command replays it without asking again
      s.command(KEY, 'debug');
      expect(asked).toHaveLength(3);
    });
  }

  it('is run again only for the scenario the command is on', async () => {
    const { s, asked, settle } = setup({ s2: failed(AppFailure.WorkerCrashed) });
    s.initPanel(KEY);
    await settle();
    s.command(KEY, 'debug'); // on s1, recorded: the lost s2 stays as it is
    await settle();
    expect(asked).toEqual(['s1', 's2']);
  });
});

describe('runs that are not lost', () => {
  it('a run without Python is recorded again as soon as Python is ready', async () => {
    const { s, asked, settle } = setup({ s1: failed(AppFailure.PythonUnavailable) });
    s.initPanel(KEY);
    await settle();
    s.ensureTraces(KEY);
    expect(asked).toEqual(['s1', 's2', 's1']);
  });

  it("the program's own error, whatever its name, is the code's answer: a command replays it", async () => {
    for (const type of [AppFailure.WorkerCrashed, AppFailure.SealBroken, 'ValueError']) {
      const trace = failed(type, false);
      const { s, asked, panel, settle } = setup({ s1: trace });
      s.initPanel(KEY);
      await settle();
      s.ensureTraces(KEY);
      s.command(KEY, 'run');
      expect(asked).toEqual(['s1', 's2']);
      expect(panel().pending).toBeNull();
    }
  });
});
