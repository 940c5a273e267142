/** Strings of run endings and the error card (issue 11: expected endings, bounded errors). */
import type { LocalizedText } from '../../lessons/schema.ts';

export const sandboxStrings = {
  endedAsExpected: { zh: '按预期结束', en: 'Ended as expected' },
  expectedEndingTitle: { zh: '预期的结局', en: 'The expected ending' },
  expectedStopEvents: {
    zh: '这个场景本来就会在事件预算处被中止：这正是本课要演示的。',
    en: 'This scenario is meant to be stopped by its event budget: that is what the lesson shows.',
  },
  expectedStopTime: {
    zh: '这个场景本来就会在时间预算处被中止：这正是本课要演示的。',
    en: 'This scenario is meant to be stopped by its time budget: that is what the lesson shows.',
  },
  expectedStopDepth: {
    zh: '这个场景本来就会因调用嵌套太深而被中止：这正是本课要演示的。',
    en: 'This scenario is meant to be stopped for nesting calls too deep: that is what the lesson shows.',
  },
  expectedError: {
    zh: '这个场景本来就以未捕获的 {type} 结束：这正是本课要演示的。',
    en: 'This scenario is meant to end in an uncaught {type}: that is what the lesson shows.',
  },
  tracebackShowAll: { zh: '显示完整回溯', en: 'Show all' },
  tracebackShowLess: { zh: '收起回溯', en: 'Show less' },
  tracebackCopy: { zh: '复制回溯', en: 'Copy traceback' },
  tracebackCopied: { zh: '已复制', en: 'Copied' },
} satisfies Record<string, LocalizedText>;
