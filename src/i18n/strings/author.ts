/** UI strings of author mode: the lesson-level bar and the tools under each panel. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const authorStrings = {
  authorIntro: {
    zh: '准备代码、场景脚本、调用入口和课程源码都可以编辑；每次输入都会自动保存在本机，并立即重新录制。',
    en: 'Setup, scenario scripts, entries and the lesson source are editable; every keystroke is saved on this device and re-recorded at once.',
  },
  draftClean: { zh: '没有改动。', en: 'No changes.' },
  draftChangedOne: {
    zh: '已改动 {n} 个文件（已自动保存）',
    en: '{n} changed file (saved automatically)',
  },
  draftChanged: {
    zh: '已改动 {n} 个文件（已自动保存）',
    en: '{n} changed files (saved automatically)',
  },
  draftUnsavedOne: {
    zh: '已改动 {n} 个文件，但没有保存：这个浏览器不让本页存储（空间已满或被禁用）。关闭页面之前请先导出。',
    en: '{n} changed file, NOT saved: this browser refused to store it (storage full or disabled). Export it before you close the page.',
  },
  draftUnsaved: {
    zh: '已改动 {n} 个文件，但没有保存：这个浏览器不让本页存储（空间已满或被禁用）。关闭页面之前请先导出。',
    en: '{n} changed files, NOT saved: this browser refused to store them (storage full or disabled). Export them before you close the page.',
  },
  exportChanged: { zh: '导出改动的文件 (.zip)', en: 'Export changed files (.zip)' },
  exportAll: { zh: '导出整个课程文件夹 (.zip)', en: 'Export the lesson folder (.zip)' },
  importZip: { zh: '导入 .zip 或文件…', en: 'Import .zip or files…' },
  importFolder: { zh: '导入文件夹…', en: 'Import folder…' },
  discardDraft: { zh: '放弃草稿…', en: 'Discard draft…' },
  confirmDiscard: { zh: '确认放弃这些改动', en: 'Discard these changes' },
  cancel: { zh: '取消', en: 'Cancel' },
  exportWorking: {
    zh: '正在录制每个场景以生成基准文件…',
    en: 'Recording every scenario for the golden summaries…',
  },
  exportedOne: { zh: '已导出 {n} 个文件。', en: 'Exported {n} file.' },
  exported: { zh: '已导出 {n} 个文件。', en: 'Exported {n} files.' },
  exportedListOne: { zh: '已导出 {n} 个文件：{files}。', en: 'Exported {n} file: {files}.' },
  exportedList: { zh: '已导出 {n} 个文件：{files}。', en: 'Exported {n} files: {files}.' },
  exportFailing: {
    zh: '注意：{runs} 没有按场景说的方式结束（出错、被预算停下，或者没有声明这个结局），它的基准文件记下的就是这样，npm run lessons:check 会报它失败。',
    en: 'Note: {runs} does not end as its scenario says (an error, a budget stop, or an ending not declared); its golden file records that, and npm run lessons:check will fail on it.',
  },
  draftStale: {
    zh: '这些文件在你开始改草稿之后，磁盘上的版本又变了：{files}。页面显示的是草稿里的副本；导出会盖掉磁盘上的改动。“放弃草稿…”可以看到两者的差别。',
    en: 'Changed on disk since you began drafting them: {files}. The page shows the draft’s copies, and exporting them would undo the disk edits; Discard draft… shows the difference.',
  },
  exportBrokenOne: {
    zh: '注意：草稿现在无法加载（有 {n} 个问题，列在上方），导出的文件在改好之前过不了 npm run lessons:check。',
    en: 'Note: the draft does not load now ({n} problem, listed above); the exported files will not pass npm run lessons:check until it is fixed.',
  },
  exportBroken: {
    zh: '注意：草稿现在无法加载（有 {n} 个问题，列在上方），导出的文件在改好之前过不了 npm run lessons:check。',
    en: 'Note: the draft does not load now ({n} problems, listed above); the exported files will not pass npm run lessons:check until they are fixed.',
  },
  exportUnrecorded: {
    zh: '这一课一个能加载的版本都没有，所以没法录制：基准文件按原样导出，改好之后请运行 npm run lessons:check 重新生成（UPDATE_GOLDEN=1）。',
    en: 'No version of this lesson loads, so nothing could be recorded: the golden files are exported as they are; once it loads, regenerate them with UPDATE_GOLDEN=1 npm run lessons:check.',
  },
  alsoDelete: { zh: '另外请删除：{files}。', en: 'Also delete: {files}.' },
  importedOne: {
    zh: '已导入为 {id} 的草稿：{n} 个文件（在课程目录里标着 ✎）',
    en: 'Imported as the draft of {id}: {n} file (listed with ✎ in the lesson index)',
  },
  imported: {
    zh: '已导入为 {id} 的草稿：{n} 个文件（在课程目录里标着 ✎）',
    en: 'Imported as the draft of {id}: {n} files (listed with ✎ in the lesson index)',
  },
  editableFiles: { zh: '可编辑的文件', en: 'Editable files' },
  newScenarioId: { zh: '新场景 id', en: 'new scenario id' },
  addScenario: { zh: '新增场景', en: 'Add scenario' },
  duplicateScenario: { zh: '复制当前场景', en: 'Duplicate current' },
  renameScenario: { zh: '重命名当前场景', en: 'Rename current' },
  deleteScenario: { zh: '删除当前场景', en: 'Delete current' },
  labelZh: { zh: '中文标签', en: 'label (zh)' },
  labelEn: { zh: '英文标签', en: 'label (en)' },
} satisfies Record<string, LocalizedText>;
