import type { ReactNode } from 'react';
import type { Lang } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import { type PanelViewModel, statusText } from '../../store/panelView';

/** The panel's title and status badge (the `status` DOM contract of the tests). */
export function PanelHeader(props: {
  titleId: string;
  panel: ResolvedPanel;
  view: PanelViewModel;
  lang: Lang;
  /** Actions shown at the end of the header row (the Embed button), if any. */
  children?: ReactNode;
}) {
  const { titleId, panel, view, lang } = props;
  return (
    <header className="panel-head">
      <h3 id={titleId} className="panel-title">
        <code>{panel.source}</code> · <code>{panel.function}</code>
      </h3>
      <output
        className={`status status-${view.state}`}
        data-testid="status"
        data-state={view.state}
        data-line={view.status.line ?? undefined}
        data-step={view.status.step ?? undefined}
        aria-live="polite"
      >
        {statusText(lang, view)}
      </output>
      {props.children}
    </header>
  );
}
