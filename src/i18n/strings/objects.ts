/** UI strings of the reference diagram, value history, scenario divergence and line marks (issue 12). */
import type { LocalizedText } from '../../lessons/schema.ts';

export const objectStrings = {
  diagram: { zh: '引用图', en: 'Reference diagram' },
  showDiagram: { zh: '显示引用图', en: 'Show the reference diagram' },
  hideDiagram: { zh: '隐藏引用图', en: 'Hide the reference diagram' },
  diagramText: { zh: '引用图的文字版', en: 'The reference diagram as text' },
  /** `frames` and `objects` are counts in words (frameCount, objectCount). */
  diagramSummary: { zh: '共 {frames}，{objects}', en: '{frames}, {objects}' },
  frameCount: { zh: '{n} 个帧', en: '{n} frames' },
  frameCountOne: { zh: '{n} 个帧', en: '{n} frame' },
  objectCount: { zh: '{n} 个对象', en: '{n} objects' },
  objectCountOne: { zh: '{n} 个对象', en: '{n} object' },
  globals: { zh: '全局变量', en: 'Globals' },
  frameOf: { zh: '帧 {fn}', en: 'Frame {fn}' },
  refersTo: { zh: '{name} 指向对象 #{id}', en: '{name} refers to object #{id}' },
  holdsAtom: { zh: '{name} 的值是 {value}', en: '{name} = {value}' },
  returnsObject: { zh: '返回对象 #{id}', en: 'returns object #{id}' },
  returnsAtom: { zh: '返回 {value}', en: 'returns {value}' },
  yieldsObject: { zh: 'yield 出对象 #{id}', en: 'yields object #{id}' },
  rowReturns: { zh: '返回', en: 'returns' },
  rowYields: { zh: 'yield 出', en: 'yields' },
  rowRaises: { zh: '抛出', en: 'raises' },
  yieldsAtom: { zh: 'yield 出 {value}', en: 'yields {value}' },
  raisesObject: { zh: '抛出对象 #{id}', en: 'raises object #{id}' },
  raisesAtom: { zh: '抛出 {value}', en: 'raises {value}' },
  objectOf: { zh: '对象 #{id}（{type}）', en: 'Object #{id} ({type})' },
  itemCount: { zh: '共 {n} 项', en: '{n} items' },
  itemCountOne: { zh: '共 {n} 项', en: '{n} item' },
  changedByStep: { zh: '上一步改动了它', en: 'changed by the last step' },
  /** The key under the picture: what a shaded box and an arrow mean. */
  keyChanged: { zh: '上一步改动过的对象', en: 'an object the last step changed' },
  keyArrow: { zh: '名字或槽位指向的对象', en: 'the object a name or slot refers to' },
  keyFaded: {
    zh: '淡色箭头：从选中的帧顺着图中的箭头走不到',
    en: 'faded: not reached from the selected frame by the arrows drawn',
  },
  /** Inside an empty container's box, and an instance's with no attributes. */
  emptyObject: { zh: '空', en: 'empty' },
  noAttributes: { zh: '没有属性', en: 'no attributes' },
  showAllOf: { zh: '展开对象 #{id} 的全部项', en: 'Show every item of object #{id}' },
  showAllGlobals: { zh: '显示全部全局变量', en: 'Show every global' },
  omittedObjects: { zh: '还有 {n} 个对象没有画出', en: '{n} more objects not drawn' },
  omittedObjectsOne: { zh: '还有 {n} 个对象没有画出', en: '{n} more object not drawn' },
  omittedObjectsAtLeast: {
    zh: '还有至少 {n} 个对象没有画出',
    en: 'at least {n} more objects not drawn',
  },
  /** The `#id` badge beside a value: a button that marks the object in the diagram. */
  locateObject: {
    zh: '在引用图中标出对象 #{id}',
    en: 'Show object #{id} in the reference diagram',
  },
  locatedShown: { zh: '引用图中标出了对象 #{id}', en: 'Object #{id} is marked in the diagram' },
  locatedHidden: {
    zh: '这一步的引用图没有画出对象 #{id}：这一步的对象太多，图里画不下它',
    en: 'Object #{id} is not drawn at this step: there are more objects than the picture draws',
  },
  historyOf: { zh: '{name} 的来历', en: 'Where {name} came from' },
  historyTitle: { zh: '{name} 的每次改动', en: 'Every change of {name}' },
  historyEmpty: { zh: '到这一步为止还没有改动', en: 'No change up to this step' },
  historyPartial: {
    zh: '里面的对象超过 1000 个：更深处的改动可能没有列出。',
    en: 'More than 1,000 objects inside: changes deeper in may be missing here.',
  },
  /**
   * A change: the step a jump shows it at, and the line that made it (for a parameter, the
   * caller's line, still running; so not worded as "just ran").
   */
  historyRow: { zh: '第 {step} 步 · {file} 第 {line} 行', en: 'step {step} · {file} line {line}' },
  assigned: { zh: '赋值', en: 'assigned' },
  mutated: { zh: '对象被改动', en: 'object changed' },
  deleted: { zh: '被删除', en: 'deleted' },
  lastChange: { zh: '跳到最近一次改动', en: 'Go to last change' },
  closeHistory: { zh: '关闭来历', en: 'Close history' },
  justRan: { zh: '刚执行的行', en: 'just ran' },
  runsNext: { zh: '下一步要执行的行', en: 'runs next' },
  noteLines: { zh: '当前步骤说明讲的几行', en: 'lines the current step note explains' },
  divergenceTitle: { zh: '两个场景从哪里分开', en: 'Where two scenarios part' },
  scenarioA: { zh: '场景 A', en: 'Scenario A' },
  scenarioB: { zh: '场景 B', en: 'Scenario B' },
  partAt: {
    zh: '在 {file} 第 {line} 行之后走上不同的路（A 第 {a} 步，B 第 {b} 步）',
    en: 'They take different paths after {file}, line {line} (step {a} of A, step {b} of B)',
  },
  partedEarlier: {
    zh: '两次运行更早就在 {source} 之外分开了：{fn}（{file}）里，A 到第 {la} 行（第 {a} 步），B 到第 {lb} 行（第 {b} 步）。',
    en: 'The runs part earlier, outside {source}: in {fn} ({file}), A at line {la} (step {a}), B at line {lb} (step {b}).',
  },
  divKindCall: { zh: '调用 {fn}', en: 'calls {fn}' },
  divKindLine: { zh: '运行这一行', en: 'runs the line' },
  divKindReturn: { zh: '从 {fn} 返回', en: 'returns from {fn}' },
  divKindYield: { zh: '在 {fn} 中 yield 出一个值', en: 'yields a value from {fn}' },
  divKindException: { zh: '抛出异常', en: 'raises' },
  divKindUnwind: { zh: '因异常离开 {fn}', en: 'leaves {fn} by an exception' },
  divKindClassStart: { zh: '开始执行 {fn} 的类体', en: 'starts the body of {fn}' },
  divKindClassEnd: { zh: '执行完 {fn} 的类体', en: 'finishes the body of {fn}' },
  partAtEnd: {
    zh: '“{scenario}”在第 {n} 步结束，另一个场景还在继续运行',
    en: '“{scenario}” ends at step {n}; the other goes on',
  },
  partAtStart: {
    zh: '两个场景从第一步起就走不同的路',
    en: 'The two scenarios take different paths from the first step',
  },
  partedEarlierApart: {
    zh: '两次运行更早就在 {source} 之外分开了：A 在 {pa}（第 {a} 步），B 在 {pb}（第 {b} 步）。',
    en: 'The runs part earlier, outside {source}: A at {pa} (step {a}), B at {pb} (step {b}).',
  },
  divergenceUnrecorded: {
    zh: '“{scenario}”这次没有录制下来，暂时无法比较：{why}',
    en: '“{scenario}” was not recorded, so the two cannot be compared yet. {why}',
  },
  sameRun: { zh: '两个场景走的是同一条路径', en: 'Both scenarios take the same path' },
  samePathIn: {
    zh: '在 {file} 里两个场景走的是同一条路径；它们在别处不同：',
    en: 'Through {file} both scenarios take the same path; they differ elsewhere:',
  },
  differedBefore: { zh: '分开之前不同的值', en: 'Values that differed just before' },
  differedName: { zh: '名字', en: 'Name' },
  /** A name one run has bound and the other has not (a cell of the table above). */
  notBound: { zh: '（没有这个变量）', en: '(no such name)' },
  jumpInA: { zh: '在 A 中跳到这里', en: 'Jump there in A' },
  jumpInB: { zh: '在 B 中跳到这里', en: 'Jump there in B' },
  /** Until both traces are here: fetched (a shipped one) or recorded (a draft's, one's own). */
  notRecordedYet: { zh: '正在准备这两次运行…', en: 'getting both runs ready…' },
  lastChangeHelp: {
    zh: '跳到来历已打开的那个变量最近一次改动的那一步（点变量名可打开它的来历）',
    en: "Go to the last change of the variable whose history is open (a variable's name opens it)",
  },
} satisfies Record<string, LocalizedText>;
