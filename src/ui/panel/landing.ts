import { type RefObject, useEffect, useRef } from 'react';
import { onPhone } from '../phone';

/** What the reader does that ends a shared link's landing (they took over the page). */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scroll a shared link's panel (or its code) to the top of the screen, and keep it there while the page
 * still grows above or inside it (Monaco replacing the plain listing, panes filling in),
 * until the reader scrolls or presses anything. Returns a function that stops.
 */
export function holdLanding(panel: HTMLElement): () => void {
  const land = () => panel.scrollIntoView({ block: 'start' });
  land();
  const observer = new ResizeObserver(land);
  observer.observe(panel);
  if (panel.parentElement?.parentElement) observer.observe(panel.parentElement.parentElement);
  const stop = () => {
    observer.disconnect();
    for (const type of TAKE_OVER) removeEventListener(type, stop, true);
  };
  for (const type of TAKE_OVER) addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/**
 * A shared link's landing, once its step is shown (`paused`): the panel at the top of the
 * screen, or on a phone, where the questions and the buttons fill the first screen, its
 * code. Once per page: the reader's own Debug later must not scroll the page.
 */
export function useLanding(
  section: RefObject<HTMLElement | null>,
  linked: boolean,
  paused: boolean,
): void {
  const landed = useRef(false);
  useEffect(() => {
    const panel = section.current;
    if (!linked || landed.current || !paused || !panel) return;
    landed.current = true;
    const code = onPhone() ? panel.querySelector<HTMLElement>('.code-col') : null;
    return holdLanding(code ?? panel);
  }, [section, linked, paused]);
}
