import { describe, expect, it } from 'vitest';
import type { LessonSummary } from '../../../src/lessons/lesson';
import { neighbours, pageTitle } from '../../../src/ui/LessonNav';

const lesson = (id: string, order = 0): LessonSummary => ({
  id,
  order,
  title: { zh: `课 ${id}`, en: `Lesson ${id}` },
  summary: { zh: '', en: '' },
  panels: [],
  url: `/lessons/${id}.json`,
});
const INDEX = ['a', 'b', 'c'].map(lesson);

describe('the lesson footer and the page title', () => {
  it('links the lessons before and after the one shown, none past either end', () => {
    expect(neighbours(INDEX, 'b')).toEqual({ prev: INDEX[0], next: INDEX[2] });
    expect(neighbours(INDEX, 'a')).toEqual({ prev: null, next: INDEX[1] });
    expect(neighbours(INDEX, 'c')).toEqual({ prev: INDEX[1], next: null });
    // a draft or a lesson the index does not list: no neighbours to claim
    expect(neighbours(INDEX, 'draft')).toEqual({ prev: null, next: null });
    expect(neighbours(INDEX, null)).toEqual({ prev: null, next: null });
  });

  it("names the lesson first, then the app, in the reader's language", () => {
    expect(pageTitle('en', 'Lesson b')).toBe('Lesson b · Watch Python Think');
    expect(pageTitle('zh', '课 b')).toBe('课 b · 看 Python 思考');
    expect(pageTitle('en', null)).toBe('Watch Python Think');
  });
});
