/**
 * The accessible name of one part of a panel: what the part is, then the panel's function.
 * A lesson page holds several panels, and each names its variables, output, diagram and
 * boxes the same way; the function keeps two panels' landmarks apart for a screen reader
 * (axe `landmark-unique`).
 */
export function paneLabel(what: string, fn: string): string {
  return `${what} · ${fn}`;
}
