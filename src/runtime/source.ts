/**
 * The page's one trace source: this build's shipped traces first, then the Python
 * worker (started only when a trace is not shipped). See ./shipped.ts.
 */
import { environment, shippedTraces } from 'virtual:shipped-traces';
import { getRuntime } from './index';
import { createTraceSource, type TraceSource } from './shipped';

/** Shipped traces when the build has them, live recording otherwise. */
export const traceSource: TraceSource = createTraceSource({
  environment,
  shipped: shippedTraces,
  live: getRuntime,
});
