/**
 * `virtual:lessons` outside a build or the dev server (unit and Pyodide tests): no lesson
 * is shipped, so the catalog starts empty and tests hand it lessons themselves.
 */
import type { LessonSummary, LoadAllResult } from './lesson.ts';

/** No shipped lesson. */
export const lessonIndex: LessonSummary[] = [];
/** No broken lesson. */
export const brokenLessons: LoadAllResult['broken'] = [];
