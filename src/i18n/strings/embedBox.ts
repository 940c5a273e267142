/** UI strings of the embed box (the snippet to copy), which loads when a reader opens it. */
import type { LocalizedText } from '../../lessons/schema.ts';

export const embedBoxStrings = {
  embedTitle: { zh: '把这个面板嵌入你的网页', en: 'Put this panel in your own page' },
  embedHelp: {
    zh: '复制下面的代码，粘贴到你的网页里。它带着当前的场景和断点；脚本可选，用来让 iframe 跟着面板调整高度。',
    en: 'Copy this code into your page. It keeps the current scenario and breakpoints; the script is optional and sizes the iframe to the panel.',
  },
  embedDraft: {
    zh: '这一课在作者模式里有只存在于本浏览器的草稿：这段代码嵌入的是网站上已发布的那一版。请先导出草稿、放进 lessons/ 并重新发布，嵌入的面板才会有这些改动。',
    en: 'This lesson has a draft that exists only in this browser, in author mode: the snippet embeds the lesson as the site publishes it. Export the draft, put it in lessons/ and publish the site again for the embed to show these changes.',
  },
  embedCode: { zh: '嵌入代码', en: 'Embed code' },
  copy: { zh: '复制', en: 'Copy' },
  copied: { zh: '已复制', en: 'Copied' },
  close: { zh: '关闭', en: 'Close' },
  embedCompact: {
    zh: '紧凑：只要代码、调试和窗格',
    en: 'Compact: only the code, the debugger and its panes',
  },
} satisfies Record<string, LocalizedText>;
