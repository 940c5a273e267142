/**
 * Bring a panel's code into view after a jump made from far below or above it (a
 * prediction's replay, "jump there" in the divergence box): the status and the current
 * line are where the answer is, and the reader must not be left looking at a button.
 */

/**
 * Scroll the code column of the panel holding `from` into view, once the jump is drawn, and
 * take the keyboard focus there if it was on `from` (which has just scrolled out of sight):
 * to the code itself, whose keys step on from the line shown.
 */
export function revealCode(from: Element | null): void {
  const code = from?.closest('[data-testid=panel]')?.querySelector('.code-col');
  if (!code) return;
  requestAnimationFrame(() => {
    code.scrollIntoView({ block: 'nearest' });
    if (!from?.contains(document.activeElement)) return;
    // Monaco's input (an EditContext element, or a textarea where the browser has none),
    // or before Monaco arrives the plain listing's button of the current line (else its first).
    const input =
      code.querySelector<HTMLElement>('.monaco-editor .native-edit-context') ??
      code.querySelector<HTMLElement>('.monaco-editor textarea.inputarea') ??
      code.querySelector<HTMLElement>('.code-plain .current-ln') ??
      code.querySelector<HTMLElement>('.code-plain button');
    input?.focus({ preventScroll: true });
  });
}

/**
 * After a command from a key pressed away from the code (in a breakpoint's field, say),
 * bring the line it stopped on into sight if it is not: the reader stays where they typed,
 * the page shows where the run is. Two frames: React's, then Monaco's drawing of the line.
 */
export function revealCurrentLine(panel: Element): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const line = panel.querySelector(
        '.code-col .runs-next-line, .code-col .plain-line.is-current',
      );
      if (!line) return;
      const r = line.getBoundingClientRect();
      const top = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
      if (r.top >= (Number.isFinite(top) ? top : 0) && r.bottom <= window.innerHeight) return;
      line.scrollIntoView({ block: 'nearest' });
    }),
  );
}
