/**
 * The app itself, and the order in which the rest arrives: first the lesson and its
 * shipped traces (a reader can replay at once), then Python when the page is idle,
 * then Monaco and the offline cache once Python has loaded (or failed), so that
 * neither competes with the first paint or with Python's download.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmUpWhenIdle, whenPythonSettles } from './runtime';
import { setUpOffline } from './runtime/offline';
import { startStateSync } from './store/lessons';
import { App } from './ui/App';
import { loadMonaco } from './ui/useMonaco';
import './ui/styles.css';

/** Render the app into #root and schedule what comes after. */
export function boot(): void {
  startStateSync();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  warmUpWhenIdle();
  const settled = whenPythonSettles();
  settled.then(() => loadMonaco());
  setUpOffline(settled);
}
