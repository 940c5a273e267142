import { type CSSProperties, useEffect, useRef } from 'react';
import { t } from '../i18n';
import type { CodeViewProps } from './CodeView';
import { useNoteFocusOnLeave } from './focusHandover';
import { onPhone } from './phone';

/** Monaco's line height in the code view on a wider screen; the plain listing uses the same. */
export const LINE_HEIGHT = 19;
/**
 * The line height on a phone (PHONE_QUERY): a line, and so the number a reader taps to set
 * a breakpoint on it, is a 24 px target (WCAG 2.5.8), not 19 px between two others.
 */
export const PHONE_LINE_HEIGHT = 24;

/** The code's line height now; the stylesheet's `--code-lh` follows the same query. */
export function codeLineHeight(): number {
  return onPhone() ? PHONE_LINE_HEIGHT : LINE_HEIGHT;
}

/** Lines Monaco shows before it scrolls; the plain listing uses the same box. */
const MAX_VISIBLE_LINES = 32;

/**
 * How many lines tall the code box is for `lines` lines, the same for both views (no
 * jump). The stylesheet turns it into a height with `--code-lh`, so that the prerendered
 * shell, which cannot know the screen, is as tall as the editor that replaces it.
 */
export function boxLinesShown(lines: number): string {
  return String(Math.min(lines, MAX_VISIBLE_LINES));
}

/**
 * The listing shown until Monaco arrives: a real code view with Monaco's gutter
 * (breakpoint glyphs, line numbers), the current line, and click-to-toggle breakpoints,
 * in a box of the same size, so that Monaco takes over without a jump.
 */
export function PlainView({
  wrap,
  code,
  firstLine,
  breakpoints,
  currentLine,
  highlight,
  justRanLine,
  onToggleBreakpoint,
  ariaLabel,
  lang,
  boxLines,
}: CodeViewProps) {
  const lines = code.split('\n');
  const bps = new Map(breakpoints.map((b) => [b.line, b]));
  const box = useRef<HTMLElement>(null);
  useNoteFocusOnLeave(box);
  useEffect(() => {
    const el = box.current;
    if (!el || currentLine === null) return;
    const lh = codeLineHeight();
    const top = (currentLine - firstLine) * lh;
    if (top < el.scrollTop || top + lh > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [currentLine, firstLine]);
  return (
    <section
      ref={box}
      className={`code-plain${wrap ? ' is-wrapped' : ''}`}
      // The panel around it is named after the same file and function: say it is the code.
      aria-label={t(lang, 'codeOf', { where: ariaLabel })}
      data-testid="code-plain"
      style={{ '--code-lines': boxLinesShown(boxLines ?? lines.length) } as CSSProperties}
    >
      {lines.map((text, i) => {
        const n = firstLine + i;
        const bp = bps.get(n);
        const lit = highlight && n >= highlight.start && n <= highlight.end;
        return (
          <div
            key={n}
            className={`plain-line${n === currentLine ? ' is-current' : ''}${n === justRanLine ? ' is-just-ran' : ''}${lit ? ' step-highlight' : ''}`}
          >
            <span
              className={
                bp
                  ? `plain-glyph bp-glyph bpg-${bp.kind}${bp.enabled ? '' : ' bpg-disabled'}`
                  : 'plain-glyph'
              }
              aria-hidden="true"
            />
            <button
              type="button"
              className={`plain-ln${bp ? ' has-bp' : ''}${bp?.error ? ' has-bp-error' : ''}${n === currentLine ? ' current-ln' : ''}`}
              title={bp?.error}
              onClick={() => onToggleBreakpoint(n)}
              aria-label={t(lang, 'breakpointAtLine', { n })}
              aria-pressed={Boolean(bp)}
              data-line={n}
              tabIndex={-1}
            >
              {n}
            </button>
            <code>{text || ' '}</code>
          </div>
        );
      })}
    </section>
  );
}
