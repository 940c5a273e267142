/**
 * What a prediction question shows once the reader has answered: right or wrong, the
 * answer in words, and the steps it comes from. Pure; the answer itself is computed from
 * the trace by src/replay/predict.ts.
 */
import { type Lang, t } from '../i18n';
import type { ResolvedPanel, ResolvedPrediction } from '../lessons/lesson';
import {
  answerPrediction,
  factsFromTrace,
  isCorrect,
  type PredictionAnswer,
  type PredictionReply,
} from '../replay/predict';
import { recordingFailure } from '../trace/meta';
import type { Trace } from '../trace/trace';
import { runErrorText } from './runErrorText';

/** The verdict on one answered prediction. */
export interface PredictionVerdict {
  correct: boolean;
  answer: PredictionAnswer;
  /** The answer in words, in the reader's language. */
  text: string;
  /** Events to replay to, in order (where the answer comes from). */
  evidence: number[];
}

/** The answer in words. */
export function answerText(lang: Lang, a: PredictionAnswer): string {
  switch (a.kind) {
    case 'hits':
      return a.count === 1 ? t(lang, 'answerHitsOnce') : t(lang, 'answerHits', { n: a.count });
    case 'reached':
      return t(lang, a.reached ? 'answerReached' : 'answerNotReached');
    case 'output':
      return a.printed.length === 0
        ? t(lang, 'answerNonePrinted')
        : t(lang, 'answerPrinted', { lines: a.printed.join(' | ') });
    case 'value':
      return a.text === null ? t(lang, 'answerNoValue') : t(lang, 'answerValue', { value: a.text });
  }
}

/**
 * Judge `reply` against the run `trace` of the prediction's scenario. Null while there is
 * nothing to judge: the run is not here yet, or it could never be recorded (a run with no
 * events would call a right answer wrong).
 */
export function judgePrediction(
  lang: Lang,
  prediction: ResolvedPrediction,
  panel: Pick<ResolvedPanel, 'function' | 'source'>,
  trace: Trace | null,
  reply: PredictionReply,
): PredictionVerdict | null {
  if (!trace || recordingFailure(trace)) return null;
  const answer = answerPrediction(prediction.ask, panel, factsFromTrace(trace));
  return {
    correct: isCorrect(answer, reply),
    answer,
    text: answerText(lang, answer),
    evidence: answer.events,
  };
}

/**
 * What an answered question says while it has no verdict: that its scenario is being
 * recorded, or that it could not be, and why.
 */
export function waitingText(lang: Lang, trace: Trace | null): string {
  const failure = trace && recordingFailure(trace);
  return failure
    ? t(lang, 'predictUnrecorded', { why: runErrorText(lang, failure) })
    : t(lang, 'predictRecording');
}
