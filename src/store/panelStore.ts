/**
 * The page's one panel store, bound to the lesson index and the Python runtime, and the
 * sync that keeps it in step with the world (`startPanelSync`, called once by boot):
 *
 * - lessons changed (a draft edit, author mode toggled, a dev-server hot update, an edit
 *   of a student's "My scenario"): every panel keeps a scenario it still offers at once,
 *   and records again once the typing pauses (one recording per pause, not per keystroke);
 * - Python became ready: record whatever could not be recorded before;
 * - a panel's scenario or breakpoints changed: saved to localStorage;
 * - a panel's view changed: the address bar becomes a link to it (through urlSync);
 * - a shared link's lesson arrived: its panel starts (and fetches its trace) at once.
 */
import { subscribeRuntime } from '../runtime';
import { traceSource } from '../runtime/source';
import { lessonToShow, useCatalog } from './catalog';
import { lineCount } from './codeLines';
import { useDrafts } from './drafts';
import { panelEntry, panelKey, resolveLesson, runRequest } from './lessonIndex';
import { MY_SCENARIO, myRunRequest, myScriptPath, scenarioIds } from './myScenario';
import { useMyScenarios } from './myScenarioStore';
import { createPanelsStore, type PanelState } from './panels';
import { lessonAddress, linkedState, loadSaved, onLessonLines, save } from './share';
import { navigate, useAddress } from './urlSync';

/** How long after the last lesson edit the panels record again. */
export const RECORD_AFTER_EDIT_MS = 250;
/** How long the address bar waits for a burst of steps to settle. */
const URL_SETTLE_MS = 60;

/**
 * The panel store: traces from this build's shipped files when they match, else recorded
 * through the page's Python worker (src/runtime/shipped.ts).
 */
export const panelsStore = createPanelsStore({
  record: (request, options) => traceSource.record(request, options),
  isStandIn: (trace) => traceSource.standInReason(trace) !== null,
  focusOf(key) {
    const entry = panelEntry(key);
    return entry ? { file: entry.panel.source, fn: entry.panel.function } : null;
  },
  scenariosOf(key) {
    const entry = panelEntry(key);
    return entry ? scenarioIds(entry.panel, useMyScenarios.getState().mine[key]) : [];
  },
  requestFor(key, scenario) {
    const entry = panelEntry(key);
    if (!entry) return null;
    if (scenario !== MY_SCENARIO) return runRequest(entry, scenario);
    // The student's own scenario: the base's run with the student's script.
    const mine = useMyScenarios.getState().mine[key];
    const base = mine ? runRequest(entry, mine.base) : null;
    return mine && base ? myRunRequest(base, mine, myScriptPath(entry.files)) : null;
  },
  initialOf(key) {
    const entry = panelEntry(key);
    if (!entry) return loadSaved(key);
    // A link's breakpoints on a file or line the lesson does not have are not set (the
    // reader's own script of "My scenario" may have any number of lines).
    const lines = new Map(Object.entries(entry.files).map(([f, code]) => [f, lineCount(code)]));
    lines.set(myScriptPath(entry.files), Number.MAX_SAFE_INTEGER);
    const link = onLessonLines(
      linkedState(useAddress.getState(), entry.lessonId, entry.panel.id),
      lines,
    );
    return { ...loadSaved(key), ...link };
  },
});

/** Every panel of the entry's lesson that the reader changed from how it opens. */
function changedPanels(entry: { lessonId: string }) {
  const out: Record<string, PanelState> = {};
  for (const [key, p] of Object.entries(panelsStore.getState().panels)) {
    const e = panelEntry(key);
    if (!e || e.lessonId !== entry.lessonId) continue;
    const first = e.panel.scenarios[0]?.id;
    if (p.position >= 0 || p.breakpoints.length > 0 || p.scenario !== first) out[e.panel.id] = p;
  }
  return out;
}

/** Start keeping the panel store in step with lessons, Python, storage and the URL. */
export function startPanelSync(): () => void {
  const store = () => panelsStore.getState();
  const keys = () => Object.keys(store().panels);

  let record: ReturnType<typeof setTimeout> | null = null;
  const onLessonsChanged = () => {
    for (const key of keys()) store().reconcile(key);
    if (record) clearTimeout(record);
    record = setTimeout(() => {
      for (const key of keys()) store().ensureTraces(key);
    }, RECORD_AFTER_EDIT_MS);
  };
  // A shared link's panel asks for its trace as soon as its lesson is here, before the
  // page has rendered it: its paused view is what the reader came for.
  const startLinkedPanel = () => {
    const { lesson: asked, panel } = useAddress.getState();
    const id = panel ? lessonToShow(asked, useCatalog.getState()) : null;
    const lesson = id ? resolveLesson(id).lesson : null;
    if (panel && lesson?.panels.some((p) => p.id === panel))
      store().initPanel(panelKey(lesson.id, panel));
  };
  const offDrafts = useDrafts.subscribe(onLessonsChanged);
  const offCatalog = useCatalog.subscribe(() => {
    startLinkedPanel();
    onLessonsChanged();
  });
  const offMine = useMyScenarios.subscribe(onLessonsChanged);

  let wasReady = false;
  const offRuntime = subscribeRuntime((status) => {
    const ready = status.state === 'ready';
    if (ready && !wasReady) for (const key of keys()) store().ensureTraces(key);
    wasReady = ready;
  });

  let url: ReturnType<typeof setTimeout> | null = null;
  const offPanels = panelsStore.subscribe((state, prev) => {
    for (const [key, p] of Object.entries(state.panels)) {
      const before = prev.panels[key];
      if (before === p) continue;
      // Saved when the reader changes them, not as the panel opens: a shared link's
      // state must not replace what this reader saved for the panel until they act on it.
      if (before && (before.scenario !== p.scenario || before.breakpoints !== p.breakpoints))
        save(key, p);
      const moved =
        before &&
        (before.position !== p.position ||
          before.frameIndex !== p.frameIndex ||
          before.scenario !== p.scenario ||
          before.breakpoints !== p.breakpoints);
      const entry = moved ? panelEntry(key) : null;
      if (entry) {
        if (url) clearTimeout(url);
        url = setTimeout(
          () => navigate(lessonAddress(entry.lessonId, entry.panel.id, changedPanels(entry))),
          URL_SETTLE_MS,
        );
      }
    }
  });

  return () => {
    if (record) clearTimeout(record);
    if (url) clearTimeout(url);
    offDrafts();
    offCatalog();
    offMine();
    offRuntime();
    offPanels();
  };
}
