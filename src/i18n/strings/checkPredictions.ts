/**
 * Strings of `lessons:check`'s prediction answers and problems (scripts/lib/predictions.ts),
 * part of {@link checkStrings} (./check.ts).
 */
import type { LocalizedText } from '../../lessons/schema.ts';

export const checkPredictionStrings = {
  // Predictions.
  checkPredictionHead: { zh: '有一道预测题没有答案', en: 'a prediction has no answer' },
  checkPredictionsHead: { zh: '有 {n} 道预测题没有答案', en: '{n} predictions have no answer' },
  checkPredict: { zh: '预测 {id}：{answer}', en: 'predict {id}: {answer}' },
  checkHitsOne: { zh: '命中 {n} 次', en: '{n} hit' },
  checkHitsMany: { zh: '命中 {n} 次', en: '{n} hits' },
  checkAtLine: { zh: '第 {line} 行{answer}', en: '{answer} at line {line}' },
  checkReached: { zh: '执行到了', en: 'reached' },
  checkNotReached: { zh: '没有执行到', en: 'not reached' },
  checkNonePrinted: { zh: '所有选项都没有打印出来', en: 'none of the choices is printed' },
  checkPrinted: { zh: '打印了：{lines}', en: 'printed: {lines}' },
  checkNeverBound: { zh: '从未赋值', en: 'never bound' },
  checkFinalValue: { zh: '最终值为 {value}', en: 'final value {value}' },
  checkNoChoicePrinted: {
    zh: '{id}：在 {scenario} 场景下，选项里没有一行被打印出来。如果“都没有”正是答案，可以不管；否则请让想要的选项和输出的某一整行一致（这次运行打印了：{lines}）',
    en: '{id}: under {scenario} none of the choices is printed. If "none" is the answer, fine; otherwise make the choice meant to match equal a whole output line (this run printed: {lines})',
  },
  checkNeverBindsNear: {
    zh: '{id}：在 {scenario} 场景下 {fn} 从未给 {name} 赋值，是不是想写 {near}？',
    en: '{id}: {fn} never binds {name} under {scenario}: did you mean {near}?',
  },
  checkNeverBinds: {
    zh: '{id}：在 {scenario} 场景下 {fn} 从未给 {name} 赋值，所以这道题没有答案',
    en: '{id}: {fn} never binds {name} under {scenario}, so the question has no answer',
  },
  checkNoChoiceMatches: {
    zh: '{id}：没有一个选项符合最终值 {value}；必须恰好有一个符合',
    en: '{id}: no choice matches the final value {value}; exactly one must',
  },
  checkChoicesMatch: {
    zh: '{id}：有 {n} 个选项符合最终值 {value}；必须恰好只有一个',
    en: '{id}: {n} choices match the final value {value}; exactly one must',
  },
} satisfies Record<string, LocalizedText>;
