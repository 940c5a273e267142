import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import type { CodeViewProps } from './CodeView';
import { useNoteFocusOnLeave } from './focusHandover';

/** Monaco's line height in the code view; the plain listing uses the same. */
export const LINE_HEIGHT = 19;

/** Lines Monaco shows before it scrolls; the plain listing uses the same box. */
const MAX_VISIBLE_LINES = 32;

/** The height of the code box for `lines` lines, the same for both views (no jump). */
export function boxHeight(lines: number): number {
  return Math.min(lines, MAX_VISIBLE_LINES) * LINE_HEIGHT + 8;
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
    const top = (currentLine - firstLine) * LINE_HEIGHT;
    if (top < el.scrollTop || top + LINE_HEIGHT > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [currentLine, firstLine]);
  return (
    <section
      ref={box}
      className={`code-plain${wrap ? ' is-wrapped' : ''}`}
      aria-label={ariaLabel}
      data-testid="code-plain"
      style={{ height: boxHeight(boxLines ?? lines.length) }}
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
