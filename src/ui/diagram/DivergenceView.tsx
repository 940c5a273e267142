import { memo, useMemo, useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import { earlierText, partText, sideAction } from '../../store/divergenceText';
import { runErrorText } from '../../store/runErrorText';
import { type Divergence, panelDivergence } from '../../trace/divergence';
import { recordingFailure } from '../../trace/meta';
import type { Trace } from '../../trace/trace';
import { paneLabel } from '../panel/paneLabel';
import './divergence.css';

/** Props of {@link DivergenceView}. */
export interface DivergenceViewProps {
  /**
   * The panel: its scenarios, its source file (where the two runs are compared first) and
   * its function (which names the box for a screen reader, `paneLabel`).
   */
  panel: Pick<ResolvedPanel, 'scenarios' | 'source' | 'function'>;
  /** The recorded trace of each scenario, when it is ready. */
  traceOf(scenario: string): Trace | null;
  current: string;
  lang: Lang;
  /** Show `scenario` at `step`. */
  onJump(scenario: string, step: number): void;
}

const divergences = new WeakMap<Trace, WeakMap<Trace, { skip: string; d: Divergence | null }>>();

/**
 * The divergence of two traces as the panel shows it (`panelDivergence`); computed once
 * per pair, source and set of scripts.
 */
function divergenceOf(
  a: Trace,
  b: Trace,
  source: string,
  scripts: readonly string[],
): Divergence | null {
  let inner = divergences.get(a);
  if (!inner) {
    inner = new WeakMap();
    divergences.set(a, inner);
  }
  const skip = [source, ...scripts].join('\n');
  let hit = inner.get(b);
  if (hit?.skip !== skip) {
    hit = { skip, d: panelDivergence(a, b, source, scripts) };
    inner.set(b, hit);
  }
  return hit.d;
}

type Side = Divergence['a'];
/** A side is null when that run had already ended there (the reader gives it no place). */
const place = (s: Side): Side | null => (s.file === '' ? null : s);
const where = (p: { file: string; line: number } | null) => (p ? `${p.file}:${p.line}` : '—');
/** The table's value columns, A then B. */
const SIDES = ['a', 'b'] as const;
/** What a side does at its place, after its place (`sideAction`). */
const doing = (lang: Lang, s: Side | null) => {
  const text = sideAction(lang, s);
  return text ? ` ${text}` : '';
};

/**
 * "Where two scenarios part": pick two scenarios; see the first step where their paths
 * differ, where each goes, the values that differed just before, and jump there in either.
 */
function DivergenceBox({ panel, traceOf, current, lang, onJump }: DivergenceViewProps) {
  const { scenarios, source, function: fn } = panel;
  const [picked, setPicked] = useState<[string | null, string | null]>([null, null]);
  const ids = scenarios.map((s) => s.id);
  const a = picked[0] ?? current;
  const b = picked[1] ?? ids.find((id) => id !== a) ?? a;
  const ta = traceOf(a);
  const tb = traceOf(b);
  const scripts = useMemo(
    () => scenarios.flatMap((s) => (s.script ? [s.script.path] : [])),
    [scenarios],
  );
  const found = useMemo(
    () => (ta && tb ? divergenceOf(ta, tb, source, scripts) : undefined),
    [ta, tb, source, scripts],
  );
  const d = found ? { ...found, a: place(found.a), b: place(found.b) } : found;
  // A run that was never recorded has no path: "it ends at step 0" would be false.
  const failedA = ta && recordingFailure(ta);
  const failedB = tb && recordingFailure(tb);
  const unrecorded = failedA
    ? { id: a, error: failedA }
    : failedB
      ? { id: b, error: failedB }
      : null;
  if (scenarios.length < 2) return null;
  const label = (id: string) => scenarios.find((s) => s.id === id)?.label[lang] ?? id;

  // Jumping changes the panel's scenario: keep the pair as it is.
  const jump = (id: string, step: number) => {
    setPicked([a, b]);
    onJump(id, step);
  };
  const pick = (which: 0 | 1, id: string) =>
    setPicked(which === 0 ? [id, picked[1] ?? b] : [picked[0] ?? a, id]);

  return (
    <section className="divergence-box" aria-label={paneLabel(t(lang, 'divergenceTitle'), fn)}>
      <h4>{t(lang, 'divergenceTitle')}</h4>
      <div className="divergence-pick">
        {([0, 1] as const).map((which) => (
          <label key={which}>
            <span>{t(lang, which === 0 ? 'scenarioA' : 'scenarioB')}</span>
            <select
              data-testid={which === 0 ? 'divergence-a' : 'divergence-b'}
              value={which === 0 ? a : b}
              onChange={(e) => pick(which, e.target.value)}
            >
              {scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label[lang]}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {unrecorded ? (
        <p className="empty" data-testid="divergence-unrecorded">
          {t(lang, 'divergenceUnrecorded', {
            scenario: label(unrecorded.id),
            why: runErrorText(lang, unrecorded.error),
          })}
        </p>
      ) : d === undefined ? (
        <p className="empty">{t(lang, 'notRecordedYet')}</p>
      ) : d === null ? (
        <p data-testid="divergence-none">{t(lang, 'sameRun')}</p>
      ) : (
        <div
          data-testid="divergence"
          data-step={d.a?.step ?? d.b?.step}
          data-a-step={d.a?.step}
          data-b-step={d.b?.step}
          data-file={d.from?.file}
          data-line={d.from?.line}
          data-a-file={d.a?.file}
          data-b-file={d.b?.file}
          data-a-line={d.a?.line}
          data-b-line={d.b?.line}
        >
          {d.earlier ? (
            <p data-testid="divergence-earlier">{earlierText(lang, source, d.earlier)}</p>
          ) : null}
          {d.samePathIn ? (
            <p data-testid="divergence-same-in">{t(lang, 'samePathIn', { file: d.samePathIn })}</p>
          ) : null}
          <p data-testid="divergence-part">{found && partText(lang, found, label(a), label(b))}</p>
          <ul className="divergence-next">
            <li>
              {label(a)} → <code>{where(d.a)}</code>
              {doing(lang, d.a)}
            </li>
            <li>
              {label(b)} → <code>{where(d.b)}</code>
              {doing(lang, d.b)}
            </li>
          </ul>
          {d.values.length > 0 ? (
            <>
              <h5>{t(lang, 'differedBefore')}</h5>
              <section
                className="divergence-scroll"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways on a phone must take focus (axe scrollable-region-focusable)
                tabIndex={0}
                aria-label={paneLabel(t(lang, 'differedBefore'), fn)}
              >
                <table className="divergence-values">
                  <thead>
                    <tr>
                      <th scope="col">{t(lang, 'differedName')}</th>
                      <th scope="col">{label(a)}</th>
                      <th scope="col">{label(b)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.values.map((v) => (
                      <tr
                        key={`${v.function}.${v.name}`}
                        data-testid="divergence-value"
                        data-name={v.name}
                      >
                        <th scope="row">
                          <code>
                            {v.function}.{v.name}
                          </code>
                        </th>
                        {SIDES.map((side) => (
                          <td key={side}>
                            {v[side] === null ? (
                              <em className="divergence-unbound">{t(lang, 'notBound')}</em>
                            ) : (
                              <code>{v[side]}</code>
                            )}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </>
          ) : null}
          <div className="divergence-jump">
            <button
              type="button"
              data-testid="divergence-jump-a"
              disabled={!d.a}
              onClick={() => d.a && jump(a, d.a.step)}
            >
              {t(lang, 'jumpInA')}
            </button>
            <button
              type="button"
              data-testid="divergence-jump-b"
              disabled={!d.b}
              onClick={() => d.b && jump(b, d.b.step)}
            >
              {t(lang, 'jumpInB')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** {@link DivergenceBox}, re-rendered only when its props change, not on every step. */
export const DivergenceView = memo(DivergenceBox);
