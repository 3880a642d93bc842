import { isDatabaseUnreachable, type ReadinessProbe } from '../store-engine/index.js';

/**
 * Whether this node can serve, as `/ready` answers it: `reason` is fit for anyone, `detail` goes
 * only to the log and the metrics port. The store's probe finds it out; the HTTP layer sees it here.
 */
export type Readiness = Awaited<ReturnType<ReadinessProbe['check']>>;

/**
 * Whether an error means the gateway cannot serve now but may in a few seconds (its database cannot
 * be reached, or is a standby): the HTTP layer answers it 503 with Retry-After rather than as a
 * refusal, and never learns what a database error looks like.
 */
export function unavailableForNow(error: unknown): boolean {
  return isDatabaseUnreachable(error);
}
