import type { MerchantScope } from '../domain/clock.js';

/** One look for due work: every merchant's on real time, or one merchant's on its test clock. */
export interface ClockPass {
  /** Undefined: every merchant, by real time (what is due then is due on every clock, as none runs behind). */
  readonly merchantId?: string;
  readonly nowMs: number;
}

/**
 * The passes a job's run makes (issue 45): real time for everyone, then each merchant whose test
 * clock is ahead, by its own now and filtered to its orders. The due-work queries read the
 * indexes of live work (unpaid orders by expiry, holds by automatic date, pending callbacks), so
 * a merchant's pass reads that work and none of the merchant's history.
 */
export function clockPasses(scope: MerchantScope): ClockPass[] {
  const realMs = scope.real.nowMs();
  return [
    { nowMs: realMs },
    ...scope.advanced().map(([merchantId, offsetMs]) => ({ merchantId, nowMs: realMs + offsetMs })),
  ];
}
