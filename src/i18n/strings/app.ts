/** UI strings of the page around the lessons: top bar, index, runtime badge, errors. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const appStrings = {
  appTitle: { zh: '看 Python 思考', en: 'Watch Python Think' },
  lessons: { zh: '课程', en: 'Lessons' },
  /** The lesson footer's links and its landmark's name. */
  prevLesson: { zh: '上一课：', en: 'Previous lesson:' },
  nextLesson: { zh: '下一课：', en: 'Next lesson:' },
  moreLessons: { zh: '上一课和下一课', en: 'Previous and next lesson' },
  language: { zh: '语言', en: 'Language' },
  loadingPython: { zh: 'Python 正在加载…', en: 'Python is loading…' },
  pythonRestarting: {
    zh: 'Python 意外停止，正在重新启动…',
    en: 'Python stopped unexpectedly; restarting…',
  },
  pythonReady: { zh: 'Python 已就绪', en: 'Python ready' },
  pythonFailed: { zh: 'Python 无法启动', en: 'Python could not start' },
  /** Why Python could not start (runtime LoadFailureCause); {detail} stays as the browser said it. */
  pythonAssetsMissing: {
    zh: '无法从本站载入 Python 的文件（{detail}）。/pyodide/ 下的 Pyodide 文件可能缺失。',
    en: "Python's files could not be loaded from this site: {detail}. The Pyodide assets may be missing from /pyodide/.",
  },
  pythonLoadTimeout: {
    zh: 'Python 没有按时载入完成（{detail}）。请检查 /pyodide/ 下的文件能否访问。',
    en: 'Python did not finish loading in time ({detail}). Check that the /pyodide/ files are served.',
  },
  retry: { zh: '重试', en: 'Retry' },
  lessonBroken: { zh: '这节课无法加载：{id}', en: 'This lesson could not be loaded: {id}' },
  draftBroken: {
    zh: '你对 {id} 的草稿现在无法加载：下面显示的是最后一个能加载的版本。请修正这些问题：',
    en: 'Your draft of {id} does not load now: below is the last version that did. Fix these problems:',
  },
  notFound: { zh: '找不到这节课', en: 'Lesson not found' },
  draftElsewhere: {
    zh: '这个浏览器里有 {id} 的草稿：在作者模式中打开它',
    en: 'This browser has a draft of {id}: open it in author mode',
  },
  lessonLoading: { zh: '正在载入这节课…', en: 'Loading the lesson…' },
  lessonUnavailable: {
    zh: '这节课没能载入（网络断开了吗？）：',
    en: 'The lesson could not be loaded (is the network down?):',
  },
  authorMode: { zh: '作者模式', en: 'Author mode' },
  worksOffline: { zh: '可离线使用', en: 'works offline' },
  privacy: {
    zh: '一切都在本地运行：没有任何数据离开你的浏览器。',
    en: 'Everything runs locally: nothing leaves your browser.',
  },
  shortcuts: { zh: '快捷键', en: 'Shortcuts' },
  shortcutsWhere: {
    zh: '快捷键作用于你正在使用的面板：焦点在面板里（代码、按钮、窗格）时，或焦点在正文上时作用于最后使用的面板。字母键在输入框里打字时不起作用。',
    en: 'Keys act on the panel you are using: when focus is in a panel (its code, buttons or panes), or, from the page text, on the panel you used last. Letter keys do nothing while you type in a field.',
  },
  /** How the keyboard leaves an editable code editor (src/ui/editorKeys.ts). */
  editorTabOut: {
    zh: '在可以编辑的代码框里，Tab 用来缩进；先按 Esc 再按 Tab，就能离开代码框。',
    en: 'In code you can edit, Tab indents: press Esc, then Tab, to leave the editor.',
  },
  /** How the keyboard moves in the variables and the call stack (src/ui/panel/roving.ts). */
  listArrows: {
    zh: '变量和调用栈各占一个 Tab 位置：进去以后用 ↑ ↓（Home、End）在条目之间移动，→ 展开、← 收起一个值。',
    en: 'The variables and the call stack are one Tab stop each: inside, ↑ and ↓ (Home, End) move between items, → opens a value and ← closes it.',
  },
  shortcutsFkeys: {
    zh: '笔记本上 F 键可能要同时按 Fn；F5、F11 也可能被浏览器占用——每个命令都有不用 F 键的字母键。',
    en: 'On laptops the F-keys may need Fn, and the browser may take F5 or F11: every command also has a letter key.',
  },
  shortcutsKeys: { zh: '按键', en: 'Keys' },
  shortcutsCommand: { zh: '命令', en: 'Command' },
  whenPaused: { zh: '暂停时', en: 'when paused' },
  whenNotPaused: { zh: '未暂停时', en: 'when not paused' },
  startTitle: { zh: '怎么用', en: 'How to use this page' },
  startStep1: {
    zh: '在下面的调试面板里点击代码的行号，设置一个断点（红点）；用键盘的话，把光标移到那一行，按 F9。',
    en: 'In a debugger panel below, click a line number to set a breakpoint (a red dot); with the keyboard, put the cursor on the line and press F9.',
  },
  startStep2: {
    zh: '按“调试”：程序在浏览器里运行，停在断点上；代码旁边就是此刻的变量。',
    en: 'Press Debug: the program runs in your browser and stops at the breakpoint; read the variables beside the code.',
  },
  startStep3: {
    zh: '用“单步”前进或后退，或换一个场景比较不同的输入。',
    en: 'Step forwards or backwards, or switch the scenario to compare other inputs.',
  },
  startLink: { zh: '去第一个面板 ↓', en: 'Go to the first panel ↓' },
  skipToPanel: { zh: '跳到第一个调试面板', en: 'Skip to the first debugger panel' },
  // Saved work the page could not read (store/keptAside.ts, ui/KeptNotice.tsx).
  keptDraft: {
    zh: '这个浏览器里保存的课程「{id}」的草稿读不出来（可能是别的版本的本应用存的，也可能已经损坏）。它被单独留了下来，不会被覆盖。',
    en: 'A draft of lesson “{id}” saved in this browser could not be read (saved by another version of this app, or damaged). It is kept aside, and nothing writes over it.',
  },
  keptMine: {
    zh: '你之前在这个面板保存的“我的场景”脚本读不出来（可能是别的版本的本应用存的，也可能已经损坏）。它被单独留了下来，不会被覆盖。',
    en: 'The “My scenario” script you saved for this panel earlier could not be read (saved by another version of this app, or damaged). It is kept aside, and nothing writes over it.',
  },
  keptHeld: {
    zh: '浏览器没能把它挪到别处，所以在你下载并删除它之前，这里的新改动不会被保存。',
    en: 'The browser would not move it, so new edits here are not saved until you download and delete it.',
  },
  keptDownload: { zh: '下载它', en: 'Download it' },
  keptDelete: { zh: '删除它', en: 'Delete it' },
} satisfies Record<string, LocalizedText>;
