import { describe, expect, it } from 'vitest';
import { formatPlaced, placeText } from '../../../src/lessons/messageText';

describe("a lesson problem's place", () => {
  it('is file, line and column, as far as known, wherever it is written', () => {
    expect(placeText({ file: 'lessons/x/lesson.json', line: 47, column: 11 })).toBe(
      'lessons/x/lesson.json:47:11',
    );
    expect(placeText({ file: 'lessons/x/lesson.json', line: 47, column: null })).toBe(
      'lessons/x/lesson.json:47',
    );
    expect(placeText({ file: 'lessons/x/prose.zh.md' })).toBe('lessons/x/prose.zh.md');
    // a column without a line says nothing on its own
    expect(placeText({ file: 'a.py', column: 3 })).toBe('a.py');
    expect(formatPlaced({ file: 'a.json', line: 2, column: 5, field: 'order' }, 'bad')).toBe(
      'a.json:2:5: order: bad',
    );
  });
});
