/**
 * One lesson's files, fetched on demand (the embed view shows one panel of one lesson and
 * must not download the text of every lesson, as the app's eager `bundled.ts` does).
 */
const loaders = import.meta.glob(['/lessons/*/**/*.{json,py,md}', '!/lessons/*/golden/**'], {
  // A query of their own: shared with the app's eager glob, these modules would become
  // separate chunks that the app's page then preloads one by one.
  query: '?raw&one-lesson',
  import: 'default',
}) as Record<string, () => Promise<string>>;

/** `lessons/<id>/<path>` → text, for the lesson `id` only (empty if there is no such lesson). */
export async function loadLessonFiles(id: string): Promise<Record<string, string>> {
  const prefix = `/lessons/${id}/`;
  const entries = Object.entries(loaders).filter(([path]) => path.startsWith(prefix));
  const texts = await Promise.all(entries.map(([, load]) => load()));
  return Object.fromEntries(entries.map(([path], i) => [path.slice(1), texts[i]]));
}
