import type { Lang } from '../../i18n';
import type { PanelNotice } from '../../store/panels';
import { noticeText } from '../../store/panelView';

/** What the last command did that the student would not expect (said politely, once). */
export function NoticeBar({ notice, lang }: { notice: PanelNotice; lang: Lang }) {
  return (
    <p className="panel-notice" role="status" data-testid="panel-notice" data-kind={notice.kind}>
      {noticeText(lang, notice)}
    </p>
  );
}
