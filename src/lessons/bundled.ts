/**
 * The lesson files bundled into the app, as text. In the dev server, editing
 * a file under lessons/ hot-updates the open page (no reload): the new files
 * are handed to the catalog, which reloads just the lessons.
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
