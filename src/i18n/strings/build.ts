/**
 * Strings of `vite build`'s own log (scripts/lib/vite-lessons.ts, scripts/lib/traces.ts):
 * what the build says about lessons that do not load. Read through ../cli.ts, like the
 * check's; English in the build's log.
 */
import type { LocalizedText } from '../../lessons/schema.ts';

export const buildStrings = {
  buildLessons: {
    zh: '编译的课程：{shipped} 个可发布，{broken} 个加载失败',
    en: 'compiled lessons: {shipped} shipped, {broken} broken',
  },
  buildBrokenLesson: {
    zh: '课程 {id} 加载失败；部署后的页面会在它的位置把这些错误显示给学生：',
    en: 'lesson {id} does not load; the deployed page will show students these errors in its place:',
  },
  buildBrokenHint: {
    zh: '构建照常完成；`npm run lessons:check` 会给出详情（也会编译并运行它的 Python）',
    en: 'the build goes on; `npm run lessons:check` gives the details (and compiles and runs its Python)',
  },
  buildNoTraces: {
    zh: '预录的轨迹：课程 {id} 加载失败，没有为它录制轨迹（页面显示它的错误，不显示面板）',
    en: 'shipped traces: lesson {id} does not load, so none of its runs is recorded (the page shows its errors, not its panels)',
  },
} satisfies Record<string, LocalizedText>;
