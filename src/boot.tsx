/**
 * The app itself, and the order in which the rest arrives: first the lesson (compiled by
 * the build) and its shipped traces (a reader can replay at once), then Python when the page is idle,
 * then Monaco and the offline cache once Python has loaded (or failed), so that
 * neither competes with the first paint or with Python's download.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './store/app';
import { followAuthorMode } from './store/authorTools';
import { followShownLesson } from './store/catalog';
import { startShippedCatalog } from './store/catalogShipped';
import { loadDrafts } from './store/drafts';
import { loadKept } from './store/keptAside';
import { loadMyScenarios } from './store/myScenarioStore';
import { startWarmUp } from './store/offline';
import { startPanelSync } from './store/panelStore';
import { startTraceWarmup } from './store/traceWarmup';
import { currentAddress, startUrlSync } from './store/urlSync';
import { App } from './ui/App';
import { loadMonaco } from './ui/useMonaco';
import './ui/styles.css';
import './ui/student.css';
import './ui/student-phone.css';

/** Render the app into #root and schedule what comes after. */
export function boot(): void {
  // Each store starts here, in this order; importing a module under src/ starts nothing.
  startUrlSync();
  loadKept(); // before the stores that set unreadable entries aside
  loadDrafts(currentAddress());
  loadMyScenarios();
  startShippedCatalog();
  followShownLesson();
  followAuthorMode();
  startApp();
  startPanelSync();
  startTraceWarmup();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  startWarmUp(() => void loadMonaco());
}
