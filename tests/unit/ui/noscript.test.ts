import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the page without JavaScript', () => {
  it('says why in Chinese, the page language, and in English marked as such', () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(html).toMatch(/<html lang="zh-CN">/);
    const note = html.slice(html.indexOf('<noscript>'), html.indexOf('</noscript>'));
    expect(note).toMatch(/<p>[^<]*JavaScript[^<]*[\u4e00-\u9fff][^<]*<\/p>/);
    expect(note).toMatch(/<p lang="en">This playground needs JavaScript[^<]*<\/p>/);
  });
});
