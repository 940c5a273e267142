/** What the output pane says when nothing is printed (store/selectors.ts emptyOutputKey). */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n';
import { emptyOutputKey } from '../../../src/store/selectors';

describe('an empty output pane', () => {
  const trace = { length: 12 };

  it('says "no output yet" while the run can still print', () => {
    expect(emptyOutputKey(null, -1)).toBe('noOutput');
    expect(emptyOutputKey(trace, -1)).toBe('noOutput');
    expect(emptyOutputKey(trace, 11)).toBe('noOutput');
  });

  it('says the run printed nothing once it has ended, in both languages', () => {
    expect(emptyOutputKey(trace, 12)).toBe('noOutputAtAll');
    expect(t('en', emptyOutputKey(trace, 12))).toBe('(this run printed nothing)');
    expect(t('zh', emptyOutputKey(trace, 12))).toBe('（这次运行什么也没有打印）');
    // a run the app could not record has no events: nothing is said of its output
    expect(emptyOutputKey({ length: 0 }, 0)).toBe('noOutput');
  });
});
