/**
 * Which lines a panel's code view shows, and how tall its box is (pure; used by the panel
 * view selector, panelView.ts).
 *
 * Paused, the view shows the focus function or, when execution is elsewhere, the whole file
 * it is in. Sized to each in turn, the box grew and shrank at every step into or out of a
 * callee, moving the article under the reader and costing the step a relayout of the page.
 * Paused, it is now as tall as the tallest view of the run so far: it grows when execution
 * first reaches a longer view and keeps that height as the reader steps on. (With the
 * editor keeping the whole file, ui/codeModel.ts, a random jump in the million-event bench
 * went from 16–18 ms to 5–9 ms at the median.) It is not sized for the whole run at once:
 * growing at Debug cost the Debug ~7 ms of Monaco and page layout.
 */
import type { LineRange, ResolvedPanel } from '../lessons/lesson';
import type { Trace } from '../trace/trace';
import { firstFocusEvent } from './recording';
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

const growthCache = new WeakMap<Trace, Map<string, Int32Array>>();

/**
 * Where the tallest view so far grows, walking `trace` from the focus function's first
 * call: pairs of (event, lines), events increasing. A view shows the focus range while
 * execution is in it, otherwise the whole file it is in (when the panel has that file),
 * else the focus. One pass over the events' file and line columns, cached per trace,
 * focus and files' lengths; a handful of pairs (at most one per file).
 */
function growthOf(
  trace: Trace,
  source: string,
  fn: string,
  focus: LineRange,
  files: Readonly<Record<string, string>>,
): Int32Array {
  const focusLines = focus.end - focus.start + 1;
  // Per file index of the trace: its line count if the panel can show it, else the focus.
  const linesOf = trace.meta.files.map((f) =>
    files[f] === undefined ? focusLines : lineCount(files[f]),
  );
  const key = `${source}\n${fn}\n${focus.start}\n${focus.end}\n${linesOf.join(',')}`;
  const perFocus = growthCache.get(trace) ?? new Map<string, Int32Array>();
  growthCache.set(trace, perFocus);
  const hit = perFocus.get(key);
  if (hit) return hit;
  const sourceIndex = trace.meta.files.indexOf(source);
  const { file, line, length } = trace;
  const inFocus = (i: number) =>
    file[i] === sourceIndex && line[i] >= focus.start && line[i] <= focus.end;
  // From the focus function's first call, where stepping begins: what ran before it (the
  // setup, the modules being imported) is not part of the reader's walk.
  const start = firstFocusEvent(trace, { file: source, fn });
  const most = Math.max(focusLines, ...linesOf);
  const pairs = [start, focusLines];
  let tallest = focusLines;
  for (let i = start; i < length && tallest < most; i++) {
    if (inFocus(i)) continue;
    if (linesOf[file[i]] > tallest) {
      tallest = linesOf[file[i]];
      pairs.push(i, tallest);
    }
  }
  const growth = Int32Array.from(pairs);
  perFocus.set(key, growth);
  return growth;
}

/**
 * The most lines any step of `trace` from the focus function's first call up to `position`
 * shows (at least the focus's): the height of the code box while paused there, with the
 * lines of the view at `position` itself. Stepping on, it only grows, and only when
 * execution first reaches a longer view; a Debug that stops in the focus function before
 * any callee ran does not resize it.
 */
export function tallestSoFar(
  trace: Trace,
  focus: { file: string; fn: string } & LineRange,
  files: Readonly<Record<string, string>>,
  position: number,
): number {
  const growth = growthOf(trace, focus.file, focus.fn, focus, files);
  let lines = growth[1];
  for (let k = 2; k < growth.length && growth[k] <= position; k += 2) lines = growth[k + 1];
  return lines;
}
