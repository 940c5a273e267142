/**
 * Strings of `npm run lessons:check`'s own report (scripts/lib/): status lines, run
 * verdicts, budgets, golden files and prediction answers. English by default, Chinese
 * with `LESSONS_LANG=zh`; the loader's messages are in ./lessons.ts and ./files.ts.
 */
import type { LocalizedText } from '../../lessons/schema.ts';
import { checkPredictionStrings } from './checkPredictions.ts';

export const checkStrings = {
  // Status tags and totals.
  checkTagOk: { zh: '通过', en: 'ok' },
  checkTagFail: { zh: '失败', en: 'FAIL' },
  checkTagWarning: { zh: '警告', en: 'warning' },
  checkStarterText: {
    zh: '这里还是 lesson:new 生成的占位文字，学生会看到它：请换成你自己的',
    en: 'this is still the placeholder text of lesson:new, which students would see: replace it',
  },
  checkTotals: { zh: '{passed} 项通过，{failed} 项失败', en: '{passed} passed, {failed} failed' },
  checkWarningsOne: { zh: '{n} 个警告', en: '{n} warning' },
  checkWarningsMany: { zh: '{n} 个警告', en: '{n} warnings' },
  checkPyodideLoaded: {
    zh: '（Pyodide 加载用时 {seconds} 秒）',
    en: '(Pyodide loaded in {seconds} s)',
  },
  checkNoLessons: { zh: '{root} 中没有课程文件夹', en: 'no lesson folders in {root}' },
  checkRootIsLesson: {
    zh: '{root} 本身就是一个课程文件夹（里面有 lesson.json）；--root 要指定的是放课程的那个目录，例如 --root {parent} {id}',
    en: '{root} is itself a lesson folder (it holds lesson.json); --root names the folder that holds the lessons, e.g. --root {parent} {id}',
  },
  checkNoRoot: {
    zh: '没有这个课程文件夹：{root}（用 --root 指定课程所在的目录）',
    en: 'there is no lessons folder {root} (--root names the folder that holds the lessons)',
  },
  checkCannotRead: {
    zh: '读不了课程文件夹 {root}：{reason}',
    en: 'cannot read the lessons folder {root}: {reason}',
  },
  checkNoSuchLesson: {
    zh: '{root} 中没有课程文件夹 {ids}（现有：{has}）；放在别处的课程用 --root <它所在的目录> 指定',
    en: 'no lesson folder {ids} in {root} (it has: {has}); for a lesson kept elsewhere, add --root <the folder that holds it>',
  },
  checkNothing: { zh: '无', en: 'nothing' },

  // Loading a lesson.
  checkLoadErrorsOne: {
    zh: '加载：{n} 个错误；没有运行它的场景',
    en: 'load: {n} error; its scenarios were not run',
  },
  checkLoadErrorsMany: {
    zh: '加载：{n} 个错误；没有运行它的场景',
    en: 'load: {n} errors; its scenarios were not run',
  },
  checkNotCompiledOne: {
    zh: '加载：{n} 个 Python 文件无法编译；这一课的 {runs} 个场景运行中有 {skipped} 个因此没有进行',
    en: 'load: {n} Python file does not compile; {skipped} of its {runs} scenario runs did not run',
  },
  checkNotCompiledMany: {
    zh: '加载：{n} 个 Python 文件无法编译；这一课的 {runs} 个场景运行中有 {skipped} 个因此没有进行',
    en: 'load: {n} Python files do not compile; {skipped} of its {runs} scenario runs did not run',
  },
  checkRunNotCompiled: {
    zh: '没有运行：它用到的 {file} 无法编译',
    en: 'not run: it uses {file}, which does not compile',
  },
  checkLoadOk: {
    zh: '加载：清单、锚点和正文都没问题；{n} 个 Python 文件都能编译',
    en: 'load: manifest, anchors and prose; {n} Python files compile',
  },
  checkCompileCause: {
    zh: '{message}（{file} 无法编译：请先修正它的语法错误）',
    en: '{message} ({file} does not compile: fix its syntax error first)',
  },
  /** Two lessons with one `order`: which comes first (and opens at /) falls to their ids. */
  checkSameOrder: {
    zh: '另一课也是 order {order}（{others}）：目录按 order 排列，哪一课排在前面、打开网站时先显示哪一课，就只取决于两课的 id 了。请给每一课不同的 order',
    en: 'another lesson has the same order {order} ({others}): lessons are listed by order, so which comes first, and which the site opens on, then depends on their ids. Give each lesson an order of its own',
  },
  checkUnofferedScenario: {
    zh: '场景 {id} 在场景目录里，但没有哪个面板提供它',
    en: 'scenario {id} is in the catalogue but no panel offers it',
  },

  // How a run ended.
  checkOutcomeCompleted: { zh: '完成', en: 'completed' },
  checkOutcomeStopped: { zh: '被停下', en: 'stopped' },
  checkOutcomeError: { zh: '出错', en: 'error' },
  checkEndCompleted: { zh: '正常结束', en: 'completing normally' },
  checkEndError: { zh: '未捕获的 {type}', en: 'an uncaught {type}' },
  checkEndStopEvents: { zh: '用完事件预算而停止', en: 'a stop by its event budget' },
  checkEndStopTime: { zh: '用完时间预算而停止', en: 'a stop by its time budget' },
  checkEndStopDepth: { zh: '超过调用深度上限而停止', en: 'a stop by its call-depth limit' },
  checkAsDeclared: {
    zh: '{outcome}，与声明一致（{ending}）',
    en: '{outcome} as declared ({ending})',
  },
  checkEvents: { zh: '{n} 个事件', en: '{n} events' },
  checkEventsNotCompared: { zh: '{n} 个事件（不比较）', en: '{n} events (not compared)' },
  checkStats: { zh: '{outcome}，{events}，{ms} 毫秒', en: '{outcome}, {events}, {ms} ms' },
  checkCreated: { zh: '{stats}；已新建 {file}', en: '{stats}; created {file}' },
  checkUpdated: { zh: '{stats}；已更新 {file}', en: '{stats}; updated {file}' },
  checkRecorderFailed: { zh: '记录器本身出错了', en: 'the recorder itself failed' },
  checkEndingMismatchHead: {
    zh: '没有按场景声明的方式结束',
    en: 'did not end as its scenario declares',
  },
  checkEndingMismatch: {
    zh: '预期的结局是{expected}，实际却是{actual}{said}',
    en: 'expected {expected}, but the run ended by {actual}{said}',
  },
  checkUncaughtHead: { zh: '未捕获的 {type}', en: 'uncaught {type}' },
  checkRaisedAt: { zh: '（在 {place}）', en: ' (at {place})' },
  checkErrorSaid: { zh: '（报错：{text}）', en: ' ({text})' },
  checkDeclareEnding: {
    zh: '如果这正是该场景要演示的结局，请在场景目录里声明它："scenarios": {"{id}": {..., "ending": {ending}}}',
    en: 'if this is the ending the scenario teaches, declare it in the catalogue: "scenarios": {"{id}": {..., "ending": {ending}}}',
  },

  // Budgets.
  checkBudgetHead: { zh: '超出了预算', en: 'exceeded its budget' },
  checkBudgetStoppedHere: {
    zh: '超出了预算（{limit}），停下时正在执行这一行；{budget}',
    en: 'exceeded its budget ({limit}) and was stopped while running this line; {budget}',
  },
  checkBudgetStopped: {
    zh: '超出了预算（{limit}），停下时不在课程的代码里；{budget}',
    en: "exceeded its budget ({limit}), stopped outside the lesson's code; {budget}",
  },
  checkBudgetKilled: {
    zh: '超出了预算（{limit}）：要它停下时它没有停，只好结束它的进程，所以不知道它停在哪一行（只有一行的循环，比如 "while True: pass"，或一次很长的调用，都不给记录器停下的机会）；{budget}',
    en: 'exceeded its budget ({limit}): it did not stop when asked, so its process was ended and the line it was on is not known (a loop on a single line, such as "while True: pass", or one long call gives the recorder no chance to stop it); {budget}',
  },
  checkLimitEvents: { zh: '{n} 个事件', en: '{n} events' },
  checkLimitTime: { zh: '{n} 秒', en: '{n} s' },
  checkLimitDepth: { zh: '调用深度 {n}', en: 'call depth {n}' },
  checkBudgetSetAt: {
    zh: '预算设在 {file}:{line}',
    en: 'the budget is set by "budget" at {file}:{line}',
  },
  checkBudgetDefault: {
    zh: '这是记录器的默认预算，课程清单没有设置预算',
    en: 'the recorder\'s default budget; the manifest sets no "budget"',
  },
  checkBudgetWarning: {
    zh: '用掉了一半以上的预算（{events}/{maxEvents} 个事件，{ms}/{maxMs} 毫秒）；在慢一些的机器上可能会被停下',
    en: 'uses more than half its budget ({events} of {maxEvents} events, {ms} of {maxMs} ms); a slower machine may stop it',
  },
  checkOutputCut: {
    zh: '输出超过 {limit} 个字符，在那里被截断了：学生看到的也是截断的输出，基准文件记下的也一样；让这个场景少打印一些',
    en: 'its output passed {limit} characters and was cut there: students see it cut, and so does its golden file; make the scenario print less',
  },
  checkValuesCut: {
    zh: '这次运行产生了超过 {limit} 个不同的值，只记录了前 {limit} 个：之后的值面板显示不出来；让这个场景小一些',
    en: 'the run made more than {limit} distinct values and only the first {limit} were recorded: the panel cannot show the later ones; make the scenario smaller',
  },

  // Golden files.
  checkUpdateHint: {
    zh: '请运行 UPDATE_GOLDEN=1 npm run lessons:check -- {lesson} 并检查差异',
    en: 'run UPDATE_GOLDEN=1 npm run lessons:check -- {lesson} and review the diff',
  },
  checkNoGoldenHead: { zh: '没有基准文件', en: 'no golden file' },
  checkNoGolden: { zh: '没有基准文件；{hint}', en: 'no golden file; {hint}' },
  checkGoldenNotJsonHead: { zh: '基准文件不是有效的 JSON', en: 'golden file is not valid JSON' },
  checkGoldenNotJson: {
    zh: '基准文件不是有效的 JSON（{reason}）；{hint}',
    en: 'the golden file is not valid JSON ({reason}); {hint}',
  },
  checkGoldenDiffersHead: { zh: '与基准文件不一致', en: 'differs from its golden file' },
  checkGoldenDiffers: {
    zh: '这次运行与基准文件不一致（基准 -> 现在）；如果这个变化是有意的，{hint}',
    en: 'the run differs from its golden file (golden -> now); if the change is intended, {hint}',
  },
  checkOldNotJson: { zh: '（旧文件不是有效的 JSON）', en: '(the old file was not valid JSON)' },
  checkGoldenNotSummary: {
    zh: '基准文件里是 {value}，不是运行摘要',
    en: 'the golden file holds {value}, not a summary',
  },
  checkSameCounts: {
    zh: '{label}：次数相同，但基准文件里的结构不同',
    en: '{label}: same counts, different shape in the golden file',
  },
  checkLinesHits: { zh: 'lines（命中次数）', en: 'lines (hits)' },
  checkMoreKeys: { zh: '……还有 {n} 项', en: '... and {n} more' },
  checkMoreDiffLines: { zh: '……还有 {n} 行差异', en: '... {n} more diff lines' },
  checkMoreChars: { zh: '……（这一行还有 {n} 个字符）', en: '... ({n} more characters)' },
  checkNoError: { zh: '无', en: 'none' },
  checkMissing: { zh: '（缺失）', en: '(missing)' },
  checkStaleGolden: {
    zh: '过期的基准文件：课程里没有哪个面板和场景会写它；UPDATE_GOLDEN=1 会删除它',
    en: 'stale golden file: no panel and scenario of the lesson writes it; UPDATE_GOLDEN=1 removes it',
  },
  checkRemovedStale: { zh: '已删除过期的 {file}', en: 'removed stale {file}' },
  checkGoldenCounts: {
    zh: '基准文件：新建 {created}，更新 {updated}，删除 {removed}，未变 {unchanged}',
    en: 'golden files: {created} created, {updated} updated, {removed} removed, {unchanged} unchanged',
  },

  ...checkPredictionStrings,
  // Command-line arguments and usage (lessons:check and lesson:new).
  argUnknownOption: { zh: '未知选项 {arg}', en: 'unknown option {arg}' },
  argNeedsValue: { zh: '选项 --{name} 需要一个值', en: 'option --{name} needs a value' },
  argGivenTwice: { zh: '选项 --{name} 给了两次', en: 'option --{name} is given twice' },
  argEmptyValue: {
    zh: '选项 --{name} 的值不能为空',
    en: 'option --{name} needs a non-empty value',
  },
  argNotLessonId: {
    zh: '{id} 不是课程 id（id 只能由 [a-z0-9-] 组成）',
    en: '{id} is not a lesson id (ids match [a-z0-9-]+)',
  },
  argIdEmpty: { zh: '课程 id 不能为空', en: 'the lesson id must not be empty' },
  argIdInvalid: {
    zh: '课程 id {id} 无效：只能用小写字母、数字和“-”（例如 "s05-subagents"）',
    en: 'invalid lesson id {id}: use only lowercase letters, digits and "-" (e.g. "s05-subagents")',
  },
  argIdDashEnds: {
    zh: '课程 id {id} 无效：不能以“-”开头或结尾',
    en: 'invalid lesson id {id}: it must not start or end with "-"',
  },
  argIdMissing: { zh: '缺少课程 id', en: 'missing the lesson id' },
  argIdTooMany: {
    zh: '只能给一个课程 id，却给了 {n} 个：{ids}',
    en: 'expected one lesson id, got {n}: {ids}',
  },
  checkCrashed: {
    zh: '检查程序本身出错了（不是课程的问题）：{detail}',
    en: 'the check itself failed: {detail}',
  },
  checkUsage: {
    zh: `用法：npm run lessons:check -- [--root <目录>] [课程id...]

加载 <目录>（默认 {root}）下的每一课，编译它的 Python 文件，在 Pyodide 里运行每个面板的
每个场景，并把每次运行的摘要和 <目录>/<id>/golden/<面板id>/<场景id>.json 比较。

  --root <目录>   课程所在的目录（默认 {root}）
  课程id...       只检查这几课
  -h, --help      显示这段帮助

例子：npm run lessons:check -- s04-hooks     （只检查这一课）

环境变量：
  UPDATE_GOLDEN=1 写入基准文件而不是比较（并删除已不存在的面板和场景的基准文件）
  LESSONS_LANG=zh 用中文输出整份报告（不设时看 LC_ALL、LC_MESSAGES 或 LANG）`,
    en: `usage: npm run lessons:check -- [--root <dir>] [lessonId...]

Loads every lesson under <dir> (default: {root}), compiles its Python files, runs
every scenario of every panel in Pyodide and compares each run's summary with
<dir>/<id>/golden/<panelId>/<scenarioId>.json.

  --root <dir>    the lessons folder (default: {root})
  lessonId...     check only these lessons
  -h, --help      show this help

example: npm run lessons:check -- s04-hooks     (only that lesson)

environment:
  UPDATE_GOLDEN=1 write the golden files instead of comparing them (and remove the
                  golden files of panels and scenarios that no longer exist)
  LESSONS_LANG=zh print the whole report in Chinese (unset: as LC_ALL, LC_MESSAGES or LANG say)`,
  },
  newUsage: {
    zh: `用法：npm run lesson:new -- <id> [--title-zh <文字>] [--title-en <文字>] [--root <目录>]

在 <目录>/<id>/（默认目录 {root}）下新建一课：一个能运行的小例子，连同它的基准文件。

  <id>               课程 id 和目录名：小写字母、数字和“-”
  --title-zh <文字>  中文标题
  --title-en <文字>  英文标题
  --root <目录>      课程所在的目录（默认 {root}）
  -h, --help         显示这段帮助`,
    en: `usage: npm run lesson:new -- <id> [--title-zh <text>] [--title-en <text>] [--root <dir>]

Creates <dir>/<id>/ (default dir: {root}) with a small, working lesson to start from,
and its golden files.

  <id>               the lesson id and folder name: lowercase letters, digits and "-"
  --title-zh <text>  the Chinese title
  --title-en <text>  the English title
  --root <dir>       the lessons folder (default: {root})
  -h, --help         show this help`,
  },
  // lesson:new's own lines.
  newCannotRead: { zh: '无法读取 {root}：{reason}', en: 'cannot read {root}: {reason}' },
  newExists: {
    zh: '{dir} 已经存在；换一个 id，或者先删掉那个目录',
    en: '{dir} already exists; choose another id or remove that folder first',
  },
  newCreated: { zh: '已创建 {dir}/', en: 'created {dir}/' },
  newGenerating: {
    zh: '用课程检查生成它的基准文件：',
    en: 'generating its golden files with the lesson check:',
  },
  newFailed: {
    zh: '新课程没有通过检查（{why}）。文件留在 {dir} 里供查看；这是 scripts/lib/template.ts 的错误。',
    en: 'the new lesson does not pass the check ({why}). The files are left in {dir} for inspection; this is a bug in scripts/lib/template.ts.',
  },
  newNextSteps: {
    zh: `接下来：
  1. 编辑 {dir}/lesson.json：标题、简介、源码、场景、面板和步骤说明
     （见 docs/lesson-format.md）。
  2. 把 {dir}/src/、setup.py、scenarios/ 和 entries/ 里的代码换成你这一课的。
  3. 写文章 {dir}/prose.zh.md 和 prose.en.md；保留每个面板标记；标记下面的
     "<!-- try -->" 块就是面板建议读者试一试的内容（[[id]] 指一个场景）。
  4. 检查：{check}
  5. 重新生成并审阅基准文件：UPDATE_GOLDEN=1 {check}`,
    en: `next steps:
  1. Edit {dir}/lesson.json: title, summary, sources, scenarios, panels and step notes
     (see docs/lesson-format.md).
  2. Replace the code in {dir}/src/, setup.py, scenarios/ and entries/ with your lesson's.
  3. Write the articles {dir}/prose.zh.md and prose.en.md; keep each panel marker; the
     "<!-- try -->" block under it is what the panel suggests trying ([[id]] names a scenario).
  4. Check it: {check}
  5. Regenerate and review its golden files: UPDATE_GOLDEN=1 {check}`,
  },
  langUnknown: {
    zh: 'LESSONS_LANG={value}：只认识 zh 和 en，报告用英文',
    en: 'LESSONS_LANG={value}: only zh and en are known; the report is in English',
  },
} satisfies Record<string, LocalizedText>;
