/**
 * A shared link's panel starts as soon as its lesson arrives, before anything is rendered:
 * its trace is asked for at once (the paused view is what the reader came for), while the
 * other panels wait for the page to mount them.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RecordRequest } from '../../../src/runtime/protocol';

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

describe('a shared link', () => {
  it("starts its panel when the lesson arrives, asking for the linked scenario's trace first", async () => {
    const { loadLessonsFromFiles } = await import('../../../src/lessons/loader.ts');
    const { summaryOf } = await import('../../../src/lessons/summary.ts');
    const { allLessonFiles } = await import('../lessons/helpers.ts');
    const { ensureLesson, startCatalog } = await import('../../../src/store/catalog.ts');
    const { panelsStore, startPanelSync } = await import('../../../src/store/panelStore.ts');
    const { useAddress } = await import('../../../src/store/urlSync.ts');
    const lesson = loadLessonsFromFiles(await allLessonFiles()).lessons[0];
    const panel = lesson.panels[1];
    const scenario = panel.scenarios[1].id;
    // the link: a panel that is not the first, under a scenario that is not its default
    const { panelAddress } = await import('../../../src/store/share.ts');
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
});
