/** Labels and help texts of the panel commands (src/store/commands.ts refers to these keys). */
import type { LocalizedText } from '../../lessons/schema.ts';

export const commandStrings = {
  run: { zh: '运行', en: 'Run' },
  debug: { zh: '调试', en: 'Debug' },
  debugFromStart: { zh: '从头调试', en: 'Debug from start' },
  continue: { zh: '继续', en: 'Continue' },
  stepOver: { zh: '单步跳过', en: 'Step Over' },
  stepInto: { zh: '单步进入', en: 'Step Into' },
  stepOut: { zh: '单步跳出', en: 'Step Out' },
  stepBack: { zh: '后退一步', en: 'Step Back' },
  reverseContinue: { zh: '反向继续', en: 'Reverse Continue' },
  restart: { zh: '重新开始', en: 'Restart' },
  toggleBreakpoint: { zh: '切换断点', en: 'Toggle breakpoint' },
  toggleBreakpointHelp: {
    zh: '在光标所在行切换断点',
    en: 'Toggle breakpoint on the cursor line',
  },
} satisfies Record<string, LocalizedText>;
