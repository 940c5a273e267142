/** Small statistics helpers for the bench. Pure functions over numbers. */

/** The `q` quantile (0..1) of `xs` by linear interpolation; NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** The median of `xs`. */
export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/** Median, spread and count of repeated measurements. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** p25 and p75: the spread a reader should trust more than min/max. */
  p25: number;
  p75: number;
  p95: number;
  n: number;
}

/** Summarise repeated measurements. */
export function summarize(xs: readonly number[]): Summary {
  return {
    median: median(xs),
    min: xs.length ? Math.min(...xs) : Number.NaN,
    max: xs.length ? Math.max(...xs) : Number.NaN,
    p25: quantile(xs, 0.25),
    p75: quantile(xs, 0.75),
    p95: quantile(xs, 0.95),
    n: xs.length,
  };
}
