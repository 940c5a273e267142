import { type Lang, t } from '../../i18n';
import './lineMarks.css';

/**
 * The legend of the code view's line marks: the line that just ran, the line that runs
 * next, and, when a step note is current (`noteLines`), the band of lines it explains.
 */
export function LineLegend({ lang, noteLines = false }: { lang: Lang; noteLines?: boolean }) {
  return (
    <p className="line-legend" data-testid="line-legend">
      <span className="legend-item">
        <span className="swatch swatch-just-ran" aria-hidden="true" />
        {t(lang, 'justRan')}
      </span>
      <span className="legend-item">
        <span className="swatch swatch-runs-next" aria-hidden="true" />
        {t(lang, 'runsNext')}
      </span>
      {noteLines ? (
        <span className="legend-item" data-testid="legend-note">
          <span className="swatch swatch-note" aria-hidden="true" />
          {t(lang, 'noteLines')}
        </span>
      ) : null}
    </p>
  );
}
