/**
 * Which lines a panel's code view shows, and how tall its box is (pure; used by the panel
 * view selector, panelView.ts).
 *
 * Paused, the view shows the focus function or, when execution is elsewhere, the whole file
 * it is in. The box keeps the focus function's height throughout: another file is shown in
 * the same box, scrolled to the current line. Sized to each view in turn, the box grew and
 * shrank at every step into or out of a callee; later it grew to the tallest view so far
 * and kept it, which still moved the article (and the timeline under a dragging pointer)
 * whenever a run first reached a longer file, and left empty lines under the function.
 */
import type { ResolvedPanel } from '../lessons/lesson';
import type { PositionView } from './selectors';

/** Lines in a text as the code view numbers them (after a final newline, an empty one). */
export function lineCount(text: string): number {
  return text.split('\n').length;
}

/** The lines of the panel that are shown when execution is not elsewhere. */
export function focusRange(
  panel: ResolvedPanel,
  files: Readonly<Record<string, string>>,
  author: boolean,
) {
  if (author) return { file: panel.source, start: 1, end: lineCount(files[panel.source] ?? '') };
  return { file: panel.source, ...panel.functionRange };
}

const sliceCache = new Map<string, { text: string; slice: string }>();

/** Lines `start..end` of `text`, memoised (the same slice is asked for at every step). */
export function sliceLines(text: string, start: number, end: number): string {
  const key = `${start}:${end}:${text.length}`;
  const hit = sliceCache.get(key);
  if (hit && hit.text === text) return hit.slice;
  const slice = text
    .split('\n')
    .slice(start - 1, end)
    .join('\n');
  if (sliceCache.size > 64) sliceCache.clear();
  sliceCache.set(key, { text, slice });
  return slice;
}

/** Which file and lines are shown: the focus, or the whole file execution is in. */
export function shownRange(
  panel: ResolvedPanel,
  files: Readonly<Record<string, string>>,
  author: boolean,
  pos: PositionView | null,
  paused: boolean,
): { file: string; start: number; end: number } {
  const focus = focusRange(panel, files, author);
  if (!pos || !paused) return focus;
  if (pos.file === panel.source && pos.line >= focus.start && pos.line <= focus.end) return focus;
  const text = files[pos.file];
  return text === undefined ? focus : { file: pos.file, start: 1, end: lineCount(text) };
}
