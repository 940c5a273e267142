/**
 * Remove the prerendered article (the shell) once the app shows the page instead: the
 * first panel rendered its view, or the page shows something with no panel (an error, a
 * lesson that could not arrive, a lesson without panels), or something crashed. Called
 * in layout effects, so that the shell and the app swap within one frame.
 */
export function releaseShell(): void {
  if (typeof document === 'undefined' || !document.documentElement.dataset.shell) return;
  document.getElementById('shell')?.remove();
  delete document.documentElement.dataset.shell;
}
