import { type Lang, t } from '../../i18n';
import type { Trace } from '../../trace/trace';

const MAX_MARKS = 400;

/**
 * The time-travel bar: a slider over every event, with breakpoint hits marked.
 * Dragging or clicking jumps; the keyboard moves it like any slider.
 */
export function Timeline(props: {
  trace: Trace;
  position: number;
  stops: Int32Array;
  onJump(position: number): void;
  /** "Go to step" (1-based; the store says when it is out of range). */
  onGoToStep(step: number): void;
  lang: Lang;
}) {
  const { trace, position, stops, onJump, onGoToStep, lang } = props;
  const n = trace.length;
  if (n === 0) return null;
  const marks: number[] = [];
  const stride = Math.max(1, Math.ceil(stops.length / MAX_MARKS));
  for (let i = 0; i < stops.length; i += stride) marks.push(stops[i]);
  const value = Math.max(0, Math.min(n - 1, position));
  return (
    <div className="timeline" data-testid="timeline">
      <div className="timeline-track">
        {marks.map((m) => (
          <span
            key={m}
            className="timeline-hit"
            data-testid="timeline-hit"
            data-step={m}
            style={{ left: `${n > 1 ? (m / (n - 1)) * 100 : 0}%` }}
          />
        ))}
        <input
          type="range"
          min={0}
          max={n - 1}
          value={value}
          aria-label={t(lang, 'timeline')}
          aria-valuetext={`${value + 1} / ${n}`}
          data-testid="timeline-slider"
          onChange={(e) => onJump(Number(e.target.value))}
        />
      </div>
      <form
        className="timeline-jump"
        onSubmit={(e) => {
          e.preventDefault();
          const input = e.currentTarget.elements.namedItem('step') as HTMLInputElement;
          if (input.value.trim() === '') return;
          onGoToStep(Number(input.value));
        }}
      >
        <label>
          {t(lang, 'goToStep')} <input name="step" type="number" data-testid="jump-input" />
        </label>
        <span className="timeline-count">
          {position < 0 ? 0 : Math.min(position + 1, n)} / {n}
        </span>
      </form>
    </div>
  );
}
