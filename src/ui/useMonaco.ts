import { useEffect, useState } from 'react';
import type { Monaco } from './monaco';

let loading: Promise<Monaco> | null = null;

/**
 * Monaco's own words (what a screen reader calls the code box, "编辑器" rather than
 * "editor") in the page's language, which must be in place before Monaco's modules run:
 * its Simplified Chinese table (30 kB gzip) for a Chinese page, nothing for English. They
 * stay as they were when Monaco loaded if the reader switches language afterwards.
 */
function monacoWords(): Promise<unknown> {
  if (!document.documentElement.lang.startsWith('zh')) return Promise.resolve();
  return import('monaco-editor/nls/lang/zh-cn').catch(() => undefined);
}
let announce: (loading: Promise<Monaco>) => void = () => {};
/** Settles with the loading promise once someone asks for Monaco. */
const requested = new Promise<Promise<Monaco>>((resolve) => {
  announce = resolve;
});

/**
 * Load Monaco once for the whole page. The page asks for it once Python has
 * loaded (or failed), so that its 3 MB chunk competes neither with the first
 * paint nor with Python's download; an editable view asks at once.
 */
export function loadMonaco(): Promise<Monaco> {
  if (!loading) {
    loading = monacoWords()
      .then(() => import('./monaco'))
      .then((m) => m.monaco);
    announce(loading);
  }
  return loading;
}

/**
 * Monaco when it has arrived, `null` until then (the plain listing is shown
 * meanwhile). `eager` loads it now instead of waiting for the page to ask.
 */
export function useMonaco(eager = false): Monaco | null {
  const [m, setM] = useState<Monaco | null>(null);
  useEffect(() => {
    let alive = true;
    const ready = eager ? loadMonaco() : requested.then((p) => p);
    ready.then((mod) => {
      if (alive) setM(mod);
    });
    return () => {
      alive = false;
    };
  }, [eager]);
  return m;
}
