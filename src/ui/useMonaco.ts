import { useEffect, useState } from 'react';
import type { Monaco } from './monaco';

let loading: Promise<Monaco> | null = null;

/** Load Monaco once for the whole page. */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco').then((m) => m.monaco);
  return loading;
}

/** Monaco when it has arrived, `null` until then (show the cheap view meanwhile). */
export function useMonaco(): Monaco | null {
  const [m, setM] = useState<Monaco | null>(null);
  useEffect(() => {
    let alive = true;
    loadMonaco().then((mod) => {
      if (alive) setM(mod);
    });
    return () => {
      alive = false;
    };
  }, []);
  return m;
}
