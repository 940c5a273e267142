import { describe, expect, it } from 'vitest';
import { draftFromImport, locateLesson } from '../../../src/ui/author/transfer';

describe('importing lesson files into author mode', () => {
  const shipped = {
    'lesson.json': '{}',
    'setup.py': 'a',
    'prose.zh.md': 'z',
    'prose.en.md': 'e',
    'entries/x.py': 'x',
  };

  it('finds the lesson root by its lesson.json and ignores golden files', () => {
    const found = locateLesson({
      'repo/lessons/demo/lesson.json': '{"id": "demo"}',
      'repo/lessons/demo/setup.py': 's',
      'repo/lessons/demo/golden/p/s.json': '{}',
      'elsewhere.txt': 'no',
    });
    expect(found.id).toBe('demo');
    expect(Object.keys(found.files).sort()).toEqual(['lesson.json', 'setup.py']);
  });

  it('refuses an import with no lesson or with two lessons', () => {
    expect(() => locateLesson({ 'a.py': '' })).toThrow(/no lesson.json/);
    expect(() => locateLesson({ 'a/lesson.json': '{}', 'b/lesson.json': '{}' })).toThrow(
      /2 lessons/,
    );
  });

  it('lays a partial import (an export of changed files) over the shipped lesson', () => {
    expect(draftFromImport(shipped, { 'lesson.json': '{"x":1}', 'scenarios/n.py': 'n' })).toEqual({
      'lesson.json': '{"x":1}',
      'scenarios/n.py': 'n',
    });
  });

  it('treats a complete folder as the whole lesson, deleting files it lacks', () => {
    const full = { 'lesson.json': '{}', 'setup.py': 'b', 'prose.zh.md': 'z', 'prose.en.md': 'e' };
    expect(draftFromImport(shipped, full)).toEqual({ 'setup.py': 'b', 'entries/x.py': null });
  });
});
