import { Fragment, useEffect, useRef, useState } from 'react';
import { type Lang, t } from '../../i18n';
import { inlineParts } from '../../lessons/inline';
import type { ResolvedPanel, ResolvedPrediction } from '../../lessons/lesson';
import { isAnswered, type PredictionReply } from '../../replay/predict';
import type { PanelActions } from '../../store/panelActions';
import type { PanelState } from '../../store/panels';
import { judgePrediction, waitingText } from '../../store/predictView';
import { paneLabel } from './paneLabel';
import { revealCode } from './reveal';

/** The reader's reply being typed, by question kind: nothing chosen yet. */
function emptyReply(p: ResolvedPrediction): PredictionReply {
  switch (p.ask.kind) {
    case 'hits':
      return { kind: 'hits', count: Number.NaN };
    case 'reached':
      return { kind: 'reached', reached: null };
    case 'output':
      return { kind: 'output', printed: [] };
    case 'value':
      return { kind: 'value', text: '' };
  }
}

function ReplyInput(props: {
  p: ResolvedPrediction;
  reply: PredictionReply;
  lang: Lang;
  onChange(r: PredictionReply): void;
}) {
  const { p, reply, lang, onChange } = props;
  const name = `predict-${p.id}`;
  if (reply.kind === 'hits')
    return (
      <label>
        <span>{t(lang, 'predictTimes')}</span>{' '}
        <input
          type="number"
          min={0}
          data-testid="predict-input"
          value={Number.isNaN(reply.count) ? '' : reply.count}
          onChange={(e) => onChange({ kind: 'hits', count: e.target.valueAsNumber })}
        />
      </label>
    );
  if (reply.kind === 'reached')
    return (
      <fieldset className="predict-choices">
        {[true, false].map((v) => (
          <label key={String(v)}>
            <input
              type="radio"
              name={name}
              data-testid={`predict-${v ? 'yes' : 'no'}`}
              checked={reply.reached === v}
              onChange={() => onChange({ kind: 'reached', reached: v })}
            />{' '}
            {t(lang, v ? 'predictYes' : 'predictNo')}
          </label>
        ))}
      </fieldset>
    );
  const choices = p.ask.kind === 'output' || p.ask.kind === 'value' ? p.ask.choices : undefined;
  if (reply.kind === 'output')
    return (
      <fieldset className="predict-choices">
        {(choices ?? []).map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              data-testid="predict-choice"
              checked={reply.printed.includes(c)}
              onChange={(e) =>
                onChange({
                  kind: 'output',
                  printed: e.target.checked
                    ? [...reply.printed, c]
                    : reply.printed.filter((x) => x !== c),
                })
              }
            />{' '}
            <code>{c}</code>
          </label>
        ))}
      </fieldset>
    );
  if (choices)
    return (
      <fieldset className="predict-choices">
        {choices.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={name}
              data-testid="predict-choice"
              checked={reply.text === c}
              onChange={() => onChange({ kind: 'value', text: c })}
            />{' '}
            <code>{c}</code>
          </label>
        ))}
      </fieldset>
    );
  return (
    <label>
      <span>{t(lang, 'predictValue')}</span>{' '}
      <input
        data-testid="predict-input"
        value={reply.text}
        onChange={(e) => onChange({ kind: 'value', text: e.target.value })}
      />
    </label>
  );
}

/**
 * Steps named as evidence: a line hit eleven times made eleven buttons, rows of them on a
 * phone. The first few say where to look; Continue walks the rest.
 */
const EVIDENCE_SHOWN = 5;

/** One question: the reader answers, then the panel replays to where the answer comes from. */
function Prediction(props: {
  p: ResolvedPrediction;
  panel: ResolvedPanel;
  state: PanelState;
  actions: PanelActions;
  lang: Lang;
}) {
  const { p, panel, state, actions, lang } = props;
  const [reply, setReply] = useState(() => emptyReply(p));
  const [asked, setAsked] = useState<PredictionReply | null>(null);
  const trace = state.traces[p.scenario]?.trace ?? null;
  const verdict = asked ? judgePrediction(lang, p, panel, trace, asked) : null;
  const scenarioLabel = panel.scenarios.find((s) => s.id === p.scenario)?.label[lang] ?? p.scenario;
  const first = verdict?.evidence[0];
  const item = useRef<HTMLLIElement>(null);

  // Once answered and recorded: replay to the first step the answer comes from, or, when
  // nothing in the run shows it (a line that never runs), through the whole run; and
  // bring the code, below the questions, into view.
  // The panel's notice, right above the code, says so there too: on a phone the verdict
  // under the question is a screen away from the code.
  // Once per answer: the question's trace is recorded again whenever the breakpoints'
  // probes change, and that must not replay the answer over whatever the reader is doing.
  const replayed = useRef<PredictionReply | null>(null);
  const answered = verdict !== null;
  const correct = verdict?.correct ?? false;
  useEffect(() => {
    if (!answered || replayed.current === asked) return;
    replayed.current = asked;
    if (first !== undefined) actions.jumpTo(first, { kind: 'predicted', correct });
    else actions.command('run');
    revealCode(item.current);
  }, [answered, asked, first, correct, actions]);

  return (
    <li className="prediction" data-testid="prediction" data-prediction={p.id} ref={item}>
      <p className="predict-question">
        {inlineParts(
          p.question[lang],
          (id) => panel.scenarios.find((s) => s.id === id)?.label[lang],
        ).map((part, i) =>
          part.kind === 'code' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            <code key={i}>{part.text}</code>
          ) : part.kind === 'scenario' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            <q key={i} className="predict-scenario-name">
              {part.text}
            </q>
          ) : (
            part.text
          ),
        )}{' '}
        <span className="predict-scenario">
          {t(lang, 'predictIn', { scenario: scenarioLabel })}
        </span>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (state.scenario !== p.scenario) actions.setScenario(p.scenario);
          setAsked(reply);
        }}
      >
        <ReplyInput p={p} reply={reply} lang={lang} onChange={setReply} />{' '}
        <button type="submit" data-testid="predict-check" disabled={!isAnswered(reply)}>
          {t(lang, 'predictCheck')}
        </button>
      </form>
      {asked && !verdict ? (
        <p role="status" data-testid="predict-waiting">
          {waitingText(lang, trace)}
        </p>
      ) : null}
      {verdict ? (
        <div
          className={`predict-verdict ${verdict.correct ? 'right' : 'wrong'}`}
          data-testid="predict-verdict"
          data-correct={verdict.correct}
          role="status"
        >
          <strong>{t(lang, verdict.correct ? 'predictRight' : 'predictWrong')}</strong>{' '}
          <span data-testid="predict-answer">{verdict.text}</span>
          {verdict.evidence.length > 0 ? (
            <span className="predict-evidence">
              {' '}
              {t(lang, 'answerEvidence')}{' '}
              {verdict.evidence.slice(0, EVIDENCE_SHOWN).map((e, i) => (
                <Fragment key={e}>
                  {i > 0 ? t(lang, 'listSeparator') : null}
                  <button
                    type="button"
                    data-testid="predict-evidence"
                    onClick={() => {
                      if (state.scenario !== p.scenario) actions.setScenario(p.scenario);
                      actions.jumpTo(e, { kind: 'predicted', correct: verdict.correct });
                      revealCode(item.current);
                    }}
                  >
                    {t(lang, 'step', { n: e + 1 })}
                  </button>
                </Fragment>
              ))}
              {verdict.evidence.length > EVIDENCE_SHOWN
                ? ` ${t(lang, 'moreItems', { n: verdict.evidence.length - EVIDENCE_SHOWN })}`
                : null}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The panel's prediction questions, above its toolbar (nothing when it has none). */
export function PredictBox(props: {
  predictions: readonly ResolvedPrediction[];
  panel: ResolvedPanel;
  state: PanelState;
  actions: PanelActions;
  lang: Lang;
}) {
  const mine = props.predictions.filter((p) => p.panel === props.panel.id);
  if (mine.length === 0) return null;
  return (
    <section
      className="predict-box"
      data-testid="predict-box"
      aria-label={paneLabel(t(props.lang, 'predictTitle'), props.panel.function)}
    >
      <h4>{t(props.lang, 'predictTitle')}</h4>
      <ol>
        {mine.map((p) => (
          <Prediction key={p.id} p={p} {...props} />
        ))}
      </ol>
    </section>
  );
}
