/**
 * The notice for saved work the page could not read (src/ui/KeptNotice.tsx), rendered to a
 * string: its sentences are joined as each language writes them.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n';
import { KeptNotice } from '../../../src/ui/KeptNotice';

const held = (lang: Lang) =>
  renderToStaticMarkup(
    createElement(KeptNotice, {
      // kept where it was (the browser would not move it): `at` is its own key
      entries: [{ at: 'wpt.draft.s04-hooks', of: 'wpt.draft.s04-hooks', text: '{' }],
      lang,
      says: 'keptDraft',
      prefix: 'wpt.draft.',
    }),
  );

describe('the notice for saved work that could not be read', () => {
  it('puts no space between two Chinese sentences, and one between two English ones', () => {
    expect(held('zh')).toContain('不会被覆盖。浏览器没能把它挪到别处');
    expect(held('en')).toContain('nothing writes over it. The browser would not move it');
  });
});
