/**
 * Lesson errors are shown in the reader's language with their place: the loader makes a
 * message (a string-table key and its values), the page and the command line render it.
 */
import { describe, expect, it } from 'vitest';
import { addScenario, deleteScenario } from '../../../src/lessons/edit.ts';
import { decodeLessonFile } from '../../../src/lessons/encoding.ts';
import { errorText, formatLessonError } from '../../../src/lessons/messageText.ts';
import { locateLesson } from '../../../src/ui/author/transfer.ts';
import { editManifest, lessonFiles, lineOf, load, rawErrorsOf } from './helpers.ts';

const ID = 's04-hooks';
const MANIFEST = `lessons/${ID}/lesson.json`;
const HAN = /\p{Script=Han}/u;

describe('a loader error in the reader language', () => {
  it('renders a stale anchor in zh and en with its file, line and field', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].steps[0].start = 'no such text';
    });
    const [error] = rawErrorsOf(load(ID, files));
    const line = lineOf(files['lesson.json'], '"no such text"');
    const place = `${MANIFEST}:${line}:${error.column}: panels[0].steps[0].start: `;
    expect(formatLessonError(error, 'en')).toMatch(
      new RegExp(`^${escapeRegExp(place)}anchor text "no such text" not found in run_hooks \\(`),
    );
    const zh = formatLessonError(error, 'zh');
    expect(zh.startsWith(place)).toBe(true);
    expect(zh).toContain('找不到锚点文本 "no such text"');
    expect(zh).toContain(`lessons/${ID}/src/`);
  });

  it("words zod's own checks in both languages, type names included", async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.order = 'first';
    });
    const error = rawErrorsOf(load(ID, files)).find((e) => e.field === 'order');
    if (!error) throw new Error('expected an error at order');
    expect(formatLessonError(error, 'en')).toMatch(
      /: order: Invalid input: expected number, received string$/,
    );
    expect(formatLessonError(error, 'zh')).toMatch(/: order: 值无效：应为数字，实际是字符串$/);
  });

  it('nests what a path error is about, and a bad record key', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.setup = '../setup.py';
      m.scenarios['Bad-Id'] = m.scenarios.pass;
    });
    const errors = rawErrorsOf(load(ID, files));
    const setup = errors.find((e) => e.field === 'setup');
    const key = errors.find((e) => e.field === 'scenarios["Bad-Id"]');
    if (!setup || !key) throw new Error('expected errors at setup and at the bad key');
    expect(formatLessonError(setup, 'en')).toMatch(/: setup: the setup script must be a relative/);
    expect(formatLessonError(setup, 'zh')).toMatch(
      /: setup: 准备脚本路径必须是课程文件夹内的相对路径/,
    );
    expect(formatLessonError(key, 'en')).toMatch(/invalid key: a scenario id must match/);
    expect(formatLessonError(key, 'zh')).toMatch(/键无效：场景 id 必须匹配/);
  });

  it('says a file is missing in either language, with the file as its place', async () => {
    const files = await lessonFiles(ID);
    delete files['prose.en.md'];
    const [error] = rawErrorsOf(load(ID, files));
    expect(formatLessonError(error, 'en')).toBe(
      `lessons/${ID}/prose.en.md: file not found: prose.en.md is required (every lesson has a Chinese and an English article)`,
    );
    expect(formatLessonError(error, 'zh')).toBe(
      `lessons/${ID}/prose.en.md: 找不到文件：缺少 prose.en.md（每节课都要有中文和英文两篇文章）`,
    );
  });

  it("says a things-to-try problem in zh at the article's line", async () => {
    const files = await lessonFiles(ID);
    files['prose.zh.md'] = files['prose.zh.md'].replace('[[block]]', '[[blok]]');
    files['prose.en.md'] = `Intro.\n<!-- try -->\n- x\n<!-- /try -->\n${files['prose.en.md']}`;
    const errors = rawErrorsOf(load(ID, files));
    const unknown = errors.find((e) => e.file.endsWith('prose.zh.md'));
    const misplaced = errors.find((e) => e.file.endsWith('prose.en.md'));
    if (!unknown || !misplaced) throw new Error('expected an error in each article');
    const line = lineOf(files['prose.zh.md'], '[[blok]]');
    const column = files['prose.zh.md'].split('\n')[line - 1].indexOf('[[blok]]') + 1;
    expect(formatLessonError(unknown, 'zh')).toMatch(
      new RegExp(
        `^lessons/${ID}/prose\\.zh\\.md:${line}:${column}: \\[\\[blok\\]\\]：面板 "run_hooks" 没有场景 "blok"，是不是想写 \\[\\[block\\]\\]？（它提供：pass, block`,
      ),
    );
    expect(formatLessonError(misplaced, 'zh')).toMatch(
      new RegExp(
        `^lessons/${ID}/prose\\.en\\.md:2: "<!-- try -->" 前面没有任何面板标记（是不是它的面板标记丢了？）`,
      ),
    );
  });

  it('has a Chinese text for every error of a badly broken lesson', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.id = 'Not An Id';
      m.colour = 'blue';
      m.sources[0].module = 'json';
      m.panels[0].scenarios = [];
      m.panels[1].function = 'nope';
      m.predictions[0].ask = { kind: 'guess' };
      m.budget = { maxEvents: -1 };
    });
    delete files['setup.py'];
    files['prose.zh.md'] += '\n<!-- panel: ghost -->\n<!--panel:x-->\n';
    const errors = rawErrorsOf(load(ID, files));
    expect(errors.length).toBeGreaterThanOrEqual(8);
    for (const e of errors) {
      expect(formatLessonError(e, 'zh')).toMatch(HAN);
      expect(formatLessonError(e, 'en')).not.toMatch(HAN);
    }
  });
});

describe('author-mode errors in the reader language', () => {
  const manifest = JSON.stringify({
    scenarios: { pass: { label: { zh: '通过', en: 'Pass' } } },
    panels: [{ id: 'p', scenarios: ['pass'] }],
  });

  it('refuses a scenario edit in zh and en', () => {
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err;
      }
      throw new Error('expected the edit to be refused');
    };
    const exists = caught(() => addScenario(manifest, 'p', 'pass'));
    expect(errorText(exists, 'en')).toBe('scenario "pass" already exists');
    expect(errorText(exists, 'zh')).toBe('场景 "pass" 已存在');
    const last = caught(() => deleteScenario(manifest, 'p', 'pass'));
    expect(errorText(last, 'zh')).toBe('面板至少需要一个场景');
    const broken = caught(() => addScenario('{\n  "panels": [\n}', 'p', 'new'));
    expect(errorText(broken, 'en')).toMatch(
      /^lesson\.json:3:1: invalid JSON: unexpected character/,
    );
    expect(errorText(broken, 'zh')).toMatch(/^lesson\.json:3:1: JSON 无效：意外的字符/);
  });

  it('explains a refused import and a file that is not UTF-8 with its place', () => {
    const none = (() => {
      try {
        locateLesson({ 'a.py': '' });
      } catch (err) {
        return err;
      }
    })();
    expect(errorText(none, 'zh')).toBe('导入的文件中没有 lesson.json');
    expect(errorText(none, 'en')).toBe('no lesson.json found in the import');
    let bad: unknown;
    try {
      decodeLessonFile('src/x.py', new Uint8Array([0x61, 0x0a, 0xff]));
    } catch (err) {
      bad = err;
    }
    expect(errorText(bad, 'en')).toBe(
      'src/x.py:2:1: not valid UTF-8: byte 0xFF at byte offset 2; save the file as UTF-8',
    );
    expect(errorText(bad, 'zh')).toBe(
      'src/x.py:2:1: 不是有效的 UTF-8：字节偏移 2 处的字节 0xFF；请把文件存为 UTF-8',
    );
  });

  it('shows any other error as it is', () => {
    expect(errorText(new Error('boom'), 'zh')).toBe('boom');
    expect(errorText('plain', 'en')).toBe('plain');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
