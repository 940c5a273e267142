/**
 * A shared link's panel starts as soon as its lesson arrives, before anything is rendered:
 * its trace is asked for at once (the paused view is what the reader came for), while the
 * other panels wait for the page to mount them.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RecordRequest } from '../../../src/runtime/protocol';
import { MemoryStorage } from './memory-storage';

const asked: { request: RecordRequest; priority: boolean }[] = [];
vi.mock('../../../src/runtime/source', () => ({
  traceSource: {
    record: (request: RecordRequest, options?: { priority?: boolean }) => {
      asked.push({ request, priority: options?.priority === true });
      return new Promise(() => {});
    },
    standInReason: () => null,
  },
}));

/** The modules the tests use, imported once the mock above is in place. */
async function modules() {
  return {
    ...(await import('../../../src/lessons/loader.ts')),
    ...(await import('../../../src/lessons/summary.ts')),
    ...(await import('../lessons/helpers.ts')),
    ...(await import('../../../src/store/catalog.ts')),
    ...(await import('../../../src/store/panelStore.ts')),
    ...(await import('../../../src/store/urlSync.ts')),
    ...(await import('../../../src/store/share.ts')),
  };
}

describe('a shared link', () => {
  it("starts its panel when the lesson arrives, asking for the linked scenario's trace first", async () => {
    const { loadLessonsFromFiles, summaryOf, allLessonFiles, ensureLesson, startCatalog } =
      await modules();
    const { panelsStore, startPanelSync, useAddress } = await modules();
    const lesson = loadLessonsFromFiles(await allLessonFiles()).lessons[0];
    const panel = lesson.panels[1];
    const scenario = panel.scenarios[1].id;
    // the link: a panel that is not the first, under a scenario that is not its default
    const { panelAddress } = await modules();
    useAddress.setState(
      panelAddress(lesson.id, panel.id, { scenario, breakpoints: [], position: 3 }),
    );
    startCatalog({ index: [summaryOf(lesson, '/x.json')], broken: [], fetch: async () => lesson });
    const stop = startPanelSync();
    expect(Object.keys(panelsStore.getState().panels)).toEqual([]);
    await ensureLesson(lesson.id);
    const keys = Object.keys(panelsStore.getState().panels);
    expect(keys).toEqual([`${lesson.id}:${panel.id}`]);
    expect(asked[0]).toMatchObject({ request: { scenario }, priority: true });
    stop();
  });

  it("does not replace the reader's saved panel state until they change something", async () => {
    const { loadLessonsFromFiles, summaryOf, allLessonFiles, ensureLesson, startCatalog } =
      await modules();
    const { panelsStore, startPanelSync, useAddress, encodePanelState, loadSaved, panelAddress } =
      await modules();
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    try {
      const lesson = loadLessonsFromFiles(await allLessonFiles()).lessons[1];
      const panel = lesson.panels[0];
      const key = `${lesson.id}:${panel.id}`;
      const file = panel.source;
      const mine = [{ id: 'b1', file, line: 3, enabled: true, condition: 'x > 1' }];
      const saved = encodePanelState({
        scenario: panel.scenarios[1].id,
        breakpoints: mine,
        position: -1,
      });
      storage.setItem(`wpt.panel.${key}`, saved);
      // a link to the same panel, with other breakpoints
      useAddress.setState(
        panelAddress(lesson.id, panel.id, {
          scenario: panel.scenarios[0].id,
          breakpoints: [{ id: 'x', file, line: 4, enabled: true }],
          position: 2,
        }),
      );
      startCatalog({
        index: [summaryOf(lesson, '/y.json')],
        broken: [],
        fetch: async () => lesson,
      });
      const stop = startPanelSync();
      await ensureLesson(lesson.id);
      expect(panelsStore.getState().panels[key]?.breakpoints.map((b) => b.line)).toEqual([4]);
      expect(storage.getItem(`wpt.panel.${key}`)).toBe(saved);
      // the reader acts: from then on, what they see is what is kept
      panelsStore.getState().setScenario(key, panel.scenarios[1].id);
      expect(loadSaved(key)).toMatchObject({ scenario: panel.scenarios[1].id });
      expect(loadSaved(key).breakpoints?.map((b) => b.line)).toEqual([4]);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
