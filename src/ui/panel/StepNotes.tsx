import { memo, useEffect, useRef, useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { LocalizedText } from '../../lessons/schema';
import { onPhone } from '../phone';

/** A resolved step note: its text and the file lines it covers. */
export interface StepNote {
  start: number;
  end: number;
  text: LocalizedText;
}

/**
 * The three step notes as a small diagram beside the code. The note whose
 * lines hold the current position is highlighted (code and diagram share one
 * cursor); clicking a note highlights its lines in the code.
 */
function StepNotesView(props: {
  steps: StepNote[];
  lang: Lang;
  current: number;
  active: number | null;
  onSelect(index: number): void;
}) {
  const { steps, lang, current, active, onSelect } = props;
  // Open beside the code on wide screens; on a phone the notes start collapsed, so the
  // current line and the variables fit on one screen.
  const [open] = useState(() => !onPhone());
  // Beside the code the notes scroll in a box as tall as the code's column: the current
  // one is scrolled into that box, never the page (which would move the code).
  const box = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const el = box.current;
    const item = current >= 0 ? el?.querySelectorAll('li')[current] : undefined;
    if (!el || !item || el.scrollHeight <= el.clientHeight) return;
    const at = item.getBoundingClientRect();
    const view = el.getBoundingClientRect();
    if (at.top < view.top) el.scrollTop -= view.top - at.top;
    else if (at.bottom > view.bottom) el.scrollTop += at.bottom - view.bottom;
  }, [current]);
  return (
    <details className="steps" data-testid="steps" open={open} ref={box}>
      <summary>
        {t(lang, 'stepsTitle')}
        {current >= 0 ? ` · ${current + 1}/${steps.length}` : ''}
      </summary>
      <ol>
        {steps.map((s, i) => (
          <li key={`${s.start}-${s.end}`}>
            <button
              type="button"
              className={`step${i === current ? ' is-current' : ''}${i === active ? ' is-active' : ''}`}
              data-testid="step-note"
              data-current={i === current ? 'true' : undefined}
              aria-current={i === current ? 'step' : undefined}
              aria-pressed={i === active}
              onClick={() => onSelect(i)}
            >
              <span className="step-num">{i + 1}</span>
              <span className="step-text">{s.text[lang]}</span>
              <span className="step-lines">{lineSpan(s.start, s.end)}</span>
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** {@link StepNotesView}, re-rendered only when its props change, not on every step. */
export const StepNotes = memo(StepNotesView);

/** A note's lines as shown beside it: `L20` for one line, `L20–24` for several. */
export function lineSpan(start: number, end: number): string {
  return end > start ? `L${start}–${end}` : `L${start}`;
}
