/**
 * What a control of the reference diagram does, written on it as `data-action` and run by
 * one delegated click handler (the picture's and its text alternative's): so the controls
 * need no callback of their own, and the memoised boxes and items that hold them are not
 * drawn again when the handlers change. One owner for the format:
 * `expand:<id>`, `globals:<frameKey>`, `name:<frameKey>:<name>`, `object:<id>`.
 */
import type { HeapDiagramProps } from './HeapDiagram';

/** Show every item of object `id`. */
export const expandAction = (id: number) => `expand:${id}`;
/** Show every name of the folded globals of frame `frameKey`. */
export const globalsAction = (frameKey: string) => `globals:${frameKey}`;
/** The history of `name` in frame `frameKey`. */
export const nameAction = (frameKey: string, name: string) => `name:${frameKey}:${name}`;
/** The history of object `id`. */
export const objectAction = (id: number) => `object:${id}`;

/** The handlers an action reaches. */
export type ActionHandlers = Pick<HeapDiagramProps, 'onExpand' | 'onOpenGlobals' | 'onHistory'>;

/** Run the action of the control a click landed in (nothing when it landed elsewhere). */
export function runActionAt(target: EventTarget, handlers: ActionHandlers): void {
  const action = (target as Element).closest?.('[data-action]')?.getAttribute('data-action');
  if (action) runAction(action, handlers);
}

/** Run one `data-action`. */
export function runAction(action: string, { onExpand, onOpenGlobals, onHistory }: ActionHandlers) {
  const [kind, a, ...rest] = action.split(':');
  if (kind === 'expand') onExpand(Number(a));
  else if (kind === 'globals') onOpenGlobals(a);
  else if (kind === 'name') onHistory?.({ kind: 'name', frameKey: a, name: rest.join(':') });
  else if (kind === 'object') onHistory?.({ kind: 'object', id: Number(a) });
}
