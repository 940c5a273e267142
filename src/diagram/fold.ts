/**
 * The globals, folded. A lesson's setup binds a score of globals (the scenario, stand-ins,
 * helpers); drawn first, they bury the frame being stepped under a fan of arrows. While a
 * call is on the stack, the diagram keeps the globals that the code on screen names (the
 * registry a function reads) and those that refer to an object the calls reach too (the
 * aliasing a lesson shows: the caller's dict and the callee's parameter are one box), and
 * counts the rest in a "… N more" row that opens them. Pure: the layout draws whatever
 * names this leaves.
 */
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

/** The identifiers a piece of code names (words in its comments and strings too). */
export function namesIn(code: string): Set<string> {
  return new Set(code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
}
