/** UI strings of the instructor features: the embed view and action, predictions, authoring. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const instructorStrings = {
  embedAction: { zh: '嵌入', en: 'Embed' },
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
