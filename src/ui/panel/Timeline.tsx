import { memo, useEffect, useId, useRef } from 'react';
import { type Lang, t } from '../../i18n';
import { timelineText } from '../../store/panelView';
import type { Trace } from '../../trace/trace';

const MAX_MARKS = 400;

/**
 * The breakpoint hits on the bar (at most {@link MAX_MARKS}), in a layer of their own: a
 * step changes neither the hits nor the layer's size, so React skips them and the browser
 * lays them out once, not at every step (400 positioned marks cost ~1 ms of layout each).
 */
const TimelineMarks = memo(function TimelineMarks({
  stops,
  length,
}: {
  stops: Int32Array;
  length: number;
}) {
  const marks: number[] = [];
  const stride = Math.max(1, Math.ceil(stops.length / MAX_MARKS));
  for (let i = 0; i < stops.length; i += stride) marks.push(stops[i]);
  return (
    <span className="timeline-marks" aria-hidden="true">
      {marks.map((m) => (
        <span
          key={m}
          className="timeline-hit"
          data-testid="timeline-hit"
          data-step={m}
          style={{ left: `${length > 1 ? (m / (length - 1)) * 100 : 0}%` }}
        />
      ))}
    </span>
  );
});

/**
 * The time-travel bar: a slider over every event, with breakpoint hits marked and the
 * scenario's setup (the steps before the focus function's call) shaded.
 * Dragging or clicking jumps; the keyboard moves it like any slider.
 */
export function Timeline(props: {
  trace: Trace;
  position: number;
  stops: Int32Array;
  /** The first step of the focus function's call (PanelViewModel.callStart). */
  callStart: number;
  onJump(position: number): void;
  /** "Go to step" (1-based; the store says when it is out of range). */
  onGoToStep(step: number): void;
  /** Why the last "Go to step" did not move, said under its field (null: it did). */
  jumpError: string | null;
  /** The focus function, named in the key of the setup band. */
  fn: string;
  lang: Lang;
}) {
  const { trace, position, stops, callStart, onJump, onGoToStep, jumpError, fn, lang } = props;
  const errorId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const jumpRef = useRef<HTMLInputElement>(null);
  const jumpedFrom = useRef(position);
  // A step number typed earlier goes once the replay moves some other way (a step, the
  // slider, a link): it would read as where the replay is. Kept while the box has focus.
  useEffect(() => {
    if (jumpedFrom.current === position) return;
    jumpedFrom.current = position;
    const input = jumpRef.current;
    if (input && input !== document.activeElement) input.value = '';
  }, [position]);
  // The reason appears under the field, which may sit at the bottom of the screen.
  useEffect(() => {
    if (jumpError) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [jumpError]);
  const n = trace.length;
  if (n === 0) return null;
  const value = Math.max(0, Math.min(n - 1, position));
  const text = timelineText(lang, position, n, callStart);
  return (
    <div className="timeline" data-testid="timeline">
      <div className="timeline-track">
        {callStart > 0 ? (
          <span
            className="timeline-setup"
            data-testid="timeline-setup"
            aria-hidden="true"
            style={{ width: `${(callStart / Math.max(1, n - 1)) * 100}%` }}
          />
        ) : null}
        <TimelineMarks stops={stops} length={n} />
        <input
          type="range"
          min={0}
          max={n - 1}
          value={value}
          aria-label={t(lang, 'timeline')}
          aria-valuetext={text.valueText}
          data-testid="timeline-slider"
          onChange={(e) => onJump(Number(e.target.value))}
        />
      </div>
      <form
        className="timeline-jump"
        // The store says what is wrong with a number, in the reader's language; the
        // browser's own check would refuse 1.5 with a bubble in its language, or silently.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = e.currentTarget.elements.namedItem('step') as HTMLInputElement;
          if (input.value.trim() === '') return;
          onGoToStep(Number(input.value));
          // selected, so that the next number typed replaces this one instead of adding to it
          input.select();
        }}
      >
        <label>
          {t(lang, 'goToStep')}{' '}
          <input
            ref={jumpRef}
            name="step"
            type="number"
            data-testid="jump-input"
            aria-invalid={jumpError ? true : undefined}
            aria-describedby={jumpError ? errorId : undefined}
          />
        </label>
        <span className="timeline-count" data-testid="timeline-count">
          {text.count}
        </span>
        {callStart > 0 ? (
          <span className="timeline-setup-key" data-testid="timeline-setup-key">
            <span className="timeline-setup-swatch" aria-hidden="true" />
            {t(lang, 'timelineSetupKey', { fn })}
          </span>
        ) : null}
      </form>
      {jumpError ? (
        <p
          className="timeline-error"
          id={errorId}
          ref={errorRef}
          role="alert"
          data-testid="jump-error"
        >
          {jumpError}
        </p>
      ) : null}
    </div>
  );
}
