import type { LocalizedText } from '../../lessons/schema.ts';

/** UI strings of "My scenario": a student's own, editable copy of a scenario's script. */
export const myScenarioStrings = {
  myScenario: { zh: '我的场景', en: 'My scenario' },
  myScenarioDesc: {
    zh: '你自己的一份「{base}」：在下面改脚本，再按“运行”或“调试”；运行过以后，每次改完都会从头重新运行。',
    en: 'Your own copy of “{base}”: edit its script below, then press Run or Debug; once it has run, every edit runs it again from the start.',
  },
  startStepMine: {
    zh: '想试试自己的想法？按“改一改试试”，把当前场景的脚本复制一份来改，再真的运行它。',
    en: 'Have your own idea? Press “Try your own idea” to copy the scenario’s script, change it and run it for real.',
  },
  myScenarioTry: { zh: '改一改试试', en: 'Try your own idea' },
  myScenarioTryHint: {
    zh: '把「{base}」的脚本复制成“我的场景”，在这里随意修改并运行；课程本身不会变。',
    en: 'Copy the script of “{base}” into “My scenario”, where you can change and run it; the lesson itself does not change.',
  },
  myScenarioRestart: { zh: '从这个场景重新改', en: 'Start my scenario again from this one' },
  myScenarioRestartHint: {
    zh: '用「{base}」的脚本替换“我的场景”；替换前的版本可以恢复。',
    en: 'Replace “My scenario” with a copy of “{base}”; the version it replaces can be restored.',
  },
  myScenarioTitle: { zh: '我的场景：脚本', en: 'My scenario: its script' },
  myScenarioFrom: { zh: '复制自「{base}」', en: 'copied from “{base}”' },
  myScenarioEdited: { zh: '已修改', en: 'edited' },
  myScenarioUnchanged: { zh: '未修改', en: 'unchanged' },
  myScenarioHelp: {
    zh: '这段脚本在 setup.py 之后、入口脚本之前运行，和它们共用一个命名空间。',
    en: 'This script runs after setup.py and before the entry, in the same namespace.',
  },
  myScenarioKept: {
    zh: '改动只保存在这个浏览器里。',
    en: 'Your edits are kept in this browser only.',
  },
  myScenarioNotKept: {
    zh: '这个浏览器不让本页保存数据：改动只保留到关闭页面为止。',
    en: 'This browser does not let this page store anything: your edits last until the page is closed.',
  },
  myScenarioEditor: { zh: '我的场景的脚本（可编辑）', en: 'Script of my scenario (editable)' },
  myScenarioReset: { zh: '重置为「{base}」', en: 'Reset to “{base}”' },
  myScenarioResetHint: {
    zh: '换回「{base}」脚本的原样；现在的版本可以用“恢复上一个版本”找回。',
    en: 'Go back to an unchanged copy of “{base}”; the current version can be brought back with “Restore the previous version”.',
  },
  myScenarioRestore: { zh: '恢复上一个版本', en: 'Restore the previous version' },
  myScenarioRestoreHint: {
    zh: '换回重置（或重新开始）之前的脚本；现在的脚本留作上一个版本。',
    en: 'Bring back the script from before the reset (or restart); the current one becomes the previous version.',
  },
  myScenarioReplaced: {
    zh: '已换成「{base}」的原样副本。',
    en: 'Replaced with an unchanged copy of “{base}”.',
  },
  myScenarioRecording: { zh: '正在运行你的脚本…', en: 'Running your script…' },
  myScenarioNeedsPython: {
    zh: '“我的场景”要在浏览器里真正运行 Python：等 Python 加载完成。',
    en: '“My scenario” runs real Python in the browser: it waits for Python to load.',
  },
  myScenarioErrorAt: {
    zh: '你的脚本第 {line} 行出错：',
    en: 'Your script failed at line {line}:',
  },
  myScenarioTemplate: {
    zh: '# 我的场景：从「{base}」开始（SCENARIO == "{id}"）。\n# 这个场景原本没有自己的脚本，它的数据和替身都在 setup.py 里（见面板下方“上下文、准备代码与调用入口”）。\n# 这里的代码在 setup.py 之后、入口脚本之前运行：可以重新定义其中的函数或数据。\n# 注意：重新定义函数只是让这个名字指向一个新的函数对象；已经存在列表或字典里的旧函数不会跟着变。\n# 要让这次运行用上新函数，把它也放进去（比如给那个列表重新赋值）。\n',
    en: '# My scenario: starts from “{base}” (SCENARIO == "{id}").\n# That scenario has no script of its own: its data and stand-ins are in setup.py (see “Context, setup and call entry” below the panel).\n# Code here runs after setup.py and before the entry: redefine any of its functions or data.\n# Note: redefining a function only points its name at a new function object; a list or dict that already holds the old one keeps it.\n# To have the run use yours, put it there too (for instance, assign that list again).\n',
  },
} satisfies Record<string, LocalizedText>;
