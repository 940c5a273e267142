import { type Lang, t } from '../../i18n';
import './lineMarks.css';

/** The legend of the code view's two line marks: the line that just ran, the line that runs next. */
export function LineLegend({ lang }: { lang: Lang }) {
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
    </p>
  );
}
