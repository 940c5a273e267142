/**
 * The panes under a panel's code, in order. Every pane is a component of `PaneProps`:
 * it renders from the panel view model (src/store/panelView.ts) and calls the panel's
 * bound actions; it computes nothing the view model could.
 *
 * To add a pane: write `src/ui/panel/MyPane.tsx` exporting `function MyPane(props:
 * PaneProps)`, add a row to `PANES` below, and add its strings under src/i18n/strings/.
 * Each pane sits in its own error boundary: a failing pane never takes the panel down.
 */
import type { ComponentType } from 'react';
import type { Lang } from '../../i18n';
import type { ResolvedPanel } from '../../lessons/lesson';
import type { PanelActions } from '../../store/panelActions';
import type { PanelState } from '../../store/panels';
import type { PanelViewModel } from '../../store/panelView';
import { CallStackPane } from './CallStackPane';
import { DiagramPane } from './DiagramPane';
import { OutputPane } from './OutputPane';
import { VariablesPane } from './VariablesPane';

/** What every pane receives. */
export interface PaneProps {
  /** Everything the panel shows, computed by `selectPanelView`. */
  view: PanelViewModel;
  /** The panel's store state (breakpoints, scenario, traces of every scenario). */
  state: PanelState;
  panel: ResolvedPanel;
  actions: PanelActions;
  lang: Lang;
}

/** One pane of the panel. */
export interface PaneDef {
  id: string;
  Component: ComponentType<PaneProps>;
}

/** The panes, in the order they appear. */
export const PANES: readonly PaneDef[] = [
  { id: 'variables', Component: VariablesPane },
  { id: 'callstack', Component: CallStackPane },
  { id: 'output', Component: OutputPane },
  { id: 'diagram', Component: DiagramPane },
];
