import { describe, expect, it } from 'vitest';
import { draftTitle } from '../../../src/store/drafts';

describe('the title a draft-only lesson is listed under', () => {
  const manifest = JSON.stringify({ id: 'retry', title: { zh: '重试', en: 'Retrying' } });

  it("is its manifest's title in the reader's language", () => {
    expect(draftTitle('retry', { 'lesson.json': manifest }, 'zh')).toBe('重试');
    expect(draftTitle('retry', { 'lesson.json': manifest }, 'en')).toBe('Retrying');
  });

  it('is its id while the manifest is missing, half-typed or has no such title', () => {
    expect(draftTitle('retry', {}, 'en')).toBe('retry');
    expect(draftTitle('retry', { 'lesson.json': null }, 'en')).toBe('retry');
    expect(draftTitle('retry', { 'lesson.json': '{"title": {"en": "Re' }, 'en')).toBe('retry');
    expect(
      draftTitle('retry', { 'lesson.json': '{"title": {"zh": "重试", "en": " "}}' }, 'en'),
    ).toBe('retry');
    expect(draftTitle('retry', { 'lesson.json': 'null' }, 'en')).toBe('retry');
  });
});
