/** UI strings about Python itself: its download, its start, what needs it (issue 13). */
import type { LocalizedText } from '../../lessons/schema.ts';

export const pythonStrings = {
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
    zh: '{feature}需要在 Python 中运行：{status}',
    en: '{feature} needs Python to run: {status}',
  },
  needsPythonFailed: {
    zh: '{feature}需要 Python，但 Python 无法加载：{reason}。已录制的场景仍可回放。',
    en: '{feature} needs Python, which could not load: {reason}. The recorded scenarios still replay.',
  },
  featureCondition: { zh: '断点条件', en: 'A breakpoint condition' },
  featureLogpoint: { zh: '日志点', en: 'A logpoint' },
  featureMyScenario: { zh: '“我的场景”', en: '“My scenario”' },
  featureDraft: { zh: '录制草稿', en: 'Recording a draft' },
} satisfies Record<string, LocalizedText>;
