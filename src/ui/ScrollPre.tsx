import type { HTMLAttributes } from 'react';

/**
 * A `<pre>` that may scroll: it is in the tab order, so a keyboard user can reach and
 * scroll it (axe: scrollable-region-focusable).
 */
export function ScrollPre(props: HTMLAttributes<HTMLPreElement>) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
  return <pre tabIndex={0} {...props} />;
}
