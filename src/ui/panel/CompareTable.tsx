import { memo } from 'react';
import { type Lang, t } from '../../i18n';
import type { LessonScenario } from '../../lessons/lesson';
import type { Breakpoint } from '../../replay/engine';
import { compareCell, compareHints } from '../../store/breakpointView';
import type { TraceSlot } from '../../store/panels';
import { runErrorText } from '../../store/runErrorText';

/**
 * For the current breakpoints, how often each is hit in every scenario of the
 * panel. Uses the traces recorded in the background; nothing runs here.
 */
function CompareTableView(props: {
  breakpoints: Breakpoint[];
  scenarios: LessonScenario[];
  traces: Record<string, TraceSlot>;
  current: string;
  lang: Lang;
  onPick(scenario: string): void;
}) {
  const { breakpoints, scenarios, traces, current, lang, onPick } = props;
  // Logpoints too: their row counts how often the line ran.
  const shown = breakpoints.filter((b) => b.enabled);
  if (shown.length === 0) return null;
  return (
    <figure className="compare" data-testid="compare">
      <figcaption>
        <strong>{t(lang, 'compareTitle')}</strong>{' '}
        <span className="hint">{t(lang, 'compareHint')}</span>
      </figcaption>
      <div className="compare-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t(lang, 'compareBreakpoint')}</th>
              {scenarios.map((s) => (
                <th key={s.id} scope="col" className={s.id === current ? 'is-current' : undefined}>
                  {/* The current one is shown, not switched to: that would end the replay. */}
                  <button
                    type="button"
                    aria-current={s.id === current ? 'true' : undefined}
                    onClick={() => (s.id === current ? undefined : onPick(s.id))}
                    title={s.description?.[lang]}
                  >
                    {s.label[lang]}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((b) => (
              <tr key={b.id}>
                <th scope="row">
                  <code>
                    {b.file.split('/').pop()}:{b.line}
                  </code>
                  {compareHints(lang, b).map((hint) => (
                    <span key={hint} className="hint">
                      {' '}
                      {hint}
                    </span>
                  ))}
                </th>
                {scenarios.map((s) => {
                  const cell = compareCell(b, traces[s.id]?.trace ?? null, breakpoints);
                  return (
                    <td
                      key={s.id}
                      data-testid="compare-cell"
                      data-line={b.line}
                      data-scenario={s.id}
                      data-hits={cell.kind === 'count' ? cell.n : undefined}
                      data-error={cell.kind === 'error' ? 'true' : undefined}
                      data-unrecorded={cell.kind === 'unrecorded' ? 'true' : undefined}
                      title={
                        cell.kind === 'error'
                          ? cell.message
                          : cell.kind === 'unrecorded'
                            ? runErrorText(lang, cell.error)
                            : undefined
                      }
                      className={
                        cell.kind === 'error'
                          ? 'is-error'
                          : cell.kind === 'count' && cell.n === 0
                            ? 'zero'
                            : undefined
                      }
                    >
                      {cell.kind === 'pending' ? (
                        '…'
                      ) : cell.kind === 'error' ? (
                        t(lang, 'compareFails')
                      ) : cell.kind === 'unrecorded' ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t(lang, 'compareUnrecorded')}</span>
                        </>
                      ) : (
                        cell.n
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** {@link CompareTableView}, re-rendered only when its props change, not on every step. */
export const CompareTable = memo(CompareTableView);
