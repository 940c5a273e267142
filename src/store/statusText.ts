/** The words of a panel's status badge, from its view model. Pure. */
import { type Lang, t } from '../i18n';
import type { PanelViewModel } from './panelView';

/** The status badge's text. */
export function statusText(lang: Lang, view: PanelViewModel): string {
  const { trace } = view;
  switch (view.state) {
    case 'loading':
      return view.status.recording ? t(lang, 'recording') : t(lang, 'loadingPython');
    case 'ready':
      return t(lang, 'notRun');
    case 'paused': {
      const { line, file, step, total } = view.status;
      const where = file
        ? t(lang, 'lineOfFile', { n: line ?? '?', file: file.slice(file.lastIndexOf('/') + 1) })
        : t(lang, 'line', { n: line ?? '?' });
      return `${t(lang, 'paused')} · ${where} · ${t(lang, 'step', { n: (step ?? 0) + 1 })}/${total}`;
    }
    case 'finished':
      return t(lang, 'finished');
    default:
      if (view.runError?.expected) return t(lang, 'endedAsExpected');
      return trace?.meta.outcome === 'stopped' ? t(lang, 'stopped') : t(lang, 'failed');
  }
}
