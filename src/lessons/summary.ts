/** The index entry of a loaded lesson (see `LessonSummary`). */
import type { Lesson, LessonSummary } from './lesson.ts';

/** What the lesson list needs of `lesson`, with the URL its JSON is served at. */
export function summaryOf(lesson: Lesson, url: string): LessonSummary {
  return {
    id: lesson.id,
    order: lesson.order,
    title: lesson.title,
    summary: lesson.summary,
    panels: lesson.panels.map((p) => ({ id: p.id, function: p.function })),
    url,
  };
}
