/** UI strings of the breakpoint list and the compare-scenarios table. */
import type { LocalizedText } from '../../lessons/schema';

export const breakpointStrings = {
  breakpointsTitle: { zh: '断点', en: 'Breakpoints' },
  noBreakpoints: {
    zh: '还没有断点：点击行号即可添加。',
    en: 'No breakpoints yet: click a line number to add one.',
  },
  bpCondition: { zh: '条件', en: 'condition' },
  bpHitCount: { zh: '第 N 次命中', en: 'stop on hit #' },
  bpLog: { zh: '日志消息', en: 'log message' },
  bpRemove: { zh: '删除', en: 'remove' },
  bpHits: { zh: '命中', en: 'hits' },
  compareTitle: { zh: '各场景的命中次数', en: 'Hits in every scenario' },
  compareHint: {
    zh: '每个场景都已在后台录制：一眼看出哪些输入会走到哪一行。',
    en: 'Every scenario is recorded in the background: see at a glance which inputs reach which line.',
  },
  compareBreakpoint: { zh: '断点', en: 'Breakpoint' },
  compareIf: { zh: '若 {cond}', en: 'if {cond}' },
} satisfies Record<string, LocalizedText>;
