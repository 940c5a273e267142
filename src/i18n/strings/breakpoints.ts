/** UI strings of the breakpoint list and the compare-scenarios table. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const breakpointStrings = {
  breakpointsTitle: { zh: '断点', en: 'Breakpoints' },
  noBreakpoints: {
    zh: '还没有断点：点击行号（或在那一行上按 F9）即可添加。',
    en: 'No breakpoints yet: click a line number (or press F9 on the line) to add one.',
  },
  bpCondition: { zh: '条件（Python 表达式）', en: 'Condition (Python expression)' },
  bpConditionHint: { zh: '例如 i > 2', en: 'e.g. i > 2' },
  bpHitCount: { zh: '只在第 N 次命中时停', en: 'Stop only on hit #N' },
  bpHitCountHint: { zh: '次数', en: 'N' },
  bpLog: { zh: '日志消息（不停下，只记录）', en: 'Log message (logs instead of stopping)' },
  bpLogHint: { zh: '例如 i = {i}', en: 'e.g. i = {i}' },
  bpLogSyntax: {
    zh: '像 f-string 一样：花括号里的 Python 表达式会被求值，例如 {callback.__name__}、{answer!r}、{n:.2f}',
    en: 'Like an f-string: Python expressions in braces are evaluated, e.g. {callback.__name__}, {answer!r}, {n:.2f}',
  },
  bpRemove: { zh: '删除', en: 'Remove' },
  bpRemoveLabel: { zh: '删除第 {n} 行的断点', en: 'Remove the breakpoint on line {n}' },
  bpEnableLabel: { zh: '启用第 {n} 行的断点', en: 'Enable the breakpoint on line {n}' },
  bpNotRecorded: { zh: '尚未录制', en: 'not recorded yet' },
  bpStops: { zh: '在此停下 {n} 次', en: 'stops here {n}×' },
  bpStopsOf: {
    zh: '该行运行 {m} 次，其中 {n} 次停下',
    en: 'stops {n}× of the {m}× the line ran',
  },
  bpLogged: { zh: '该行运行 {m} 次，记录了 {n} 条', en: 'logged {n}× (the line ran {m}×)' },
  bpLineRan: { zh: '已停用 · 该行运行 {n} 次', en: 'disabled · the line ran {n}×' },
  /** A condition that failed more than once: its first error (later ones may differ). */
  bpConditionError: {
    zh: '条件出错（{n} 次），不会在这里停下，请修正。第一次的错误：{message}',
    en: 'The condition failed ({n}×), so it never stops here; fix it. The first error: {message}',
  },
  bpConditionErrorOne: {
    zh: '条件出错（{n} 次），不会在这里停下，请修正：{message}',
    en: 'The condition failed ({n}×), so it never stops here; fix it: {message}',
  },
  bpLogError: {
    zh: '日志消息出错（{n} 次）。第一次的错误：{message}',
    en: 'The log message failed ({n}×). The first error: {message}',
  },
  bpLogErrorOne: {
    zh: '日志消息出错（{n} 次）：{message}',
    en: 'The log message failed ({n}×): {message}',
  },
  logpointError: { zh: '日志点出错：{message}', en: 'logpoint error: {message}' },
  compareTitle: { zh: '各场景的命中次数', en: 'Hits in every scenario' },
  compareHint: {
    zh: '每个场景都已在后台录制：一眼看出哪些输入会走到哪一行。',
    en: 'Every scenario is recorded in the background: see at a glance which inputs reach which line.',
  },
  compareBreakpoint: { zh: '断点', en: 'Breakpoint' },
  compareIf: { zh: '若 {cond}', en: 'if {cond}' },
  /** A breakpoint that stops only at its n-th hit (its cells are 0 or 1). */
  compareHit: { zh: '只在第 {n} 次', en: 'hit {n} only' },
  compareFails: { zh: '条件出错', en: 'condition fails' },
  /** A scenario whose run could not be recorded (its cell shows a dash, with the reason as its title). */
  compareUnrecorded: {
    zh: '未录制（这次运行没有记录下来）',
    en: 'not recorded (this run could not be recorded)',
  },
  compareLog: { zh: '日志点（该行运行次数）', en: 'logpoint (times the line ran)' },
} satisfies Record<string, LocalizedText>;
