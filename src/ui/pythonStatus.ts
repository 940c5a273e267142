/**
 * What the page says about Python: pure, from the runtime's phase (unit-tested).
 */

import { type Lang, t } from '../i18n';
import type { RuntimePhase } from '../store/app';

const MB = 1024 * 1024;

/** The short status text of Python's phase (the header badge, "needs Python" notes). */
export function pythonStatusText(phase: RuntimePhase, lang: Lang): string {
  switch (phase.state) {
    case 'idle':
      return t(lang, 'pythonIdle');
    case 'ready':
      return `${t(lang, 'pythonReady')} · Python ${phase.python}`;
    case 'failed':
      return `${t(lang, 'pythonFailed')}: ${failureReason(phase, lang)}`;
    case 'loading': {
      if (phase.restartedAfter) return t(lang, 'pythonRestarting');
      const p = phase.progress;
      if (!p) return t(lang, 'loadingPython');
      if (p.stage === 'starting') return t(lang, 'pythonStarting');
      return t(lang, 'pythonDownloading', {
        loaded: (p.loaded / MB).toFixed(1),
        total: (p.total / MB).toFixed(1),
      });
    }
  }
}

/** Why Python could not start, in the reader's language around the technical detail. */
function failureReason(phase: RuntimePhase & { state: 'failed' }, lang: Lang): string {
  switch (phase.cause) {
    case 'assets':
      return t(lang, 'pythonAssetsMissing', { detail: phase.message.replace(/[.。]\s*$/, '') });
    case 'timeout':
      return t(lang, 'pythonLoadTimeout', { detail: phase.message });
    case 'error':
      return phase.message;
  }
}

/** Share of Python's download done (0–1), or null when there is no download to show. */
export function pythonDownloadShare(phase: RuntimePhase): number | null {
  if (phase.state !== 'loading' || !phase.progress) return null;
  return phase.progress.total > 0
    ? Math.min(1, phase.progress.loaded / phase.progress.total)
    : null;
}

/**
 * The note next to a breakpoint whose condition or logpoint needs Python, while Python
 * is not ready: what it is waiting for (with the download's progress), or why it
 * cannot run. Null when nothing needs saying.
 */
export function pythonNeedNote(
  phase: RuntimePhase,
  breakpoint: { condition?: string; log?: string; held?: boolean },
  lang: Lang,
): string | null {
  // A link's code not turned on yet is not going to run: nothing waits for Python.
  if (breakpoint.held) return null;
  const feature = breakpoint.condition
    ? t(lang, 'featureCondition')
    : breakpoint.log !== undefined
      ? t(lang, 'featureLogpoint')
      : null;
  if (feature === null || phase.state === 'ready') return null;
  if (phase.state === 'failed') return unavailableNote(phase, feature, lang);
  return t(lang, 'needsPython', { feature, status: pythonStatusText(phase, lang) });
}

/**
 * Said before a feature that runs Python is used, once Python has failed to start: that it
 * cannot run, why, and that replay goes on. Null while Python may still come.
 */
export function pythonFailedNote(
  phase: RuntimePhase,
  feature: 'featureMyScenario' | 'featureDraft',
  lang: Lang,
): string | null {
  return phase.state === 'failed' ? unavailableNote(phase, t(lang, feature), lang) : null;
}

function unavailableNote(
  phase: RuntimePhase & { state: 'failed' },
  feature: string,
  lang: Lang,
): string {
  return t(lang, 'needsPythonFailed', {
    feature,
    reason: failureReason(phase, lang).replace(/[.。]\s*$/, ''),
  });
}
