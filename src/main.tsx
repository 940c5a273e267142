/**
 * Entry point. Starts Python first (the worker loads Pyodide while the reader
 * reads), then loads and renders the app.
 */
import { getRuntime } from './runtime';

getRuntime();
import('./boot').then(({ boot }) => boot());
