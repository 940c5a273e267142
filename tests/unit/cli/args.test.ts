import { describe, expect, it } from 'vitest';
import {
  checkLang,
  checkUsage,
  DEFAULT_ROOT,
  envFlag,
  langNote,
  lessonIdProblem,
  newUsage,
  parseCheckArgs,
  parseNewArgs,
  reportLang,
  shellWord,
} from '../../../scripts/lib/args.ts';

describe('lessons:check arguments', () => {
  it('defaults to every lesson under lessons/', () => {
    expect(parseCheckArgs([])).toEqual({
      ok: true,
      args: { root: DEFAULT_ROOT, lessonIds: [], help: false },
    });
  });

  it('takes --root in both spellings and lesson ids in any position', () => {
    const expected = { root: '/tmp/x', lessonIds: ['s04-hooks', 'hook-registry'], help: false };
    expect(parseCheckArgs(['--root', '/tmp/x', 's04-hooks', 'hook-registry'])).toEqual({
      ok: true,
      args: expected,
    });
    expect(parseCheckArgs(['s04-hooks', '--root=/tmp/x', 'hook-registry'])).toEqual({
      ok: true,
      args: expected,
    });
  });

  it('lists a lesson id once however often it is given', () => {
    const parsed = parseCheckArgs(['a', 'a', 'b']);
    expect(parsed.ok && parsed.args.lessonIds).toEqual(['a', 'b']);
  });

  it('accepts -h and --help', () => {
    for (const flag of ['-h', '--help']) {
      const parsed = parseCheckArgs([flag]);
      expect(parsed.ok && parsed.args.help).toBe(true);
    }
  });

  it('treats everything after -- as lesson ids', () => {
    const parsed = parseCheckArgs(['--', 's04-hooks']);
    expect(parsed.ok && parsed.args.lessonIds).toEqual(['s04-hooks']);
  });

  it.each([
    [['--rot', 'x'], 'unknown option --rot'],
    [['-r', 'x'], 'unknown option -r'],
    [['--root'], 'option --root needs a value'],
    [['--root', '--help'], 'option --root needs a value'],
    [['--root='], 'option --root needs a non-empty value'],
    [['--root', 'a', '--root', 'b'], 'option --root is given twice'],
    [['S04_Hooks'], '"S04_Hooks" is not a lesson id (ids match [a-z0-9-]+)'],
  ])('rejects %j: %s', (argv, error) => {
    expect(parseCheckArgs(argv)).toEqual({ ok: false, error });
  });
});

describe('lesson:new arguments', () => {
  it('takes an id, both titles and a root', () => {
    expect(
      parseNewArgs(['s05-tasks', '--title-zh', '第 5 课', '--title-en=Lesson 5', '--root', 'tmp']),
    ).toEqual({
      ok: true,
      args: { id: 's05-tasks', root: 'tmp', titleZh: '第 5 课', titleEn: 'Lesson 5', help: false },
    });
  });

  it('leaves the titles out when they are not given', () => {
    expect(parseNewArgs(['intro'])).toEqual({
      ok: true,
      args: { id: 'intro', root: DEFAULT_ROOT, help: false },
    });
  });

  it('shows help even without an id', () => {
    const parsed = parseNewArgs(['--help']);
    expect(parsed.ok && parsed.args.help).toBe(true);
  });

  it.each([
    [[], 'missing the lesson id'],
    [['a', 'b'], 'expected one lesson id, got 2: a b'],
    [['--title', 'x', 'a'], 'unknown option --title'],
    [['a', '--title-en', '   '], 'option --title-en needs a non-empty value'],
    [['a', '--title-zh'], 'option --title-zh needs a value'],
  ])('rejects %j: %s', (argv, error) => {
    expect(parseNewArgs(argv)).toEqual({ ok: false, error });
  });

  it.each(['S04', 's04_hooks', 'lesson 4', 'lesson/4', 'café', '-x', 'x-'])(
    'rejects the invalid id %j with a message naming it',
    (id) => {
      const parsed = parseNewArgs(['--', id]);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(`invalid lesson id ${JSON.stringify(id)}`);
    },
  );

  it('accepts lowercase letters, digits and inner hyphens', () => {
    for (const id of ['s04-hooks', 'a', '42', 'x-1-y']) expect(lessonIdProblem(id)).toBeNull();
    expect(lessonIdProblem('')).toBe('the lesson id must not be empty');
  });
});

describe('UPDATE_GOLDEN', () => {
  it('is on for 1/true/yes and off when unset, empty, 0, false, no or off', () => {
    for (const v of ['1', 'true', 'yes', 'TRUE']) expect(envFlag(v)).toBe(true);
    for (const v of [undefined, '', '0', 'false', 'no', 'off', ' 0 '])
      expect(envFlag(v)).toBe(false);
  });
});

describe('LESSONS_LANG', () => {
  it('asks for Chinese with zh or a Chinese locale name, and is English otherwise', () => {
    for (const v of ['zh', 'ZH', ' zh ', 'zh-CN', 'zh_CN.UTF-8', 'zh-Hans'])
      expect(checkLang(v)).toBe('zh');
    for (const v of [undefined, '', 'en', 'en_US.UTF-8', 'fr', 'zhx', 'z'])
      expect(checkLang(v)).toBe('en');
  });

  it('follows the terminal’s locale when LESSONS_LANG is not set, in POSIX order', () => {
    expect(reportLang({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(reportLang({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'zh_TW.UTF-8' })).toBe('zh');
    expect(reportLang({ LANG: 'zh_CN.UTF-8', LC_ALL: 'C.UTF-8' })).toBe('en');
    expect(reportLang({ LANG: 'zh_CN.UTF-8', LESSONS_LANG: 'en' })).toBe('en');
    expect(reportLang({ LANG: 'C.UTF-8', LESSONS_LANG: 'zh' })).toBe('zh');
    expect(reportLang({ LANG: 'zh_CN.UTF-8', LESSONS_LANG: ' ' })).toBe('zh');
    expect(reportLang({})).toBe('en');
  });

  it('notes a LESSONS_LANG it does not know instead of ignoring it', () => {
    expect(langNote('fr')).toBe(
      'LESSONS_LANG=fr: only zh and en are known; the report is in English',
    );
    for (const v of [
      undefined,
      '',
      ' ',
      'zh',
      'zh_CN.UTF-8',
      'en',
      'en_GB.UTF-8',
      'C.UTF-8',
      'POSIX',
    ])
      expect(langNote(v), String(v)).toBeNull();
  });

  it('repeats a --root folder as a shell reads it back (the golden-file hint)', () => {
    expect(shellWord('/tmp/my-lessons')).toBe('/tmp/my-lessons');
    expect(shellWord('my lessons')).toBe("'my lessons'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});

describe('the command line in Chinese (LESSONS_LANG=zh)', () => {
  it('says what is wrong with the arguments in Chinese, naming the argument', () => {
    const check = parseCheckArgs(['--rot', 'x'], 'zh');
    expect(check).toEqual({ ok: false, error: '未知选项 --rot' });
    const id = parseNewArgs(['--', 'S04'], 'zh');
    expect(id.ok).toBe(false);
    if (!id.ok) expect(id.error).toMatch(/^课程 id "S04" 无效/);
    expect(parseNewArgs([], 'zh')).toEqual({ ok: false, error: '缺少课程 id' });
    expect(lessonIdProblem('x-', 'zh')).toMatch(/"x-".*“-”/);
  });

  it('gives the help in the language asked for, and the English help is true', () => {
    for (const usage of [checkUsage('zh'), newUsage('zh')]) {
      expect(usage).toMatch(/\p{Script=Han}/u);
      expect(usage).not.toMatch(/\b(usage|the lessons folder|show this help)\b/);
    }
    expect(checkUsage('zh')).toContain('--root <目录>');
    // The check's own lines are in Chinese too now: the help must not say otherwise.
    expect(checkUsage('en')).not.toMatch(/stay English/);
    expect(checkUsage('en')).toContain('LESSONS_LANG=zh print the whole report in Chinese');
  });
});
