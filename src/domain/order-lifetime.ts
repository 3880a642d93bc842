import { invalidParam } from './refusals.js';

export const DEFAULT_SESSION_TIMEOUT_SECS = 1200;

/**
 * When an order stops accepting payment: `expirationDate` wins over `sessionTimeoutSecs`, which
 * wins over the merchant's setting (default 1200 s). An expiry in the past is refused.
 */
export function orderExpiresAtMs(input: {
  readonly nowMs: number;
  readonly expirationDateMs?: number;
  readonly sessionTimeoutSecs?: number;
  readonly merchantTimeoutSecs: number;
}): number {
  if (input.expirationDateMs !== undefined) {
    if (input.expirationDateMs <= input.nowMs) throw invalidParam('expirationDate', 'reason.future');
    return input.expirationDateMs;
  }
  return input.nowMs + (input.sessionTimeoutSecs ?? input.merchantTimeoutSecs) * 1000;
}
