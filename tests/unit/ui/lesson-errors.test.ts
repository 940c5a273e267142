import { describe, expect, it } from 'vitest';
import { placeOf } from '../../../src/ui/LessonErrors';

describe("a lesson problem's place", () => {
  it('is written as lessons:check writes it: file, line and column, as far as known', () => {
    expect(placeOf({ file: 'lessons/x/lesson.json', line: 47, column: 11 })).toBe(
      'lessons/x/lesson.json:47:11',
    );
    expect(placeOf({ file: 'lessons/x/lesson.json', line: 47 })).toBe('lessons/x/lesson.json:47');
    expect(placeOf({ file: 'lessons/x/prose.zh.md' })).toBe('lessons/x/prose.zh.md');
    // a column without a line says nothing on its own
    expect(placeOf({ file: 'a.py', column: 3 })).toBe('a.py');
  });
});
