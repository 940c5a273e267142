import { useState } from 'react';
import { type Lang, t } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import type { LineEdit } from '../../lessons/lineShift';
import type { PanelActions } from '../../store/panelActions';
import type { PanelState } from '../../store/panels';
import { noticeText, type PanelViewModel } from '../../store/panelView';
import { CodeView } from '../CodeView';
import { LineLegend } from '../diagram/LineLegend';
import { Timeline } from './Timeline';

/** The code (focus function, or the file execution is in) and the timeline under it. */
export function CodeColumn(props: {
  panel: ResolvedPanel;
  view: PanelViewModel;
  state: PanelState;
  actions: PanelActions;
  lang: Lang;
  onCursorLine(line: number | null): void;
  /** Author mode: the source was edited (text, and the line edits for breakpoints). */
  onEdit(text: string): void;
  onEdits(edits: LineEdit[]): void;
}) {
  const { panel, view, state, actions, lang } = props;
  const { code, trace, hits } = view;
  const [wrap, setWrap] = useState(false);
  return (
    <div className="code-col" data-file={code.file}>
      {/* One row: the wrap switch, and where execution is when in another file. So Debug,
          and a step into a callee's file and back, never move the code. */}
      <div className="code-head">
        <label className="wrap-toggle">
          <input
            type="checkbox"
            checked={wrap}
            onChange={(e) => setWrap(e.target.checked)}
            data-testid="wrap-lines"
          />{' '}
          {t(lang, 'wrapLines')}
        </label>
        {code.nowIn ? (
          <div className="now-in" data-testid="now-in">
            {t(lang, 'nowIn')} <code>{code.nowIn.file}</code> · <code>{code.nowIn.function}</code>
          </div>
        ) : null}
      </div>
      <CodeView
        code={code.text}
        firstLine={code.firstLine}
        file={code.fileText}
        boxLines={code.boxLines}
        editable={code.editable}
        onChange={props.onEdit}
        onEdits={props.onEdits}
        markers={code.markers}
        breakpoints={code.gutter}
        currentLine={code.currentLine}
        justRanLine={code.justRanLine}
        highlight={code.highlight}
        onToggleBreakpoint={(line) => actions.toggleBreakpoint(code.file, line)}
        onCursorLine={props.onCursorLine}
        ariaLabel={
          code.nowIn
            ? `${code.nowIn.file} · ${code.nowIn.function}`
            : `${panel.source} · ${panel.function}`
        }
        lang={lang}
        wrap={wrap}
      />
      {view.paused ? <LineLegend lang={lang} noteLines={code.highlight !== null} /> : null}
      {trace && hits ? (
        <Timeline
          trace={trace}
          position={state.position}
          stops={hits.stops}
          callStart={view.callStart}
          onJump={actions.jumpTo}
          onGoToStep={actions.goToStep}
          jumpError={view.stepOutOfRange ? noticeText(lang, view.stepOutOfRange) : null}
          fn={panel.function}
          lang={lang}
        />
      ) : null}
    </div>
  );
}
