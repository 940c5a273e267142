/**
 * What a page opens with (src/store/startView.ts): the language, author mode, and whether
 * the prerendered article may show. The shell script and the app's stores both decide
 * with these functions, so a reader never sees the shell in one language and the app in
 * another, or the shell of a lesson the app is not going to show.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../src/store/address';
import { shellLang, startAuthor, startLang } from '../../../src/store/startView';

const at = (query: string) => parseAddress(`https://example.org/${query}`);
const none = { lang: null, author: null };

describe('startLang', () => {
  it('takes ?lang= first, then the saved choice, then the browser', () => {
    expect(startLang(at('?lang=en'), { lang: 'zh', author: null }, ['zh-CN'])).toBe('en');
    expect(startLang(at(''), { lang: 'zh', author: null }, ['en-US'])).toBe('zh');
    expect(startLang(at(''), none, ['fr', 'zh-TW'])).toBe('zh');
    expect(startLang(at(''), none, ['fr'])).toBe('en');
  });

  it('ignores a language it does not have', () => {
    expect(startLang(at('?lang=de'), { lang: 'xx', author: null }, ['zh'])).toBe('zh');
  });
});

describe('startAuthor', () => {
  it('follows the URL, else what this tab chose last', () => {
    expect(startAuthor(at('?author=1'), none)).toBe(true);
    expect(startAuthor(at('?author=0'), { lang: null, author: '1' })).toBe(false);
    expect(startAuthor(at(''), { lang: null, author: '1' })).toBe(true);
    expect(startAuthor(at(''), none)).toBe(false);
  });
});

describe('shellLang', () => {
  const lesson = 's04-hooks';

  it('shows the shell on a plain visit, in the language the app will choose', () => {
    expect(shellLang(at(''), none, ['zh-CN'], lesson)).toBe('zh');
    expect(shellLang(at('?lang=en'), none, ['zh-CN'], lesson)).toBe('en');
    expect(shellLang(at(`?lesson=${lesson}`), { lang: 'en', author: null }, [], lesson)).toBe('en');
    for (const query of ['', '?lang=en', '?lang=zh']) {
      const address = at(query);
      expect(shellLang(address, none, ['fr'], lesson)).toBe(startLang(address, none, ['fr']));
    }
  });

  it('does not show it when the page opens on something else', () => {
    expect(shellLang(at('?lesson=hook-registry'), none, [], lesson)).toBeNull();
    expect(shellLang(at('?panel=run-hooks&s=abc'), none, [], lesson)).toBeNull();
    expect(shellLang(at('#panel-run-hooks'), none, [], lesson)).toBeNull();
    expect(shellLang(at('?author=1'), none, [], lesson)).toBeNull();
    expect(shellLang(at(''), { lang: null, author: '1' }, [], lesson)).toBeNull();
  });
});
