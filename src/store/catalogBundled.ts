/**
 * The app's lesson source: every bundled lesson, hot-updated in dev. A module of its own
 * so that the embed view (src/store/catalogLazy.ts) never pulls in every lesson's text.
 */
import { bundledFiles, onLessonFilesUpdate } from '../lessons/bundled';
import { loadCatalog } from './catalog';

/** Load every bundled lesson and follow the dev server's updates. Returns a stop. */
export function loadBundledCatalog(): () => void {
  return loadCatalog(bundledFiles, onLessonFilesUpdate);
}
