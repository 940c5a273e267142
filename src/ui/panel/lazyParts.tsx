/**
 * Parts of a panel that are not in the first download: each is fetched the first time it
 * has something to show (the service worker keeps them for offline use like the rest).
 */
import { type ComponentProps, lazy, Suspense } from 'react';

const Compare = lazy(() => import('./CompareTable').then((m) => ({ default: m.CompareTable })));

/** The table comparing scenarios, fetched once a breakpoint is on (before, it shows nothing). */
export function CompareTable(props: ComponentProps<typeof Compare>) {
  if (!props.breakpoints.some((b) => b.enabled)) return null;
  return (
    <Suspense fallback={null}>
      <Compare {...props} />
    </Suspense>
  );
}
