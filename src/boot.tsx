/**
 * The app itself: rendered once the Python worker has been started by
 * main.tsx, so that Pyodide's download begins before React and the lessons
 * are even parsed.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './store/app';
import { loadCatalog } from './store/catalog';
import { loadDrafts } from './store/drafts';
import { startPanelSync } from './store/panelStore';
import { currentAddress, startUrlSync } from './store/urlSync';
import { App } from './ui/App';
import './ui/styles.css';
import './ui/student.css';

/** Render the app into #root. */
export function boot(): void {
  // Each store starts here, in this order; importing a module under src/ starts nothing.
  startUrlSync();
  loadDrafts(currentAddress().author);
  loadCatalog();
  startApp();
  startPanelSync();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
