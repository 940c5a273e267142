import { describe, expect, it } from 'vitest';
import { diffLineClass } from '../../../src/ui/author/AuthorBar';

describe('the discard diff', () => {
  it('shows file headers and hunk marks as such, not as a removed and an added line', () => {
    expect(diffLineClass('--- a/lesson.json')).toBe('head');
    expect(diffLineClass('+++ b/lesson.json')).toBe('head');
    expect(diffLineClass('@@ -1,3 +1,4 @@')).toBe('head');
    expect(diffLineClass('+hooks["before"] = [verdict_hook, second]')).toBe('add');
    expect(diffLineClass('-    "order": 1,')).toBe('del');
    // a removed line that itself starts with two dashes is still a removed line
    expect(diffLineClass('---x')).toBe('del');
    expect(diffLineClass(' unchanged')).toBeUndefined();
  });
});
