/**
 * The lessons the app shows and the one panel store they share.
 *
 * Lesson files are bundled as text (Vite glob) and loaded by the same loader
 * the CLI uses; a broken lesson becomes an error card, never a blank page.
 */
import { buildRunFiles } from '../lessons/loader';
import type { Lesson, ResolvedPanel } from '../lessons/schema';
import { subscribeRuntime } from '../runtime';
import { traceSource } from '../runtime/source';
import { effectiveLesson, useCatalog } from './catalog';
import { useDrafts } from './drafts';
import { createPanelsStore, type PanelKey, type PanelState } from './panels';
import { linkedPanel, linkFor, loadSaved, save } from './share';

/**
 * The lesson the reader sees: the shipped one, or in author mode the draft
 * (the last version of it that loaded, while the draft has errors).
 */
export function currentLesson(id: string): Lesson | null {
  const { author, drafts } = useDrafts.getState();
  if (author) return effectiveLesson(id, drafts[id]).lesson;
  return useCatalog.getState().catalog.lessons.find((l) => l.id === id) ?? null;
}

/** What a panel component needs. */
export interface PanelView {
  key: PanelKey;
  lesson: Lesson;
  panel: ResolvedPanel;
  /** Every Python file of the lesson by file name, for following execution. */
  files: Record<string, string>;
  /** The setup, scenario scripts and entry, shown read-only under the panel. */
  setupFiles: { path: string; code: string }[];
  initial?: Partial<PanelState>;
}

/** The key of a panel. */
export function panelKey(lessonId: string, panelId: string): PanelKey {
  return `${lessonId}:${panelId}`;
}

function findPanel(key: PanelKey): { lesson: Lesson; panel: ResolvedPanel } | null {
  const [lessonId, panelId] = key.split(':');
  const lesson = currentLesson(lessonId);
  const panel = lesson?.panels.find((p) => p.id === panelId);
  return lesson && panel ? { lesson, panel } : null;
}

/** The panel store, recording through the page's Python worker. */
export const panelsStore = createPanelsStore({
  record: (request, options) => traceSource.record(request, options),
  isStandIn: (trace) => traceSource.standInReason(trace) !== null,
  focusOf(key) {
    const found = findPanel(key);
    return found ? { file: found.panel.source, fn: found.panel.function } : null;
  },
  requestFor(key, scenario) {
    const found = findPanel(key);
    if (!found?.panel.scenarios.some((s) => s.id === scenario)) return null;
    return {
      files: buildRunFiles(found.lesson, found.panel.id, scenario),
      scenario,
      budget: found.lesson.budget,
    };
  },
});

/** Build the view data of a panel. */
export function panelView(lesson: Lesson, panel: ResolvedPanel): PanelView {
  const files: Record<string, string> = {};
  for (const s of lesson.sources) files[s.path] = s.code;
  files[lesson.setup.path] = lesson.setup.code;
  files[panel.entry.path] = panel.entry.code;
  const scripts = panel.scenarios.flatMap((s) => (s.script ? [s.script] : []));
  for (const s of scripts) files[s.path] = s.code;
  const key = panelKey(lesson.id, panel.id);
  const link = linkedPanel(location.search);
  const fromLink = link.lesson === lesson.id && link.panel === panel.id;
  return {
    key,
    lesson,
    panel,
    files,
    setupFiles: [lesson.setup, ...scripts, panel.entry],
    initial: fromLink ? { ...loadSaved(key), ...link.state } : loadSaved(key),
  };
}

/**
 * Keep each panel's scenario and breakpoints in localStorage, and the URL
 * pointing at the panel the reader used last (so the address bar is always a
 * link to the current view).
 */
export function startStateSync(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Lesson files changed (a draft edit, author mode toggled, a dev-server hot
  // update): refresh every registered panel's scenario list and re-record.
  let refresh: ReturnType<typeof setTimeout> | null = null;
  const onLessonsChanged = () => {
    if (refresh) clearTimeout(refresh);
    refresh = setTimeout(() => {
      const store = panelsStore.getState();
      for (const key of Object.keys(store.panels)) {
        const found = findPanel(key);
        if (found)
          store.setScenarios(
            key,
            found.panel.scenarios.map((s) => s.id),
          );
        store.ensureTraces(key);
      }
    }, 250);
  };
  const offDrafts = useDrafts.subscribe(onLessonsChanged);
  // Python (re)started: record whatever could not be recorded before.
  let wasReady = false;
  const offRuntime = subscribeRuntime((status) => {
    const ready = status.state === 'ready';
    if (ready && !wasReady) {
      const store = panelsStore.getState();
      for (const key of Object.keys(store.panels)) store.ensureTraces(key);
    }
    wasReady = ready;
  });
  const offCatalog = useCatalog.subscribe(onLessonsChanged);
  const offPanels = panelsStore.subscribe((state, prev) => {
    for (const [key, p] of Object.entries(state.panels)) {
      const before = prev.panels[key];
      if (before === p) continue;
      if (!before || before.scenario !== p.scenario || before.breakpoints !== p.breakpoints)
        save(key, p);
      if (
        before &&
        (before.position !== p.position ||
          before.scenario !== p.scenario ||
          before.breakpoints !== p.breakpoints)
      ) {
        const [lessonId, panelId] = key.split(':');
        if (timer) clearTimeout(timer);
        timer = setTimeout(
          () =>
            history.replaceState(history.state, '', linkFor(location.href, lessonId, panelId, p)),
          60,
        );
      }
    }
  });
  return () => {
    offDrafts();
    offRuntime();
    offCatalog();
    offPanels();
  };
}
