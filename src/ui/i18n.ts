/**
 * UI strings in the two languages the playground speaks. Lesson text lives in
 * the lessons; this is only the chrome around it.
 */
export type Lang = 'zh' | 'en';

/** Text in both languages (the shape lessons use too). */
export interface Localized {
  zh: string;
  en: string;
}

const strings = {
  appTitle: { zh: '看 Python 思考', en: 'Watch Python Think' },
  lessons: { zh: '课程', en: 'Lessons' },
  language: { zh: '语言', en: 'Language' },
  loadingPython: { zh: 'Python 正在加载…', en: 'Python is loading…' },
  pythonRestarting: {
    zh: 'Python 意外停止，正在重新启动…',
    en: 'Python stopped unexpectedly; restarting…',
  },
  pythonReady: { zh: 'Python 已就绪', en: 'Python ready' },
  pythonIdle: {
    zh: 'Python 将在空闲时加载；回放无需等待',
    en: 'Python loads when the page is idle; replay does not wait for it',
  },
  pythonDownloading: {
    zh: '正在下载 Python：{loaded} / {total} MB',
    en: 'Downloading Python: {loaded} of {total} MB',
  },
  pythonStarting: { zh: 'Python 正在启动…', en: 'Python is starting…' },
  needsPython: {
    zh: '{feature}需要在 Python 中运行。',
    en: '{feature} needs Python to run.',
  },
  needsPythonFailed: {
    zh: '{feature}需要 Python，但 Python 无法加载：{reason}。已录制的场景仍可回放。',
    en: '{feature} needs Python, which could not load: {reason}. The recorded scenarios still replay.',
  },
  featureCondition: { zh: '断点条件', en: 'A breakpoint condition' },
  featureLogpoint: { zh: '日志点', en: 'A logpoint' },
  featureEdit: { zh: '修改后的代码', en: 'Edited code' },
  pythonFailed: { zh: 'Python 无法启动', en: 'Python could not start' },
  retry: { zh: '重试', en: 'Retry' },
  notRun: { zh: '未运行', en: 'not run' },
  recording: { zh: '正在录制…', en: 'recording…' },
  paused: { zh: '已暂停', en: 'paused' },
  finished: { zh: '已结束', en: 'finished' },
  failed: { zh: '出错', en: 'error' },
  stopped: { zh: '已被中止', en: 'stopped' },
  line: { zh: '第 {n} 行', en: 'line {n}' },
  step: { zh: '第 {n} 步', en: 'step {n}' },
  scenario: { zh: '场景', en: 'Scenario' },
  run: { zh: '运行', en: 'Run' },
  debug: { zh: '调试', en: 'Debug' },
  continue: { zh: '继续', en: 'Continue' },
  stepOver: { zh: '单步跳过', en: 'Step Over' },
  stepInto: { zh: '单步进入', en: 'Step Into' },
  stepOut: { zh: '单步跳出', en: 'Step Out' },
  stepBack: { zh: '后退一步', en: 'Step Back' },
  reverseContinue: { zh: '反向继续', en: 'Reverse Continue' },
  restart: { zh: '重新开始', en: 'Restart' },
  variables: { zh: '变量', en: 'Variables' },
  callStack: { zh: '调用栈', en: 'Call stack' },
  output: { zh: '输出', en: 'Output' },
  noOutput: { zh: '（还没有输出）', en: '(no output yet)' },
  noVariables: { zh: '（没有变量）', en: '(no variables)' },
  notStarted: { zh: '点击“调试”或“单步进入”开始。', en: 'Press Debug or Step Into to start.' },
  readOnlyNote: {
    zh: '代码只读，在你的浏览器里运行，不会向任何服务器发送数据。',
    en: 'The code is read-only and runs in your browser; nothing is sent to a server.',
  },
  setupTitle: { zh: '教学用的准备代码与调用入口', en: 'Teaching setup and call entry' },
  setupNote: {
    zh: '这部分作为单独的文件运行；断点只回放上方的课程源码。',
    en: 'This runs as a separate file; breakpoints replay only the lesson source above.',
  },
  stepsTitle: { zh: '步骤', en: 'Steps' },
  breakpointsHint: {
    zh: '点击行号设置断点。',
    en: 'Click a line number to set a breakpoint.',
  },
  returnValue: { zh: '返回值', en: 'return value' },
  raised: { zh: '抛出', en: 'raised' },
  nowIn: { zh: '当前位于', en: 'now in' },
  backToFocus: { zh: '回到 {fn}', en: 'back to {fn}' },
  lessonBroken: { zh: '这节课无法加载', en: 'This lesson could not be loaded' },
  stoppedBecause: { zh: '运行被中止：{why}', en: 'The run was stopped: {why}' },
  partialTrace: {
    zh: '已保留到中止前的轨迹，可以继续回放。',
    en: 'The trace up to the stop is kept and can be replayed.',
  },
  timeline: { zh: '时间线', en: 'Timeline' },
  goToStep: { zh: '跳到第几步', en: 'Go to step' },
  shortcuts: { zh: '快捷键', en: 'Shortcuts' },
  notFound: { zh: '找不到这节课', en: 'Lesson not found' },
  authorMode: { zh: '作者模式', en: 'Author mode' },
  privacy: {
    zh: '一切都在本地运行：没有任何数据离开你的浏览器。',
    en: 'Everything runs locally: nothing leaves your browser.',
  },
} satisfies Record<string, Localized>;

/** A key of the UI string table. */
export type StringKey = keyof typeof strings;

/** Look up a UI string, filling `{name}` placeholders. */
export function t(lang: Lang, key: StringKey, vars?: Record<string, string | number>): string {
  let text = strings[key][lang];
  if (vars) {
    for (const [k, v] of Object.entries(vars)) text = text.replace(`{${k}}`, String(v));
  }
  return text;
}

/** The language from `?lang=`, then the saved choice, then the browser. */
export function initialLang(
  search: string,
  saved: string | null,
  browser: readonly string[],
): Lang {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (fromUrl === 'zh' || fromUrl === 'en') return fromUrl;
  if (saved === 'zh' || saved === 'en') return saved;
  return browser.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}
