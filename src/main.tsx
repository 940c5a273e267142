import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getRuntime } from './runtime';
import { startStateSync } from './store/lessons';
import { App } from './ui/App';
import './ui/styles.css';

// Start Python before React renders: it loads while the reader reads.
getRuntime();
startStateSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
