/** UI strings of the instructor features: the embed view and action, predictions, authoring. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const instructorStrings = {
  embedAction: { zh: '嵌入', en: 'Embed' },
  embedTitle: { zh: '把这个面板嵌入你的网页', en: 'Put this panel in your own page' },
  embedHelp: {
    zh: '复制下面的代码，粘贴到你的网页里。它带着当前的场景和断点；脚本可选，用来让 iframe 跟着面板调整高度。',
    en: 'Copy this code into your page. It keeps the current scenario and breakpoints; the script is optional and sizes the iframe to the panel.',
  },
  embedDraft: {
    zh: '这一课在作者模式里有只存在于本浏览器的草稿：这段代码嵌入的是网站上已发布的那一版。请先导出草稿、放进 lessons/ 并重新发布，嵌入的面板才会有这些改动。',
    en: 'This lesson has a draft that exists only in this browser, in author mode: the snippet embeds the lesson as the site publishes it. Export the draft, put it in lessons/ and publish the site again for the embed to show these changes.',
  },
  embedCode: { zh: '嵌入代码', en: 'Embed code' },
  copy: { zh: '复制', en: 'Copy' },
  copied: { zh: '已复制', en: 'Copied' },
  close: { zh: '关闭', en: 'Close' },
  embedOpenFull: { zh: '在完整课程中打开', en: 'Open in the full lesson' },
  embedNoLesson: {
    zh: '没有课程“{lesson}”（地址里的 lesson=）。已有的课程：{lessons}。',
    en: 'There is no lesson “{lesson}” (lesson= in the address). The lessons are: {lessons}.',
  },
  embedNoLessonGiven: {
    zh: '地址里没有指定课程（lesson=）。已有的课程：{lessons}。',
    en: 'The address names no lesson (lesson=). The lessons are: {lessons}.',
  },
  embedNoPanelGiven: {
    zh: '地址里没有指定面板（panel=）。课程 {lesson} 的面板有：{panels}。',
    en: 'The address names no panel (panel=). The panels of lesson {lesson} are: {panels}.',
  },
  embedPanelNotFound: {
    zh: '找不到这个面板：课程 {lesson}，面板 {panel}。这个课程的面板有：{panels}。',
    en: "This panel does not exist: lesson {lesson}, panel {panel}. The lesson's panels are: {panels}.",
  },
  embedCompact: {
    zh: '紧凑：只要代码、调试和窗格',
    en: 'Compact: only the code, the debugger and its panes',
  },
  predictTitle: { zh: '先猜，再运行', en: 'Predict, then run' },
  predictIn: { zh: '场景：{scenario}', en: 'Scenario: {scenario}' },
  predictCheck: { zh: '回答并回放', en: 'Answer and replay' },
  predictYes: { zh: '会', en: 'Yes' },
  predictNo: { zh: '不会', en: 'No' },
  predictTimes: { zh: '次数', en: 'Times' },
  predictValue: { zh: '你的答案', en: 'Your answer' },
  predictRight: { zh: '答对了。', en: 'Right.' },
  predictWrong: { zh: '不对。', en: 'Not quite.' },
  predictRecording: { zh: '正在录制这个场景…', en: 'Recording this scenario…' },
  /** The question's scenario could not be recorded: the answer waits, with the reason. */
  predictUnrecorded: {
    zh: '还无法核对答案，这个场景没有录制下来：{why}',
    en: 'Your answer cannot be checked yet: this scenario was not recorded. {why}',
  },
  answerHits: { zh: '这一行执行了 {n} 次。', en: 'The line runs {n} times.' },
  answerHitsOnce: { zh: '这一行执行了 1 次。', en: 'The line runs once.' },
  answerReached: { zh: '这一行会执行到。', en: 'The line is reached.' },
  answerNotReached: { zh: '这一行不会执行到。', en: 'The line is never reached.' },
  answerPrinted: { zh: '打印出来的是：{lines}', en: 'Printed: {lines}' },
  answerNonePrinted: { zh: '这几行都没有打印。', en: 'None of these lines is printed.' },
  answerValue: { zh: '最后的值是 {value}。', en: 'The final value is {value}.' },
  answerNoValue: { zh: '这个名字没有被赋值。', en: 'The name is never bound.' },
  answerEvidence: { zh: '答案从这里来：', en: 'Where it comes from:' },
  /** Between the items of a short inline list (steps). */
  listSeparator: { zh: '、', en: ', ' },
  scenarioDescZh: { zh: '中文说明', en: 'description (zh)' },
  scenarioDescEn: { zh: '英文说明', en: 'description (en)' },
  scenarioTexts: { zh: '当前场景的标签与说明', en: 'Label and description of this scenario' },
  draftRunError: {
    zh: '草稿运行出错（{file} 第 {line} 行）：',
    en: 'The draft raised an error ({file}, line {line}):',
  },
  draftStopped: {
    zh: '草稿没有跑完（停在 {file} 第 {line} 行）：',
    en: 'The draft did not finish (it was at {file}, line {line}):',
  },
  draftStoppedEarly: { zh: '草稿没有跑完：', en: 'The draft did not finish:' },
  openFile: { zh: '打开 {file}', en: 'Open {file}' },
} satisfies Record<string, LocalizedText>;
