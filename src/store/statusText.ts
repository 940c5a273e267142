/** The words of a panel's status badge, from its view model. Pure. */
import { type Lang, t } from '../i18n';
import type { PanelViewModel } from './panelView';

/** "line 8", or "run_hooks.py line 8" for a file that is not the panel's source. */
function lineText(lang: Lang, line: number | null, file: string | null): string {
  return file
    ? t(lang, 'lineOfFile', { n: line ?? '?', file: file.slice(file.lastIndexOf('/') + 1) })
    : t(lang, 'line', { n: line ?? '?' });
}

/** The status badge's text. */
export function statusText(lang: Lang, view: PanelViewModel): string {
  const { trace } = view;
  switch (view.state) {
    case 'loading':
      return view.status.recording ? t(lang, 'recording') : t(lang, 'loadingPython');
    case 'ready':
      return t(lang, 'notRun');
    case 'paused': {
      const { line, file, step, total, viewing } = view.status;
      const text = `${t(lang, 'paused')} · ${lineText(lang, line, file)} · ${t(lang, 'step', { n: (step ?? 0) + 1 })}/${total}`;
      // A caller's frame is selected: the code shows its line, not where the program is.
      return viewing
        ? `${text} · ${t(lang, 'viewingFrame', { fn: viewing.function, where: lineText(lang, viewing.line, viewing.file) })}`
        : text;
    }
    case 'finished':
      return t(lang, 'finished');
    default:
      if (view.runError?.expected) return t(lang, 'endedAsExpected');
      return trace?.meta.outcome === 'stopped' ? t(lang, 'stopped') : t(lang, 'failed');
  }
}

/**
 * The status in a few characters, for the phone's sticky toolbar, where the badge above has
 * scrolled away: paused, the line (with its file when not the panel's) and the step count
 * (`line 56 · 229/239`), and the caller whose line the code shows when one is selected;
 * otherwise the badge's words. A file's line may wrap before its colon (a zero-width
 * space), never inside its number: the toolbar's cell is a fifth of a phone wide.
 */
export function compactStatus(lang: Lang, view: PanelViewModel): string {
  if (view.state !== 'paused') return statusText(lang, view);
  const { line, file, step, total, viewing } = view.status;
  const where = file
    ? `${file.slice(file.lastIndexOf('/') + 1)}\u200b:${line ?? '?'}`
    : t(lang, 'line', { n: line ?? '?' });
  const text = `${where} · ${(step ?? 0) + 1}/${total}`;
  // The code shows a caller's line: say whose, or the line beside it reads as the paused one.
  return viewing ? `${text} · ${t(lang, 'viewingShort', { fn: viewing.function })}` : text;
}

/**
 * The timeline's count (`12 / 119`, 1-based; `0 / n` before the start) and the slider's
 * spoken value; both say "setup" while the position is before the focus function's call.
 */
export function timelineText(
  lang: Lang,
  position: number,
  total: number,
  callStart: number,
): { count: string; valueText: string } {
  const step = Math.max(0, Math.min(position, total - 1));
  const inSetup = position >= 0 && step < callStart ? ` · ${t(lang, 'timelineSetup')}` : '';
  // Before the run the slider rests on its first step, but no step is shown: both say 0.
  const count = `${position < 0 ? 0 : step + 1} / ${total}${inSetup}`;
  return { count, valueText: count };
}
