import { ORDER_STATUS } from './order-status.js';

/**
 * Money movements after an authorization (gateway-facts §1.2). Each is applied by one guarded
 * UPDATE whose WHERE clause is the rule below, so concurrent requests can never take an order
 * past these bounds: captured ≤ approved, refunded ≤ captured, one capture, one full reversal.
 */
export const LIFECYCLE_RULES = {
  /** A hold (1) is captured once, fully or partly: amount 0 means the whole approved amount. */
  deposit: { from: [ORDER_STATUS.approved], to: ORDER_STATUS.deposited },
  /** A hold, or a payment not yet refunded, is reversed; a partial reversal of a hold keeps it held. */
  reverse: { from: [ORDER_STATUS.approved, ORDER_STATUS.deposited], to: ORDER_STATUS.reversed },
  /** Refunds, partial and repeated, up to the deposited amount; any refund makes the order 4. */
  refund: { from: [ORDER_STATUS.deposited, ORDER_STATUS.refunded], to: ORDER_STATUS.refunded },
  /** An order nobody has started paying is cancelled. */
  decline: { from: [ORDER_STATUS.registered], to: ORDER_STATUS.declined },
} as const;

export type LifecycleOperation = keyof typeof LIFECYCLE_RULES;

/** "amount 0 means the full amount" (gateway-facts §2.1, §2.3). */
export function effectiveAmount(requestedMinor: number, fullMinor: number): number {
  return requestedMinor === 0 ? fullMinor : requestedMinor;
}
