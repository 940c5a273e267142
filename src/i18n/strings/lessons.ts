/**
 * What the lesson loader says about a broken lesson: manifest fields the schema rejects and
 * references that do not resolve. Shown to authors in the page (in the reader's language)
 * and by `npm run lessons:check`; the place (file, line, field) is kept beside the text.
 */
import type { LocalizedText } from '../../lessons/schema.ts';

export const lessonStrings = {
  // The files of a lesson folder.
  manifestMissing: {
    zh: '找不到文件：每个课程文件夹都需要一个 lesson.json 清单',
    en: 'file not found: every lesson folder needs a lesson.json manifest',
  },
  invalidJson: { zh: 'JSON 无效：{reason}', en: 'invalid JSON: {reason}' },
  articleMissing: {
    zh: '找不到文件：缺少 prose.{lang}.md（每节课都要有中文和英文两篇文章）',
    en: 'file not found: prose.{lang}.md is required (every lesson has a Chinese and an English article)',
  },
  sourceNotFound: { zh: '找不到源文件：{path}', en: 'source file not found: {path}' },
  setupNotFound: { zh: '找不到准备脚本：{path}', en: 'setup script not found: {path}' },
  scenarioScriptNotFound: {
    zh: '找不到场景脚本：{path}',
    en: 'scenario script not found: {path}',
  },
  entryNotFound: { zh: '找不到入口脚本：{path}', en: 'entry script not found: {path}' },

  // Fields in general (what the schema checks).
  idMismatch: {
    zh: 'id {id} 与文件夹名 {folder} 不一致',
    en: 'id {id} does not match its folder name {folder}',
  },
  unknownField: {
    zh: '未知字段（请检查拼写；课程格式不接受它未定义的字段）',
    en: 'unknown field (check its spelling; the format rejects fields it does not define)',
  },
  predictionStatesAnswer: {
    zh: '预测题不写答案（{name}）：答案来自这一次真实的运行，由 lessons:check 和页面算出；见 docs/authoring.md 的 “Prediction questions” 一节',
    en: 'a prediction states no answer ({name}): the answer is what the run does, worked out by lessons:check and the page; see "Prediction questions" in docs/authoring.md',
  },
  misspeltField: {
    zh: '未知字段；是不是想写必填字段 {name}？（它现在缺失）',
    en: 'unknown field: did you mean {name}? (a required field, missing here)',
  },
  misspeltOptionalField: {
    zh: '未知字段；是不是想写 {name}？',
    en: 'unknown field: did you mean {name}?',
  },
  invalidKey: { zh: '键无效：{reason}', en: 'invalid key: {reason}' },
  requiredField: { zh: '缺少必填字段', en: 'required field is missing' },
  expectedType: {
    zh: '值无效：应为{expected}，实际是{received}',
    en: 'Invalid input: expected {expected}, received {received}',
  },
  notEmpty: { zh: '不能为空', en: 'must not be empty' },
  tooFewItems: { zh: '至少需要 {n} 项', en: 'needs at least {n} item(s)' },
  tooManyItems: { zh: '最多 {n} 项', en: 'has more than {n} item(s)' },
  tooSmall: { zh: '必须不小于 {n}', en: 'must be at least {n}' },
  tooBig: { zh: '必须不大于 {n}', en: 'must be at most {n}' },
  tooSmallExclusive: { zh: '必须大于 {n}', en: 'must be greater than {n}' },
  tooBigExclusive: { zh: '必须小于 {n}', en: 'must be less than {n}' },
  notOneOf: { zh: '必须是以下之一：{values}', en: 'must be one of: {values}' },
  notOneOfNear: {
    zh: '必须是以下之一：{values}；是不是想写 {near}？',
    en: 'must be one of: {values}; did you mean {near}?',
  },
  noVariant: {
    zh: '不符合任何一种允许的写法（请检查 "kind" 等字段）',
    en: 'matches none of the allowed forms (check "kind" and the fields it needs)',
  },
  invalidValue: { zh: '值无效', en: 'invalid value' },
  typeNumber: { zh: '数字', en: 'number' },
  typeInteger: { zh: '整数', en: 'integer' },
  typeString: { zh: '字符串', en: 'string' },
  typeBoolean: { zh: '布尔值', en: 'boolean' },
  typeObject: { zh: '对象', en: 'object' },
  typeArray: { zh: '数组', en: 'array' },
  typeNull: { zh: '空值 null', en: 'null' },
  typeOther: { zh: '其他类型', en: 'another type' },
  noneListed: { zh: '（无）', en: '(none)' },

  // Paths, ids and texts of the manifest.
  whatSourcePath: { zh: '源文件路径', en: 'a source path' },
  whatScenarioScript: { zh: '场景脚本路径', en: 'a scenario script' },
  whatEntryScript: { zh: '入口脚本路径', en: 'an entry script' },
  whatSetupScript: { zh: '准备脚本路径', en: 'the setup script' },
  pathEmpty: { zh: '{what}不能为空', en: '{what} must not be empty' },
  pathNotRelative: {
    zh: '{what}必须是课程文件夹内的相对路径，使用正斜杠，且不含 "." 或 ".." 部分',
    en: '{what} must be a relative path inside the lesson folder, with forward slashes and no "." or ".." parts',
  },
  pathNotPython: { zh: '{what}必须是 .py 文件', en: '{what} must name a .py file' },
  zhTextEmpty: { zh: '中文文本不能为空', en: 'the Chinese text must not be empty' },
  enTextEmpty: { zh: '英文文本不能为空', en: 'the English text must not be empty' },
  lessonIdPattern: {
    zh: '课程 id 必须匹配 [a-z0-9-]+',
    en: 'a lesson id must match [a-z0-9-]+',
  },
  panelIdPattern: { zh: '面板 id 必须匹配 [a-z0-9_]+', en: 'a panel id must match [a-z0-9_]+' },
  scenarioIdPattern: {
    zh: '场景 id 必须匹配 [a-z0-9_]+',
    en: 'a scenario id must match [a-z0-9_]+',
  },
  predictionIdPattern: {
    zh: '预测题 id 必须匹配 [a-z0-9_]+',
    en: 'a prediction id must match [a-z0-9_]+',
  },
  orderInteger: { zh: 'order 必须是整数', en: 'order must be an integer' },
  modulePlain: {
    zh: 'module 必须是普通的 Python 标识符，例如 "runtime"（不能有点号：没有包）',
    en: 'module must be a plain Python identifier such as "runtime" (no dots: there are no packages)',
  },
  moduleShadowsStdlib: {
    zh: '模块名 {module} 会遮蔽同名的标准库模块；请换一个名字',
    en: 'module {module} would shadow the standard-library module of that name; choose another name',
  },
  moduleShadowsPyodide: {
    zh: '模块名 {module} 会遮蔽同名的 Pyodide 模块；请换一个名字',
    en: 'module {module} would shadow the Pyodide module of that name; choose another name',
  },
  functionIdentifier: {
    zh: 'function 必须是 Python 标识符',
    en: 'function must be a Python identifier',
  },
  nameIdentifier: { zh: 'name 必须是 Python 标识符', en: 'name must be a Python identifier' },
  exceptionIdentifier: {
    zh: '异常类型必须是 Python 标识符',
    en: 'an exception type is a Python identifier',
  },
  stopReason: { zh: '"stop" 只能是 {reasons} 之一', en: '"stop" is one of {reasons}' },
  endingShape: {
    zh: '结束方式只能是 {"stop": "events" | "time" | "depth"} 或 {"error": "<异常类型>"}',
    en: 'an ending is either {"stop": "events" | "time" | "depth"} or {"error": "<exception type>"}',
  },
  anchorEmpty: { zh: '锚点文本不能为空', en: 'an anchor text must not be empty' },
  choiceEmpty: { zh: '选项不能为空', en: 'a choice must not be empty' },
  outputChoices: {
    zh: '输出题至少需要两个选项',
    en: 'an output question needs at least two choices',
  },
  valueChoices: {
    zh: '带选项的取值题至少需要两个选项',
    en: 'a value question with choices needs at least two',
  },
  needSource: { zh: '课程至少需要一个源文件', en: 'a lesson needs at least one source' },
  needPanel: { zh: '课程至少需要一个面板', en: 'a lesson needs at least one panel' },
  needScenario: { zh: '面板至少需要一个场景', en: 'a panel needs at least one scenario' },

  // References between the manifest, the sources and the articles.
  duplicateSourcePath: { zh: '源文件路径 {path} 重复', en: 'duplicate source path {path}' },
  duplicateModule: { zh: '模块名 {module} 重复', en: 'duplicate module name {module}' },
  duplicatePanelId: { zh: '面板 id {id} 重复', en: 'duplicate panel id {id}' },
  duplicatePredictionId: { zh: '预测题 id {id} 重复', en: 'duplicate prediction id {id}' },
  scenarioListedTwice: { zh: '场景 {id} 列出了两次', en: 'scenario {id} is listed twice' },
  unknownScenarioNear: {
    zh: '未知场景 {id}，是不是想写 {near}？课程的场景目录有：{known}',
    en: "unknown scenario {id}: did you mean {near}? The lesson's catalogue has: {known}",
  },
  unknownScenario: {
    zh: '未知场景 {id}；课程的场景目录有：{known}',
    en: "unknown scenario {id}; the lesson's catalogue has: {known}",
  },
  notALessonSource: {
    zh: '{source} 不是课程的源文件之一（{sources}）',
    en: "{source} is not one of the lesson's sources ({sources})",
  },
  functionNotFound: {
    zh: '在 {file} 中找不到函数 {name}（没有一行匹配 "def {bare}("）；这个文件定义的函数有：{defined}',
    en: 'function {name} not found in {file} (no line matching "def {bare}("); the file defines: {defined}',
  },
  functionDefinedTwice: {
    zh: '{file} 里定义了不止一个函数 {name}（第 {lines} 行）：运行时后面的定义会替换前面的，面板却只显示第一个。请给其中一个改名',
    en: 'function {name} is defined more than once in {file} (lines {lines}): when the file runs the later definition replaces the earlier, while the panel shows the first; rename one of them',
  },
  stepRepeats: {
    zh: '这条步骤说明和前一条从同一行开始（第 {lines} 行；前一条是第 {previous} 行）：每条说明讲自己的一段代码',
    en: 'this step note starts on the same line as the one before it (lines {lines}; the one before: {previous}): each note explains lines of its own',
  },
  stepOutOfOrder: {
    zh: '这条步骤说明（第 {lines} 行）在前一条（第 {previous} 行）之前开始：说明按代码的顺序显示，请按顺序排列',
    en: 'this step note (lines {lines}) starts before the one before it (lines {previous}): notes are shown in the order of the code; put them in that order',
  },
  anchorNotFound: {
    zh: '在 {fn}（{file}，第 {start}-{end} 行）中找不到锚点文本 {text}',
    en: 'anchor text {text} not found in {fn} ({file}, lines {start}-{end})',
  },
  anchorAmbiguous: {
    zh: '锚点文本 {text} 在 {fn}（{file}，第 {start}-{end} 行）中匹配了第 {lines} 行和第 {last} 行；请改成只匹配其中一行',
    en: 'anchor text {text} matches lines {lines} and {last} of {fn} ({file}, lines {start}-{end}); make it match one line',
  },
  anchorEndNotFound: {
    zh: '在 {fn}（{file}，第 {start}-{end} 行）第 {line} 行及之后找不到锚点文本 {text}',
    en: 'anchor text {text} not found in {fn} ({file}, lines {start}-{end}) at or after line {line}',
  },
  unknownPanel: {
    zh: '未知面板 {id}；课程的面板有：{ids}',
    en: "unknown panel {id}; the lesson's panels are: {ids}",
  },
  unknownPanelNear: {
    zh: '未知面板 {id}，是不是想写 {near}？课程的面板有：{ids}',
    en: "unknown panel {id}: did you mean {near}? The lesson's panels are: {ids}",
  },
  scenarioNotOfferedNear: {
    zh: '面板 {panel} 不提供场景 {scenario}，是不是想写 {near}？（它提供：{offered}）',
    en: 'panel {panel} does not offer scenario {scenario}: did you mean {near}? (it offers: {offered})',
  },
  scenarioNotOffered: {
    zh: '面板 {panel} 不提供场景 {scenario}（它提供：{offered}）',
    en: 'panel {panel} does not offer scenario {scenario} (it offers: {offered})',
  },
  choicesNotDistinct: { zh: '各选项必须互不相同', en: 'the choices must differ from each other' },
  malformedMarkerFor: {
    zh: '面板标记 {text} 格式错误；请单独一行写成 {fix}',
    en: 'malformed panel marker {text}; write {fix} on its own line',
  },
  malformedMarker: {
    zh: '面板标记 {text} 格式错误；请单独一行写成 "<!-- panel: <panelId> -->"',
    en: 'malformed panel marker {text}; write exactly "<!-- panel: <panelId> -->" on its own line',
  },
  triesInOneArticle: {
    zh: '面板 {id} 在 {other} 里有"动手试试"，这里却没有；两种语言的读者应该看到同样的内容：请在它的面板标记后面加一个 "<!-- try -->" … "<!-- /try -->" 块',
    en: 'panel {id} has things to try in {other} but not here; readers of both languages should get them: add a "<!-- try -->" … "<!-- /try -->" block after its panel marker',
  },
  detachedTry: {
    zh: '{text} 没有紧跟在第 {marker} 行的面板标记之后：第 {gap} 行的文字隔在中间；"动手试试"只能紧跟面板标记（中间只允许空行）',
    en: '{text} does not follow the panel marker at line {marker}: the text at line {gap} stands between them; things to try go right after a panel marker (blank lines only in between)',
  },
  orphanTry: {
    zh: '{text} 前面没有任何面板标记（是不是它的面板标记丢了？）；面板的"动手试试"要紧跟在 "<!-- panel: <id> -->" 那一行之后',
    en: '{text} follows no panel marker (is its panel\'s marker missing?); a panel\'s things to try go right after its "<!-- panel: <id> -->" line',
  },
  misplacedTry: {
    zh: '{text} 位置不对或没有结束；面板的"动手试试"要紧跟在面板标记之后，写在 "<!-- try -->" 行与 "<!-- /try -->" 行之间',
    en: 'misplaced or unclosed {text}; a panel\'s things to try go right after its panel marker, between a "<!-- try -->" line and a "<!-- /try -->" line',
  },
  unclosedTry: {
    zh: '第 {line} 行的 {text} 一直没有结束；请在要试的内容之后加一行 "<!-- /try -->"',
    en: '{text} opened at line {line} is never closed; end the things to try with a "<!-- /try -->" line',
  },
  unclosedFence: {
    zh: '第 {line} 行开始的代码块 {text} 没有结束；请在代码结束处加一行 {close}',
    en: 'the code fence {text} opened at line {line} is never closed; close it with a line {close} where the code ends',
  },
  unknownTryScenarioNear: {
    zh: '{ref}：面板 {panel} 没有场景 {id}，是不是想写 {near}？（它提供：{offered}）',
    en: '{ref}: panel {panel} has no scenario {id}: did you mean {near}? (it offers: {offered})',
  },
  unknownTryScenario: {
    zh: '{ref}：面板 {panel} 没有场景 {id}（它提供：{offered}）',
    en: '{ref}: panel {panel} has no scenario {id} (it offers: {offered})',
  },
  tryRefShape: {
    zh: '{ref} 不是场景引用：[[ ]] 里只能写场景 id（小写字母、数字、下划线），这一段文字会原样显示（它的面板提供：{offered}）',
    en: '{ref} is not a scenario reference: write a scenario id between [[ ]] (lowercase letters, digits, _), or it shows as written (the panel offers: {offered})',
  },
  tryRefShapeMeant: {
    zh: '{ref} 不是场景引用：[[ ]] 里只能写场景 id（小写字母、数字、下划线）；是想写 {meant} 吗？',
    en: '{ref} is not a scenario reference: write a scenario id between [[ ]] (lowercase letters, digits, _); did you mean {meant}?',
  },
  panelPlacedTwice: {
    zh: '面板 {id} 放置了两次（第一次在第 {line} 行）；每个面板只能放一次',
    en: 'panel {id} is placed twice (first at line {line}); place each panel exactly once',
  },
  panelNotPlacedHere: {
    zh: '面板 {id} 没有放进这篇文章（{other} 把它放在第 {line} 行）；请在对应的位置加一行 "<!-- panel: {bare} -->"',
    en: 'panel {id} is not placed in this article ({other} places it at line {line}); add a line "<!-- panel: {bare} -->" at the matching place',
  },
  panelNotPlaced: {
    zh: '面板 {id} 没有放进文章；请在合适的位置加一行 "<!-- panel: {bare} -->"',
    en: 'panel {id} is not placed; add a line "<!-- panel: {bare} -->" where it belongs',
  },
} satisfies Record<string, LocalizedText>;
