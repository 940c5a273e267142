/**
 * The catalog store: the index at once, a lesson when it is shown, a changed lesson
 * fetched again after a hot update, a failed fetch said and retried, and drafts loaded
 * only once author mode's tools have arrived.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addScenario, describeScenario, scenarioTextsIn } from '../../../src/lessons/edit.ts';
import type { Lesson, LessonSummary } from '../../../src/lessons/lesson.ts';
import { loadLesson, loadLessonsFromFiles } from '../../../src/lessons/loader.ts';
import { summaryOf } from '../../../src/lessons/summary.ts';
import {
  effectiveLesson,
  ensureLesson,
  followShownLesson,
  lessonStatus,
  lessonToShow,
  retryLesson,
  setAuthorTools,
  startCatalog,
  useCatalog,
} from '../../../src/store/catalog.ts';
import { useAddress } from '../../../src/store/urlSync.ts';
import { allLessonFiles } from '../lessons/helpers.ts';

let lessons: Lesson[];
let files: Record<string, string>;
beforeAll(async () => {
  files = await allLessonFiles();
  lessons = loadLessonsFromFiles(files).lessons;
});

/** A source that serves `lessons` and records every fetch; `fail` makes fetches fail. */
function source(list: Lesson[], opts: { fail?: () => boolean } = {}) {
  const fetched: string[] = [];
  let push: ((next: { index: LessonSummary[]; broken: [] }) => void) | null = null;
  const byUrl = new Map<string, Lesson>();
  const index = (ls: Lesson[], v = 1) =>
    ls.map((l) => {
      const url = `/${l.id}.v${v}.json`;
      byUrl.set(url, l);
      return summaryOf(l, url);
    });
  const from = {
    index: index(list),
    broken: [] as [],
    fetch: async (entry: LessonSummary) => {
      fetched.push(entry.url);
      if (opts.fail?.()) throw new Error('offline');
      return byUrl.get(entry.url) as Lesson;
    },
    updates: (listener: typeof push) => {
      push = listener;
      return () => {
        push = null;
      };
    },
  };
  return {
    from,
    fetched,
    index,
    update: (ls: Lesson[], v: number) => push?.({ index: index(ls, v), broken: [] }),
  };
}

describe('the catalog', () => {
  beforeEach(() => {
    useCatalog.setState({ author: null });
  });

  it('lists every lesson at once and fetches one only when asked, once', async () => {
    const s = source(lessons);
    startCatalog(s.from);
    expect(useCatalog.getState().index.map((e) => e.id)).toEqual(lessons.map((l) => l.id));
    expect(useCatalog.getState().catalog.lessons).toEqual([]);
    expect(lessonToShow(null, useCatalog.getState())).toBe(lessons[0].id);
    expect(lessonStatus(lessons[1].id, useCatalog.getState())).toBe('arriving');
    expect(lessonStatus('no-such-lesson', useCatalog.getState())).toBe('unknown');
    // a broken lesson is here too: with its errors to show
    const broken = { id: 'x', errors: [] };
    expect(
      lessonStatus('x', { index: [], catalog: { lessons: [], broken: [broken] }, unavailable: {} }),
    ).toBe('here');
    await Promise.all([ensureLesson(lessons[1].id), ensureLesson(lessons[1].id)]);
    expect(s.fetched).toEqual([`/${lessons[1].id}.v1.json`]);
    expect(useCatalog.getState().catalog.lessons.map((l) => l.id)).toEqual([lessons[1].id]);
    expect(lessonStatus(lessons[1].id, useCatalog.getState())).toBe('here');
    await ensureLesson(lessons[0].id);
    // kept in index order, whatever order they arrived in
    expect(useCatalog.getState().catalog.lessons.map((l) => l.id)).toEqual(
      lessons.map((l) => l.id),
    );
  });

  it('opened on another lesson, also takes the first (which the page preloads) after it', async () => {
    const s = source(lessons);
    startCatalog(s.from);
    useAddress.setState({ ...useAddress.getState(), lesson: lessons[1].id });
    const stop = followShownLesson();
    await vi.waitFor(() => expect(s.fetched).toHaveLength(2));
    expect(s.fetched).toEqual([`/${lessons[1].id}.v1.json`, `/${lessons[0].id}.v1.json`]);
    stop();
    // Opened on the first lesson, there is nothing else to take.
    const t = source(lessons);
    startCatalog(t.from);
    useAddress.setState({ ...useAddress.getState(), lesson: null });
    const stopAgain = followShownLesson();
    await ensureLesson(lessons[0].id);
    await Promise.resolve();
    expect(t.fetched).toEqual([`/${lessons[0].id}.v1.json`]);
    stopAgain();
  });

  it('fetches again, after a hot update, exactly the fetched lessons whose URL changed', async () => {
    const s = source(lessons);
    startCatalog(s.from);
    await ensureLesson(lessons[0].id);
    const edited = { ...lessons[0], title: { zh: '改过', en: 'Edited' } };
    s.update([edited, lessons[1]], 2);
    await ensureLesson(lessons[0].id);
    expect(s.fetched).toEqual([`/${lessons[0].id}.v1.json`, `/${lessons[0].id}.v2.json`]);
    expect(useCatalog.getState().catalog.lessons[0].title.en).toBe('Edited');
    // the other lesson was never shown, so it is still not fetched
    expect(s.fetched.some((u) => u.includes(lessons[1].id))).toBe(false);
  });

  it('says why a lesson did not arrive, and fetches it again on retry', async () => {
    let offline = true;
    const s = source(lessons, { fail: () => offline });
    startCatalog(s.from);
    await ensureLesson(lessons[0].id);
    expect(useCatalog.getState().unavailable[lessons[0].id]).toBe('offline');
    expect(lessonStatus(lessons[0].id, useCatalog.getState())).toBe('unavailable');
    offline = false;
    retryLesson(lessons[0].id);
    await ensureLesson(lessons[0].id);
    expect(useCatalog.getState().unavailable).toEqual({});
    expect(useCatalog.getState().catalog.lessons.map((l) => l.id)).toEqual([lessons[0].id]);
  });

  it('shows the shipped lesson for a draft until author tools arrive, then the draft', async () => {
    startCatalog(source(lessons).from);
    const id = lessons[0].id;
    await ensureLesson(id);
    const prose = files[`lessons/${id}/prose.en.md`];
    const draft = { 'prose.en.md': `${prose}\n\nA drafted paragraph.\n` };
    expect(effectiveLesson(id, draft).lesson).toBe(useCatalog.getState().catalog.lessons[0]);
    setAuthorTools({ files, loadLesson });
    const drafted = effectiveLesson(id, draft);
    expect(drafted.errors).toEqual([]);
    const html = drafted.lesson?.prose.en.map((seg) => (seg.kind === 'html' ? seg.html : ''));
    expect(html?.join('')).toContain('A drafted paragraph.');
  });
});

describe('a draft that does not load, after a reload', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('localStorage', {
      get length() {
        return storage.size;
      },
      key: (i: number) => [...storage.keys()][i] ?? null,
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /**
   * The stores as a freshly loaded page has them: nothing in memory, only the storage. As
   * in the page, the lesson is shown (shipped) before author mode's tools arrive.
   */
  async function freshPage() {
    vi.resetModules();
    const catalog = await import('../../../src/store/catalog.ts');
    const drafts = await import('../../../src/store/drafts.ts');
    catalog.startCatalog(source(lessons).from);
    const id = lessons[0].id;
    await catalog.ensureLesson(id);
    const stored = drafts.parseDraft(storage.get(drafts.draftKey(id)) ?? null) ?? undefined;
    expect(catalog.effectiveLesson(id, stored).lesson?.id).toBe(id);
    catalog.setAuthorTools({ files, loadLesson });
    return { catalog, drafts };
  }

  it('shows the last valid draft saved with it, so a half-made scenario stays reachable', async () => {
    const id = lessons[0].id;
    const panel = lessons[0].panels[0].id;
    const added = addScenario(files[`lessons/${id}/lesson.json`], panel, 'probe_new');
    const valid = { 'lesson.json': added.manifest, ...added.write };
    // One language of a new description typed, the other not yet: not a valid lesson.
    const half = describeScenario(added.manifest, 'probe_new', 'zh', '先写中文').manifest;

    const first = await freshPage();
    first.drafts.useDrafts.getState().setDraft(id, valid);
    expect(first.catalog.effectiveLesson(id, valid).errors).toEqual([]);
    first.drafts.useDrafts.getState().setDraft(id, { ...valid, 'lesson.json': half });

    const again = await freshPage();
    const saved = again.drafts.parseDraft(storage.get(again.drafts.draftKey(id)) ?? null);
    expect(saved?.['lesson.json']).toBe(half);
    const shown = again.catalog.effectiveLesson(id, saved ?? undefined);
    expect(shown.errors.length).toBeGreaterThan(0);
    const scenarios = shown.lesson?.panels[0].scenarios.map((s) => s.id);
    expect(scenarios).toContain('probe_new');
    // Its fields show what the draft holds now, the typed language included.
    expect(scenarioTextsIn(half, 'probe_new')?.description).toEqual({ zh: '先写中文', en: '' });

    // Discarding the draft forgets the last valid one too.
    again.drafts.useDrafts.getState().discard(id);
    expect(storage.size).toBe(0);
  });
});
