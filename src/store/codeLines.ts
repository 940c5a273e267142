/**
 * Which lines a panel's code view shows, and how tall its box is (pure; used by the panel
 * view selector, panelView.ts).
 *
 * Paused, the view shows the focus function or, when execution is elsewhere, the whole file
 * it is in. Sized to each in turn, the box grew and shrank at every step into or out of a
 * callee, moving the article under the reader and costing the step a relayout of the page.
 * Paused, it is now as tall as the tallest view the run will show, from the first paused
 * step to the last. (With the editor keeping the whole file, ui/codeModel.ts, a random jump
 * in the million-event bench went from 16–18 ms to 5–9 ms at the median.)
 */
import type { LineRange, ResolvedPanel } from '../lessons/lesson';
import type { Trace } from '../trace/trace';
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

const tallestCache = new WeakMap<Trace, Map<string, number>>();

/**
 * The most lines any paused step of `trace` shows: the focus range while execution is in
 * it, otherwise the whole file it is in (when the panel has that file), else the focus.
 * One pass over the events' file and line columns, cached per trace, focus and files' lengths.
 */
export function tallestView(
  trace: Trace,
  source: string,
  focus: LineRange,
  files: Readonly<Record<string, string>>,
): number {
  const focusLines = focus.end - focus.start + 1;
  // Per file index of the trace: its line count if the panel can show it, else the focus.
  const linesOf = trace.meta.files.map((f) =>
    files[f] === undefined ? focusLines : lineCount(files[f]),
  );
  const key = `${source}\n${focus.start}\n${focus.end}\n${linesOf.join(',')}`;
  const perFocus = tallestCache.get(trace) ?? new Map<string, number>();
  tallestCache.set(trace, perFocus);
  const hit = perFocus.get(key);
  if (hit !== undefined) return hit;
  const sourceIndex = trace.meta.files.indexOf(source);
  const { file, line, length } = trace;
  const most = Math.max(focusLines, ...linesOf);
  let tallest = focusLines;
  for (let i = 0; i < length && tallest < most; i++) {
    const f = file[i];
    if (f === sourceIndex && line[i] >= focus.start && line[i] <= focus.end) continue;
    if (linesOf[f] > tallest) tallest = linesOf[f];
  }
  perFocus.set(key, tallest);
  return tallest;
}
