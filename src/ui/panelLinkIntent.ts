import { useEffect } from 'react';
import { panelKey } from '../store/lessonIndex';
import { panelsStore } from '../store/panelStore';
import { panelLinkedBy } from '../store/urlSync';

/**
 * A reader who points at or focuses a link to a panel (the lesson index, the skip link, the
 * intro card, a link in the prose) is about to jump there: fetch the traces that panel
 * holds back until it comes near, so that they are on their way before it is on screen.
 * One listener on the document serves every such link; `lessonId` is the lesson on the
 * page, for links that name only the panel.
 */
export function usePanelLinkIntent(lessonId: string | null): void {
  useEffect(() => {
    const intent = (e: Event) => {
      const target = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(target instanceof HTMLAnchorElement)) return;
      const linked = panelLinkedBy(target.href, lessonId);
      if (linked) panelsStore.getState().panelNear(panelKey(linked.lesson, linked.panel));
    };
    document.addEventListener('focusin', intent);
    document.addEventListener('pointerover', intent);
    return () => {
      document.removeEventListener('focusin', intent);
      document.removeEventListener('pointerover', intent);
    };
  }, [lessonId]);
}
