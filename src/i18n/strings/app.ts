/** UI strings of the page around the lessons: top bar, index, runtime badge, errors. */
import type { LocalizedText } from '../../lessons/schema';

export const appStrings = {
  appTitle: { zh: '看 Python 思考', en: 'Watch Python Think' },
  lessons: { zh: '课程', en: 'Lessons' },
  language: { zh: '语言', en: 'Language' },
  loadingPython: { zh: 'Python 正在加载…', en: 'Python is loading…' },
  pythonRestarting: {
    zh: 'Python 意外停止，正在重新启动…',
    en: 'Python stopped unexpectedly; restarting…',
  },
  pythonReady: { zh: 'Python 已就绪', en: 'Python ready' },
  pythonFailed: { zh: 'Python 无法启动', en: 'Python could not start' },
  retry: { zh: '重试', en: 'Retry' },
  lessonBroken: { zh: '这节课无法加载', en: 'This lesson could not be loaded' },
  notFound: { zh: '找不到这节课', en: 'Lesson not found' },
  authorMode: { zh: '作者模式', en: 'Author mode' },
  privacy: {
    zh: '一切都在本地运行：没有任何数据离开你的浏览器。',
    en: 'Everything runs locally: nothing leaves your browser.',
  },
  shortcuts: { zh: '快捷键', en: 'Shortcuts' },
  shortcutsWhere: {
    zh: '在面板内（代码、按钮或窗格获得焦点时）有效。',
    en: 'They work inside a panel (when its code, buttons or panes have focus).',
  },
} satisfies Record<string, LocalizedText>;
