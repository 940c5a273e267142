/** The embed view's lesson source: only the lesson it shows, fetched on demand. */
import { loadLessonFiles } from '../lessons/lazyLesson';
import { loadCatalog } from './catalog';

/** Fetch the files of lesson `id` and load it (alone) into the catalog. */
export async function loadOneLessonCatalog(id: string): Promise<void> {
  loadCatalog(await loadLessonFiles(id));
}
