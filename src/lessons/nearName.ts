/**
 * Which name a misspelt one meant ("did you mean"): an edit distance for short names and
 * the rule for when a name is close enough. Pure, and small on purpose: the page needs it
 * (a lesson's "things to try" naming a scenario), so it stays apart from the schema's
 * messages in ./issues.ts, which only the checks load.
 */

/** Edit distance of two short names (insertions, deletions, substitutions, swaps). */
export function nameDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** How many edits a misspelling of a name as long as `key` may have. */
export const closeness = (key: string) => Math.max(1, Math.floor(key.length / 4));

/**
 * The one of `names` that `typed` most likely meant (a small edit away, or the start of
 * it: `first_neg` for `first_negative`), or undefined when none is close.
 */
export function nearName(typed: string, names: readonly string[]): string | undefined {
  const close = names.filter(
    (n) =>
      nameDistance(typed, n) <= closeness(typed) ||
      // one the start of the other, the shorter at least 3 long (`n` is no hint for `nowhere`)
      (Math.min(typed.length, n.length) >= 3 && (n.startsWith(typed) || typed.startsWith(n))),
  );
  return close.length === 1 ? close[0] : undefined;
}
