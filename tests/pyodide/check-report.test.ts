/**
 * `lessons:check`'s own report, end to end on small lessons written to a temporary folder:
 * a runaway scenario is blamed on the Python line it was stopped on (with its budget and
 * where that is set), and with `LESSONS_LANG=zh` no English sentence is left in the
 * report. One Pyodide recorder (a child process, a few seconds to start) serves every run,
 * which is why it is in the Pyodide project, not the unit one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, runCheck } from '../../scripts/lib/check.ts';
import type { Lang } from '../../src/i18n/index.ts';
import { recorderInstall } from '../../src/runtime/node-recorder.ts';
import {
  createSandboxedRecorder,
  type SandboxedRecorder,
} from '../../src/runtime/sandbox/runner.ts';

const SOURCE = `def spin(limit):
    total = 0
    n = 0
    while n != limit:
        n += 1
        total += n
    return total
`;

/** A lesson with one panel `spin`, its scenarios, and what else the manifest says. */
function lessonFiles(
  id: string,
  scenarios: Record<string, string>,
  extra: Record<string, unknown> = {},
): Record<string, string> {
  const manifest = {
    id,
    order: 1,
    title: { zh: '转圈', en: 'Spinning' },
    summary: { zh: '一个会停不下来的循环。', en: 'A loop that may never stop.' },
    ...extra,
    sources: [{ path: 'spin.py', module: 'spin' }],
    setup: 'setup.py',
    scenarios: Object.fromEntries(
      Object.keys(scenarios).map((s) => [
        s,
        { label: { zh: `场景 ${s}`, en: `Scenario ${s}` }, script: `scenarios/${s}.py` },
      ]),
    ),
    panels: [
      {
        id: 'spin',
        function: 'spin',
        source: 'spin.py',
        entry: 'entries/run.py',
        scenarios: Object.keys(scenarios),
        steps: [],
      },
    ],
  };
  const files: Record<string, string> = {
    'lesson.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'src/spin.py': SOURCE,
    'setup.py': 'limit = 3\n',
    'entries/run.py': 'from spin import spin\n\nprint("total:", spin(limit))\n',
    'prose.zh.md': '# 转圈\n\n<!-- panel: spin -->\n',
    'prose.en.md': '# Spinning\n\n<!-- panel: spin -->\n',
  };
  for (const [s, code] of Object.entries(scenarios)) files[`scenarios/${s}.py`] = code;
  return files;
}

function writeLesson(root: string, id: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, id, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

const MANIFEST = 'runaway/lesson.json';
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle)) + 1;

let root: string;
let recorder: SandboxedRecorder;
const runs: Partial<Record<Lang, { result: CheckResult; out: string[] }>> = {};

async function check(lang: Lang) {
  const out: string[] = [];
  const result = await runCheck({
    root,
    update: false,
    cwd: root,
    lang,
    recorder,
    print: (l) => out.push(l),
  });
  return { result, out };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'wpt-check-report-'));
  // 1. A runaway scenario (the limit is never met), a heavy one with a prediction that has
  // no answer, one that raises, and one with no golden file. A tiny budget keeps it fast.
  writeLesson(
    root,
    'runaway',
    lessonFiles(
      'runaway',
      {
        forever: 'limit = -1\n',
        heavy: 'limit = 60\n',
        raises: 'raise ValueError("no limit today")\n',
        fine: 'limit = 3\n',
        loud: 'print("x" * 1_500_000)\nlimit = 3\n',
      },
      {
        budget: { maxEvents: 300 },
        predictions: [
          {
            id: 'never',
            panel: 'spin',
            scenario: 'heavy',
            ask: { kind: 'value', name: 'nowhere' },
            question: { zh: '`nowhere` 最后是多少？', en: 'What does `nowhere` end as?' },
          },
          {
            id: 'typo',
            panel: 'spin',
            scenario: 'heavy',
            ask: { kind: 'value', name: 'totl' },
            question: { zh: '`totl` 最后是多少？', en: 'What does `totl` end as?' },
          },
          {
            id: 'alongside',
            panel: 'spin',
            scenario: 'heavy',
            ask: { kind: 'value', name: 'total' },
            question: { zh: '`total` 最后是多少？', en: 'What does `total` end as?' },
          },
          {
            id: 'sum',
            panel: 'spin',
            scenario: 'fine',
            ask: { kind: 'value', name: 'total' },
            question: { zh: '`total` 最后是多少？', en: 'What does `total` end as?' },
          },
        ],
      },
    ),
  );
  // 2. A scenario stuck on one line: no line event ever comes, so the recorder cannot stop
  // it; the process is ended after its (short) time budget.
  writeLesson(
    root,
    'stuck',
    lessonFiles('stuck', { loop: 'while True: pass\n' }, { budget: { maxSeconds: 1 } }),
  );
  // 3. A lesson that does not load: its prose places an unknown panel.
  const broken = lessonFiles('broken', { one: 'limit = 2\n' });
  broken['prose.en.md'] += '\n<!-- panel: nope -->\n';
  writeLesson(root, 'broken', broken);
  recorder = await createSandboxedRecorder({ install: recorderInstall() });
  runs.en = await check('en');
  runs.zh = await check('zh');
}, 120_000);

afterAll(() => {
  recorder?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a scenario whose output the recorder had to cut', () => {
  it('is warned about, not passed quietly: students see its output cut too', () => {
    const out = runs.en?.out.join('\n') ?? '';
    expect(out).toMatch(
      /spin\/loud[^\n]*\n?[^\n]*its output passed 1000000 characters and was cut there/,
    );
    expect(runs.zh?.out.join('\n')).toMatch(/输出超过 1000000 个字符，在那里被截断了/);
  });
});

describe('a runaway scenario', () => {
  it('is reported at the Python line it was stopped on, naming its budget and where it is set', () => {
    const { out } = runs.en!;
    const budgetLine = lineOf(readFileSync(path.join(root, MANIFEST), 'utf8'), '"budget"');
    const status = out.findIndex((l) => l.includes('spin/forever:'));
    expect(out[status]).toBe('  FAIL  spin/forever: exceeded its budget');
    expect(out[status + 1]).toMatch(
      new RegExp(
        `^runaway/src/spin\\.py:[56](:\\d+)?: spin/forever: exceeded its budget \\(300 events\\) and was stopped while running this line; the budget is set by "budget" at ${MANIFEST.replace('.', '\\.')}:${budgetLine}$`,
      ),
    );
    expect(out[status + 2]).toMatch(/^ {4}if this is the ending the scenario teaches, declare it/);
  });
});

describe('a run with a prediction that has no answer', () => {
  it('still prints the answers of the other predictions on it', () => {
    const { out } = runs.en!;
    const status = out.findIndex((l) => /FAIL {2}spin\/heavy: /.test(l));
    expect(status).toBeGreaterThanOrEqual(0);
    const next = out.findIndex((l, i) => i > status && /^ {2}\S/.test(l));
    const block = out.slice(status, next < 0 ? undefined : next);
    expect(block).toContainEqual(expect.stringMatching(/never binds/));
    expect(block).toContainEqual(expect.stringMatching(/^ +predict alongside: /));
    // a name near one the function binds is named; one near none is not
    expect(block).toContainEqual(
      expect.stringMatching(/typo: spin never binds "totl" under heavy: did you mean "total"\?$/),
    );
    // placed at the name asked about, not at the whole question
    const manifest = readFileSync(path.join(root, MANIFEST), 'utf8');
    const typoLine = lineOf(manifest, '"name": "totl"');
    expect(block).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^runaway/lesson\\.json:${typoLine}:\\d+: predictions\\[1\\]\\.ask\\.name: typo: `,
        ),
      ),
    );
    expect(block.find((l) => l.includes('never: '))).not.toMatch(/did you mean/);
    expect(runs.zh!.out).toContainEqual(
      expect.stringMatching(/从未给 "totl" 赋值，是不是想写 "total"？$/),
    );
  });
});

describe('a scenario whose golden file does not match', () => {
  it('still prints its predictions’ answers, under the failure', () => {
    const { out } = runs.en!;
    const status = out.indexOf('  FAIL  spin/fine: no golden file');
    expect(status).toBeGreaterThanOrEqual(0);
    const next = out.findIndex((l, i) => i > status && /^ {2}\S/.test(l));
    const block = out.slice(status, next < 0 ? undefined : next);
    expect(block).toContainEqual(expect.stringMatching(/^ +predict sum: .*\b6\b/));
    // the command it suggests checks this lesson, in this folder, again
    expect(block.join('\n')).toContain(
      `run UPDATE_GOLDEN=1 npm run lessons:check -- --root ${root} runaway and review the diff`,
    );
  });
});

describe('a scenario stuck on a loop of one line', () => {
  it('is blamed on its script, with its real time budget and why no line is named', () => {
    const at = (out: string[]) => out[out.findIndex((l) => l.includes('spin/loop:')) + 1];
    expect(at(runs.en!.out)).toMatch(
      /^stuck\/scenarios\/loop\.py: spin\/loop: exceeded its budget \(1 s\): it did not stop when asked, .*line it was on is not known/,
    );
    expect(at(runs.zh!.out)).toMatch(
      /^stuck\/scenarios\/loop\.py: spin\/loop: 超出了预算（1 秒）：要它停下时它没有停/,
    );
  });
});

describe('the report in Chinese', () => {
  it('has no English sentence left, failures and totals included', () => {
    const { out, result } = runs.zh!;
    const text = out.join('\n');
    expect(result.failed).toBeGreaterThanOrEqual(4);
    for (const english of [
      /\bpassed\b/,
      /\bfailed\b/,
      /FAIL/,
      /\bload:/,
      /budget/,
      /\bexceeded\b/,
      /golden file/,
      /\bno answer\b/,
      /\bwarning\b/,
      /\d+ events\b/,
      /\bdeclares?\b/,
      /\bnever binds\b/,
      /\bPyodide loaded\b/,
      /\bnot placed\b|\bunknown panel\b/,
      /\buncaught\b/,
    ])
      expect(text).not.toMatch(english);
    expect(out).toContain('  失败  加载：1 个错误；没有运行它的场景');
    expect(text).toMatch(
      /runaway\/lesson\.json:\d+:\d+: 警告: spin\/heavy: 用掉了一半以上的预算（\d+\/300 个事件/,
    );
    expect(out).toContain('  失败  spin/fine: 没有基准文件');
    expect(out).toContain('  失败  spin/raises: 未捕获的 ValueError');
    expect(out.at(-1)).toBe(`${result.passed} 项通过，${result.failed} 项失败`);
    const status = out.findIndex((l) => l.includes('spin/forever:'));
    expect(out[status]).toBe('  失败  spin/forever: 超出了预算');
    const budgetLine = lineOf(readFileSync(path.join(root, MANIFEST), 'utf8'), '"budget"');
    expect(out[status + 1]).toMatch(
      new RegExp(
        `^runaway/src/spin\\.py:[56](:\\d+)?: spin/forever: 超出了预算（300 个事件），停下时正在执行这一行；预算设在 runaway/lesson\\.json:${budgetLine}$`,
      ),
    );
  });

  it('counts the same as the English one', () => {
    expect(runs.zh!.result).toEqual(runs.en!.result);
    expect(runs.en!.out.at(-1)).toMatch(/^\d+ passed, \d+ failed$/);
  });
});

describe('a lesson checked by name', () => {
  it('is still warned of another lesson with its order, which is not checked, and only of one that loads', async () => {
    const out: string[] = [];
    const result = await runCheck({
      root,
      update: false,
      cwd: root,
      lang: 'en',
      recorder,
      lessonIds: ['stuck'],
      print: (l) => out.push(l),
    });
    // runaway has order 1 too; broken as well, but it does not load (a full check skips it)
    const warning = out.find((l) => l.includes('warning: order:'));
    expect(warning).toMatch(
      /^stuck\/lesson\.json:\d+:\d+: warning: order: another lesson has the same order 1 \(runaway\): /,
    );
    expect(out.join('\n')).not.toMatch(/^runaway\//m); // runaway itself is not checked
    expect(result.warnings).toBeGreaterThan(0);
  });
});
