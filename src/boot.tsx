/**
 * The app itself: rendered once the Python worker has been started by
 * main.tsx, so that Pyodide's download begins before React and the lessons
 * are even parsed.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startStateSync } from './store/lessons';
import { App } from './ui/App';
import './ui/styles.css';
import './ui/student.css';

/** Render the app into #root. */
export function boot(): void {
  startStateSync();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
