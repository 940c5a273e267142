/** UI strings of a panel: status, toolbar, panes, notes, timeline, values, output. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const panelStrings = {
  notRun: { zh: '未运行', en: 'Not run' },
  recording: { zh: '正在录制…', en: 'Recording…' },
  paused: { zh: '已暂停', en: 'Paused' },
  finished: { zh: '已结束', en: 'Finished' },
  failed: { zh: '出错', en: 'Error' },
  stopped: { zh: '已被中止', en: 'Stopped' },
  line: { zh: '第 {n} 行', en: 'line {n}' },
  /** The status badge's line when it is in another file than the panel's (file: its name). */
  lineOfFile: { zh: '{file} 第 {n} 行', en: '{file} line {n}' },
  /** The status badge's end while a caller's frame is selected in the call stack. */
  viewingFrame: { zh: '正在查看调用者 {fn}（{where}）', en: 'viewing the caller {fn}, {where}' },
  viewingShort: { zh: '查看 {fn}', en: 'viewing {fn}' },
  step: { zh: '第 {n} 步', en: 'step {n}' },
  scenario: { zh: '场景', en: 'Scenario' },
  triesTitle: { zh: '动手试试', en: 'Things to try' },
  toolbar: { zh: '调试器', en: 'Debugger' },
  variables: { zh: '变量', en: 'Variables' },
  callStack: { zh: '调用栈', en: 'Call stack' },
  output: { zh: '输出', en: 'Output' },
  noOutput: { zh: '（还没有输出）', en: '(no output yet)' },
  noOutputAtAll: { zh: '（这次运行什么也没有打印）', en: '(this run printed nothing)' },
  noVariables: { zh: '（没有变量）', en: '(no variables)' },
  /** Beside a comprehension's `.0` in the variables pane. */
  implicitIterator: {
    zh: 'Python 自己加的：这个推导式/生成器表达式读取的迭代器',
    en: 'made by Python: the iterator this comprehension or generator expression reads',
  },
  notStarted: { zh: '点击“调试”或“单步进入”开始。', en: 'Press Debug or Step Into to start.' },
  codeOf: { zh: '{where} 的代码', en: 'Code of {where}' },
  readOnlyNote: {
    zh: '代码只读，在你的浏览器里运行，不会向任何服务器发送数据。',
    en: 'The code is read-only and runs in your browser; nothing is sent to a server.',
  },
  setupTitle: { zh: '上下文、准备代码与调用入口', en: 'Context, setup and call entry' },
  setupNote: {
    zh: '这次运行的其他文件。断点设在上方的课程源码里；单步进入时，回放会跟到这里。',
    en: "The run's other files. Breakpoints go in the lesson source above; stepping in follows execution here.",
  },
  stepsTitle: { zh: '步骤说明', en: 'Step notes' },
  wrapLines: { zh: '长行自动换行', en: 'Wrap long lines' },
  breakpointAtLine: { zh: '第 {n} 行的断点', en: 'breakpoint on line {n}' },
  breakpointErrorAtLine: {
    zh: '第 {n} 行的断点出错：{message}',
    en: 'breakpoint on line {n} failed: {message}',
  },
  returnValue: { zh: '返回值', en: 'return value' },
  yieldValue: { zh: 'yield 出的值', en: 'yielded value' },
  raised: { zh: '抛出', en: 'raised' },
  nowIn: { zh: '当前位于', en: 'now in' },
  stoppedBecause: { zh: '运行被中止：{why}', en: 'The run was stopped: {why}' },
  budgetEvents: {
    zh: '运行了 {n} 步后停下（步数上限）',
    en: 'stopped after {n} steps (the step limit)',
  },
  budgetSeconds: {
    zh: '运行 {n} 秒后停下（时间上限）',
    en: 'stopped after {n} s (the time budget)',
  },
  budgetDepth: {
    zh: '调用嵌套到 {n} 层时停下（失控的递归）',
    en: 'stopped when calls were nested {n} deep (runaway recursion)',
  },
  budgetInterrupted: {
    zh: '运行时间太长，已被中断',
    en: 'the run was interrupted because it took too long',
  },
  /** Under an `EOFError` from `input()` (store/runErrorText.ts `runErrorHint`). */
  hintNoInput: {
    zh: '这里运行的程序没有键盘输入：input() 一读就到了输入的末尾，于是像 Python 在没有任何输入时那样抛出 EOFError。要试不同的输入，就在场景脚本里直接给变量赋值，例如 name = "Ada"。',
    en: 'A program run here has no keyboard input: input() finds the end of its input at once and raises EOFError, as Python does when nothing is given. To try other inputs, assign them in the scenario script instead, for example name = "Ada".',
  },
  /** Under a `ModuleNotFoundError` (store/runErrorText.ts `runErrorHint`). */
  hintNoSuchModule: {
    zh: '这里能导入的只有 Python 标准库（能在浏览器里运行的部分，没有 tkinter 和 turtle）和本课自己的文件：别的包（比如 numpy、requests）都没有安装，这个练习场离线运行，也不会去下载。',
    en: "Only Python's standard library (the part that runs in a browser: no tkinter or turtle) and this lesson's own files can be imported here: other packages (numpy, requests, …) are not installed, and the playground runs offline, so nothing is downloaded.",
  },
  /** Under `RuntimeError: can't start new thread` (`runErrorHint`). */
  hintNoThread: {
    zh: '浏览器里的 Python 只有一个线程，所以这里启动不了新线程（threading.Thread、asyncio.to_thread 都是这样）。想看几件事怎样交替进行，可以用 asyncio 的任务（asyncio.run、asyncio.gather），或者用生成器一步步推进。',
    en: 'Python in a browser has a single thread, so no new thread can start here (threading.Thread, asyncio.to_thread). To watch work take turns, use asyncio tasks (asyncio.run, asyncio.gather) or drive generators step by step.',
  },
  /** Under a `SystemExit` (`runErrorHint`). */
  hintSystemExit: {
    zh: 'sys.exit()（还有 exit()、quit()）是靠抛出 SystemExit 来结束程序的。这里把它当作异常显示出来；直接用 Python 运行脚本时，程序就在这里结束，不会打印回溯。',
    en: 'sys.exit() (and exit(), quit()) ends a program by raising SystemExit. It is shown here as the exception it is; a script run by Python simply ends there, with no traceback printed.',
  },
  /**
   * Only when Python failed to start (runtime/client.ts): it will not get ready by itself.
   * Also shown in the embed view, which has no top bar: a reload is the way there.
   */
  errPythonUnavailable: {
    zh: 'Python 没能启动，所以没有录制。按顶栏的“重试”或重新载入页面；Python 启动后会自动重新录制。',
    en: "Python could not start, so nothing was recorded. Press Retry in the page's top bar, or reload the page; it records again once Python has started.",
  },
  errWorkerCrashed: {
    zh: 'Python 意外停止并已重新启动；请再运行一次。',
    en: 'Python stopped unexpectedly and was restarted; run again.',
  },
  /** A run changed the recorder (or its baseline) that every later run would go through. */
  errSealBroken: {
    zh: '这次运行改动了 {what}，而之后的每次运行都要经过它，所以这次的录制不予显示。Python 已重新启动；请再运行一次。',
    en: 'This run changed {what}, which every later run would go through, so its recording is not shown. Python was restarted; run again.',
  },
  errInvalidTrace: {
    zh: '录制结果无法读取；请再运行一次。',
    en: 'The recording could not be read; run again.',
  },
  partialTrace: {
    zh: '已保留到中止前的轨迹，可以继续回放。',
    en: 'The trace up to the stop is kept and can be replayed.',
  },
  timeline: { zh: '时间线', en: 'Timeline' },
  /** After the timeline's count while the step is in the scenario's setup, before the call. */
  timelineSetup: { zh: '准备代码', en: 'setup' },
  timelineSetupKey: { zh: '准备代码（调用 {fn} 之前）', en: 'setup (before {fn} is called)' },
  debugNoBreakpoint: {
    zh: '没有断点：已停在 {fn} 的第一行。点击行号（或在那一行上按 F9）可设置断点。',
    en: 'No breakpoint: stopped at the first line of {fn}. Click a line number (or press F9 on the line) to set one.',
  },
  codeChanged: {
    zh: '代码改过了，所以从头重新运行。',
    en: 'The code changed, so the run started again from the beginning.',
  },
  neverStopped: {
    zh: '运行到了结尾：断点所在的行执行过，但按它的条件或命中次数，一次也没有停下。',
    en: "Ran to the end: the breakpoint's line ran, but its condition or hit count never let it stop.",
  },
  neverStoppedFailed: {
    zh: '运行到了结尾：断点的条件出错了，所以不会停下；错误写在断点列表里。',
    en: "Ran to the end: a breakpoint's condition fails, so it never stops; the error is in the breakpoint list.",
  },
  myScenarioMissing: {
    zh: '“我的场景”只保存在写下它的那个浏览器里，这里没有；面板改为打开第一个场景。',
    en: '“My scenario” is kept only in the browser where it was written, and is not here; the panel opens on its first scenario instead.',
  },
  linkCodeHeldOne: {
    zh: '这个链接带来的一个断点有条件或日志表达式：那是分享链接的人写的 Python，会在你的浏览器里运行。它先停用了；在断点列表里看过代码，信得过再勾选启用。',
    en: 'A breakpoint from this link has a condition or a log message: Python written by whoever shared the link, which would run in your browser. It is turned off; read it in the breakpoint list and turn it on if you trust it.',
  },
  linkCodeHeld: {
    zh: '这个链接带来的 {n} 个断点有条件或日志表达式：那是分享链接的人写的 Python，会在你的浏览器里运行。它们先停用了；在断点列表里看过代码，信得过再勾选启用。',
    en: '{n} breakpoints from this link have conditions or log messages: Python written by whoever shared the link, which would run in your browser. They are turned off; read them in the breakpoint list and turn on the ones you trust.',
  },
  breakpointsUnsaved: {
    zh: '这个浏览器没能保存断点（存储已满或被关闭）：重新加载页面后它们就没了。想留下它们，请复制地址栏里的链接。',
    en: 'This browser could not keep your breakpoints (its storage is full or turned off): a reload will lose them. To keep them, copy the link in the address bar.',
  },
  linkBreakpointsUnreadOne: {
    zh: '这个链接里有一个断点没有设上：也许链接被改过、复制时少了一截，或者课程在链接生成之后改过，已经没有那一行。',
    en: 'One breakpoint in this link was not set: the link may have been edited or cut short when copied, or the lesson has changed since and no longer has its line.',
  },
  linkBreakpointsUnread: {
    zh: '这个链接里有 {n} 个断点没有设上：也许链接被改过、复制时少了一截，或者课程在链接生成之后改过，已经没有那些行。',
    en: '{n} breakpoints in this link were not set: the link may have been edited or cut short when copied, or the lesson has changed since and no longer has their lines.',
  },
  linkUnreadable: {
    zh: '这个链接里记的面板状态读不出来（也许复制时少了一截）；面板按平常的样子打开。',
    en: 'The panel state in this link could not be read (perhaps it was cut short when copied); the panel opens as usual.',
  },
  linkPanelMissing: {
    zh: '这个链接指向的面板“{panel}”在课程 {lesson} 里没有（也许链接打错了，或者是旧的）；这一课的面板有：{panels}。',
    en: 'This link points at a panel “{panel}” that lesson {lesson} does not have (mistyped, or an old link); its panels are: {panels}.',
  },
  linkOthersMine: {
    zh: '这个链接是在分享者自己的“我的场景”上做的，链接不带那份脚本：这里打开的是你自己的“我的场景”，从头开始。',
    en: 'This link was made on the sharer’s own “My scenario”, whose script a link does not carry: your own opens here, from its start.',
  },
  scenarioMissing: {
    zh: '这节课没有场景“{id}”；面板改为打开第一个场景。',
    en: 'This lesson has no scenario “{id}”; the panel opens on its first scenario instead.',
  },
  reverseToFunction: {
    zh: '往前没有会停下的断点：已回到 {fn} 的第一行。再按一次“反向继续”回到这次运行的开头。',
    en: 'No breakpoint stops before this step: back at the first line of {fn}. Reverse Continue again goes back to the start of the run.',
  },
  reverseToStart: {
    zh: '往前没有会停下的断点：已回到这次运行的开头（第 1 步）。',
    en: 'No breakpoint stops before this step: back at the start of the run (step 1).',
  },
  noBreakpointHit: {
    zh: '运行到了结尾：这个场景没有经过任何断点。',
    en: 'Ran to the end: no breakpoint was reached in this scenario.',
  },
  predicted: {
    zh: '{verdict}这一步就是答案的出处；完整的答案写在题目下面。',
    en: '{verdict} This step is where the answer comes from; the full answer is under the question.',
  },
  loggedOnly: {
    zh: '运行到了结尾：日志点只往“输出”里记录，不会停下。',
    en: 'Ran to the end: logpoints write to the output without stopping.',
  },
  bpNameHint: {
    zh: '名字只在该行所在的帧和这个文件的全局名字里查找。',
    en: "Names are looked up in the frame at that line and in that file's globals only.",
  },
  breakpointMoved: {
    zh: '第 {from} 行没有可停下的代码，断点放在了下一行有代码的第 {to} 行。',
    en: 'Line {from} has no code to stop at: the breakpoint is on line {to}, the next that has.',
  },
  noCodeLine: {
    zh: '第 {line} 行起没有可停下的代码，没有设断点。',
    en: 'No line from {line} on has code to stop at: no breakpoint was set.',
  },
  stepOutOfRangeOne: {
    zh: '没有第 {n} 步：这次运行只有 1 步。',
    en: 'There is no step {n}: this run has 1 step.',
  },
  stepOutOfRange: {
    zh: '没有第 {n} 步：这次运行共有 {total} 步（1–{total}）。',
    en: 'There is no step {n}: this run has {total} steps (1–{total}).',
  },
  goToStep: { zh: '跳到第几步', en: 'Go to step' },
  expandValue: { zh: '展开 {what}', en: 'expand {what}' },
  collapseValue: { zh: '收起 {what}', en: 'collapse {what}' },
  moreItems: { zh: '… 还有 {n} 项', en: '… {n} more' },
  outputCut: {
    zh: '输出在 {n} 个字符处被截断。',
    en: 'Output was cut at {n} characters.',
  },
  valuesCut: {
    zh: '只记录了前 {n} 个不同的值。',
    en: 'Only the first {n} distinct values were recorded.',
  },
} satisfies Record<string, LocalizedText>;
