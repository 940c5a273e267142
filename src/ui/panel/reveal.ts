/**
 * Bring a panel's code into view after a jump made from far below or above it (a
 * prediction's replay, "jump there" in the divergence box): the status and the current
 * line are where the answer is, and the reader must not be left looking at a button.
 */

/** Scroll the code column of the panel holding `from` into view, once the jump is drawn. */
export function revealCode(from: Element | null): void {
  const code = from?.closest('[data-testid=panel]')?.querySelector('.code-col');
  if (!code) return;
  requestAnimationFrame(() => code.scrollIntoView({ block: 'nearest' }));
}
