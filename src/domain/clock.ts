/** Time as the core sees it; tests inject a frozen or stepping clock. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

/**
 * Where a merchant's work runs on the merchant's own clock (the sandbox's test clocks, issue 45),
 * and the real clock that protects the process meanwhile (leases, backoff, timeouts).
 */
export interface MerchantScope {
  readonly real: Clock;
  /** Runs `work` on the merchant's clock (at `offsetMs` ahead of real time, when given). */
  within<T>(merchantId: string, work: () => T, offsetMs?: number): T;
  /** The merchants whose clocks read ahead of real time, with their offsets. */
  advanced(): [merchantId: string, offsetMs: number][];
}

/** No test clocks: every merchant reads `clock`. */
export function realTimeOnly(clock: Clock): MerchantScope {
  return { real: clock, within: (_merchantId, work) => work(), advanced: () => [] };
}
