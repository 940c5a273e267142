/**
 * Every shipped lesson file as text, for author mode only (drafts are laid over them and
 * loaded by the loader; src/store/authorTools.ts imports this on demand, so it is a chunk
 * of its own). In the dev server, editing a file under lessons/ hands the new files over.
 */
const raw = import.meta.glob(['/lessons/*/**/*.{json,py,md}', '!/lessons/*/golden/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** `lessons/<id>/<path>` → text. */
export const bundledFiles: Record<string, string> = Object.fromEntries(
  Object.entries(raw).map(([k, v]) => [k.replace(/^\//, ''), v]),
);

type Listener = (files: Record<string, string>) => void;
const listeners = new Set<Listener>();

/** Be told when the dev server delivers new lesson files. */
export function onLessonFilesUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) {
  import.meta.hot.accept((next) => {
    const files = (next as { bundledFiles?: Record<string, string> } | undefined)?.bundledFiles;
    if (files) for (const l of listeners) l(files);
  });
  // Listeners registered with the old module instance carry over.
  import.meta.hot.dispose((data) => {
    data.listeners = listeners;
  });
  const previous = import.meta.hot.data.listeners as Set<Listener> | undefined;
  if (previous) for (const l of previous) listeners.add(l);
}
