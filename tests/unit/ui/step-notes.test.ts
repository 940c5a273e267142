import { describe, expect, it } from 'vitest';
import { lineSpan } from '../../../src/ui/panel/StepNotes';

describe('the lines beside a step note', () => {
  it('names one line once and a range by its ends', () => {
    expect(lineSpan(20, 20)).toBe('L20');
    expect(lineSpan(20, 24)).toBe('L20–24');
  });
});
