/**
 * The one UI string table: every key in both languages, defined once, with the same
 * placeholders; Chinese text is Chinese; `t` fills every placeholder.
 */
import { describe, expect, it } from 'vitest';
import {
  pickLang,
  STRING_TABLES,
  STRINGS,
  type StringKey,
  sentences,
  t,
  tn,
} from '../../../src/i18n';
import { AUTHOR_STRINGS, tAuthor, tnAuthor } from '../../../src/i18n/authorTable';
import { t as cliText } from '../../../src/i18n/cli';
import { tEmbed } from '../../../src/i18n/embedTable';
import { type MessageKey, tMessage } from '../../../src/i18n/messageTable';
import { LANGS, type LocalizedText } from '../../../src/lessons/schema';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const HAN = /\p{Script=Han}/u;

describe('the UI string table', () => {
  // Every area's strings, the command line's included (checked like the page's).
  const ALL: Record<string, LocalizedText> = Object.assign({}, ...Object.values(STRING_TABLES));
  const keys = Object.keys(ALL);

  it('defines each key in exactly one area table; the page has all but six', () => {
    const seen = new Map<string, string>();
    for (const [area, table] of Object.entries(STRING_TABLES)) {
      for (const key of Object.keys(table)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
    // Left out of the page's table: the command line's areas, the lesson-problem ones,
    // author mode's and the embed box's.
    const apart = ['check', 'build', 'lessons', 'files', 'author', 'embedBox'];
    const page = [...seen].filter(([, area]) => !apart.includes(area)).map(([key]) => key);
    expect(page.sort()).toEqual((Object.keys(STRINGS) as StringKey[]).sort());
  });

  it.each(keys)('%s has non-empty text in every language', (key) => {
    for (const lang of LANGS) expect(ALL[key][lang]?.trim()).toBeTruthy();
    expect(Object.keys(ALL[key]).sort()).toEqual([...LANGS].sort());
  });

  it.each(keys)('%s uses the same placeholders in zh and en', (key) => {
    expect(placeholders(ALL[key].zh)).toEqual(placeholders(ALL[key].en));
  });

  it.each(keys)('%s is written in Chinese in zh', (key) => {
    // Punctuation alone (a list separator: ", " in English) has no words to translate,
    // but must still be Chinese punctuation, not the English one left in.
    if (!/\p{L}/u.test(ALL[key].en)) expect(ALL[key].zh).not.toBe(ALL[key].en);
    else expect(ALL[key].zh).toMatch(HAN);
  });

  it('lesson messages read the page strings and the lesson-problem areas', () => {
    expect(tMessage('zh', 'line', { n: 7 })).toBe(t('zh', 'line', { n: 7 }));
    const [key, text] = Object.entries(STRING_TABLES.lessons)[0];
    expect(tMessage('en', key as MessageKey)).toBe(text.en);
  });

  it("author mode reads the page strings and its own, which the page's table leaves out", () => {
    expect(tAuthor('zh', 'line', { n: 7 })).toBe(t('zh', 'line', { n: 7 }));
    expect(tAuthor('en', 'exportAll')).toBe(STRING_TABLES.author.exportAll.en);
    expect('exportAll' in STRINGS).toBe(false);
  });

  it("the embed box reads the page strings and its own, which the page's table leaves out", () => {
    expect(tEmbed('zh', 'line', { n: 7 })).toBe(t('zh', 'line', { n: 7 }));
    expect(tEmbed('en', 'embedCode')).toBe(STRING_TABLES.embedBox.embedCode.en);
    expect('embedCode' in STRINGS).toBe(false);
  });

  it('the command line reads the page strings and its own', () => {
    expect(cliText('zh', 'line', { n: 7 })).toBe(t('zh', 'line', { n: 7 }));
    expect(cliText('en', 'checkNoError')).toBe(STRING_TABLES.check.checkNoError.en);
  });

  it('fills every occurrence of a placeholder and leaves unknown ones', () => {
    expect(t('en', 'line', { n: 7 })).toBe('line 7');
    expect(t('zh', 'line', { n: 7 })).toBe('第 7 行');
    expect(tAuthor('en', 'imported', { id: 'x' })).toBe(
      'Imported as the draft of x: {n} files (listed with ✎ in the lesson index)',
    );
  });
});

describe('a count in words', () => {
  it('counts author mode’s files and problems in words too, never as "(s)"', () => {
    expect(tnAuthor('en', 1, 'importedOne', 'imported', { id: 'x' })).toBe(
      'Imported as the draft of x: 1 file (listed with ✎ in the lesson index)',
    );
    expect(tnAuthor('en', 3, 'exportedOne', 'exported')).toBe('Exported 3 files.');
    expect(tnAuthor('zh', 1, 'draftChangedOne', 'draftChanged')).toBe(
      '已改动 1 个文件（已自动保存）',
    );
    const texts = Object.values(AUTHOR_STRINGS).map((s) => s.en);
    expect(texts.filter((s) => s.includes('(s)'))).toEqual([]);
  });

  it('uses the singular for one, the plural otherwise, in both languages', () => {
    expect(tn('en', 1, 'itemCountOne', 'itemCount')).toBe('1 item');
    expect(tn('en', 0, 'itemCountOne', 'itemCount')).toBe('0 items');
    expect(tn('en', 3, 'objectCountOne', 'objectCount')).toBe('3 objects');
    expect(tn('zh', 1, 'frameCountOne', 'frameCount')).toBe('1 个帧');
    // every *One key has its plural beside it, with the same placeholders
    for (const key of Object.keys(STRINGS).filter((k) => /[a-z]One$/.test(k))) {
      const many = key.slice(0, -3) as StringKey;
      expect(STRINGS[many], `${key} has no ${many}`).toBeDefined();
    }
  });
});

describe('sentences', () => {
  it('sets zh sentences side by side and en ones a space apart', () => {
    expect(sentences('zh', '代码改过了。', '运行到了结尾。')).toBe('代码改过了。运行到了结尾。');
    expect(sentences('en', 'The code changed.', 'Ran to the end.')).toBe(
      'The code changed. Ran to the end.',
    );
  });
});

describe('pickLang', () => {
  it('takes the URL, then the saved choice, then the browser', () => {
    expect(pickLang('en', 'zh', ['zh-CN'])).toBe('en');
    expect(pickLang(null, 'zh', ['en-US'])).toBe('zh');
    expect(pickLang('fr', null, ['zh-TW', 'en'])).toBe('zh');
    expect(pickLang(null, 'xx', ['de'])).toBe('en');
  });
});
