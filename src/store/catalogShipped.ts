/**
 * The catalog's source in the app and the embed view: the build's compiled lessons
 * (src/lessons/shipped.ts), each fetched when shown, hot-updated in the dev server.
 */
import { fetchLesson, onShippedLessonsUpdate, shippedLessons } from '../lessons/shipped';
import { startCatalog } from './catalog';

/** Start the catalog from what this build ships; returns a function that stops following updates. */
export function startShippedCatalog(): () => void {
  return startCatalog({ ...shippedLessons, fetch: fetchLesson, updates: onShippedLessonsUpdate });
}
