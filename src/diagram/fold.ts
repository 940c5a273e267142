/**
 * The globals, folded. A lesson's setup binds a score of globals (the scenario, stand-ins,
 * helpers); drawn first, they bury the frame being stepped under a fan of arrows. While a
 * call is on the stack, the diagram keeps the globals that the function being stepped
 * names (the registry it reads; `scopeOf` cuts it from the file on screen) and those that
 * refer to an object the calls reach too (the aliasing a lesson shows: the caller's dict
 * and the callee's parameter are one box), and counts the rest in a "… N more" row that
 * opens them. Pure: the layout draws whatever names this leaves.
 */
import { PY_NAME } from '../lessons/basics';
import type { DiagramInput } from './model';

/** The objects reachable from `roots` through the slots the input holds. */
function reachable(input: DiagramInput, roots: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const s of input.objects.get(id)?.slots ?? [])
      if ('ref' in s.value) stack.push(s.value.ref);
  }
  return seen;
}

/**
 * `input` with the module frame's names cut to those in `named` (the identifiers of the
 * code on screen) or sharing an object with the calls, unless nothing is on the stack but
 * the module, the module frame is the selected one, or the reader opened it (`open` holds
 * its key). The frame's `hidden` counts the names cut.
 */
export function foldGlobals(
  input: DiagramInput,
  open: ReadonlySet<string>,
  named: ReadonlySet<string> = new Set(),
): DiagramInput {
  const calls = input.frames.filter((f) => !f.module);
  const fold = (key: string) => calls.length > 0 && !open.has(key) && input.selectedFrame !== key;
  if (!input.frames.some((f) => f.module && fold(f.key))) return input;
  const roots = calls.flatMap((f) =>
    f.names.flatMap((n) => ('ref' in n.value ? [n.value.ref] : [])),
  );
  const shared = reachable(input, roots);
  return {
    ...input,
    frames: input.frames.map((f) => {
      if (!f.module || !fold(f.key)) return f;
      const names = f.names.filter(
        (n) => named.has(n.label) || ('ref' in n.value && shared.has(n.value.ref)),
      );
      return { ...f, names, hidden: f.names.length - names.length };
    }),
  };
}

/** Every Python name in code, wherever it stands. */
const NAMES = new RegExp(PY_NAME, 'gu');

/** The identifiers a piece of code names (words in its comments and strings too). */
export function namesIn(code: string): Set<string> {
  return new Set(code.match(NAMES) ?? []);
}

const DEF = /^\s*(?:async\s+)?def\s/;
const indentOf = (s: string) => s.length - s.trimStart().length;
const blank = (s: string) => s.trim() === '' || s.trimStart().startsWith('#');
/** A line that closes brackets opened above (a signature's `):`) leaves no block. */
const closing = (s: string) => /^\s*[)\]}]/.test(s);

/**
 * The code the globals are folded by: of `text` (file lines from `firstLine` on), the
 * innermost function around file line `line`, from its `def` to the end of its body. A
 * whole setup file names nearly every global it binds; the function being stepped names
 * the few it reads. The whole text when `line` is outside it or in no function.
 */
export function scopeOf(text: string, firstLine: number, line: number): string {
  const lines = text.split('\n');
  let at = line - firstLine;
  if (at < 0 || at >= lines.length) return text;
  while (at > 0 && blank(lines[at])) at--;
  let indent = indentOf(lines[at]);
  let def = DEF.test(lines[at]) ? at : -1;
  for (let k = at - 1; def < 0 && k >= 0 && indent > 0; k--) {
    if (blank(lines[k]) || closing(lines[k]) || indentOf(lines[k]) >= indent) continue;
    indent = indentOf(lines[k]);
    if (DEF.test(lines[k])) def = k;
  }
  if (def < 0) return text;
  const own = indentOf(lines[def]);
  let end = def + 1;
  const inside = (s: string) => blank(s) || closing(s) || indentOf(s) > own;
  while (end < lines.length && inside(lines[end])) end++;
  return lines.slice(def, end).join('\n');
}
