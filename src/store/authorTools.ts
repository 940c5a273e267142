/**
 * Author mode's lesson tools, loaded only when author mode is on: the shipped files as
 * text (hot-updated in the dev server) and the lesson loader, which drafts need and a
 * reader never does (shipped lessons arrive compiled).
 */
import { setAuthorTools, useCatalog } from './catalog';
import { useDrafts } from './drafts';

let loading: Promise<void> | null = null;

/** Load the tools once; later calls share the first. */
export function loadAuthorTools(): Promise<void> {
  loading ??= Promise.all([import('../lessons/loader'), import('../lessons/bundled')]).then(
    ([{ loadLesson }, { bundledFiles, onLessonFilesUpdate }]) => {
      setAuthorTools({ files: bundledFiles, loadLesson });
      onLessonFilesUpdate((files) => setAuthorTools({ files, loadLesson }));
    },
    () => {
      // The chunks did not arrive (offline before they were cached): drafts keep showing
      // the shipped lesson, and turning author mode on again tries again.
      loading = null;
    },
  );
  return loading;
}

/** Load the tools as soon as author mode is on (now, or when it is turned on); returns a stop. */
export function followAuthorMode(): () => void {
  const load = () => {
    if (useDrafts.getState().author && !useCatalog.getState().author) void loadAuthorTools();
  };
  load();
  return useDrafts.subscribe(load);
}

/** True once author mode is on and its tools have arrived: when editing can be offered. */
export function useAuthoring(): boolean {
  const on = useDrafts((s) => s.author);
  const ready = useCatalog((s) => s.author !== null);
  return on && ready;
}
