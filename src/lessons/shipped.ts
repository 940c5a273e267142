/**
 * The shipped lessons as the build compiled them (scripts/lib/vite-lessons.ts): an index
 * of every lesson with the URL of its JSON, and the lessons that do not load. A lesson
 * itself is fetched only when it is shown. In the dev server, a change under lessons/
 * hot-updates the index; a changed lesson gets a new URL, so it is fetched again.
 */
import { brokenLessons, lessonIndex } from 'virtual:lessons';
import type { Lesson, LessonSummary, LoadAllResult } from './lesson.ts';

/** The index and the broken lessons, as one build (or one dev-server update) made them. */
export interface ShippedLessons {
  index: LessonSummary[];
  broken: LoadAllResult['broken'];
}

/** What this build ships. */
export const shippedLessons: ShippedLessons = { index: lessonIndex, broken: brokenLessons };

/** Fetch a shipped lesson from the URL its index entry names. */
export async function fetchLesson(entry: LessonSummary): Promise<Lesson> {
  const response = await fetch(entry.url);
  if (!response.ok) throw new Error(`${entry.url}: HTTP ${response.status}`);
  const lesson = (await response.json()) as Lesson;
  if (lesson?.id !== entry.id) throw new Error(`${entry.url} is not the lesson ${entry.id}`);
  return lesson;
}

type Listener = (next: ShippedLessons) => void;
const listeners = new Set<Listener>();

/** Be told when the dev server delivers a new index; returns a stop. */
export function onShippedLessonsUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) {
  import.meta.hot.accept((next) => {
    const shipped = (next as { shippedLessons?: ShippedLessons } | undefined)?.shippedLessons;
    if (shipped) for (const l of listeners) l(shipped);
  });
  // Listeners registered with the old module instance carry over.
  import.meta.hot.dispose((data) => {
    data.listeners = listeners;
  });
  const previous = import.meta.hot.data.listeners as Set<Listener> | undefined;
  if (previous) for (const l of previous) listeners.add(l);
}
