export type PaymentOutcome = 'approved' | 'declined' | 'unknown';

/**
 * What the money and 3-D Secure services report once an outcome is committed (the metrics
 * implement it). Every value is from a bounded set: a payment way, a currency code, a decline
 * reason of the catalogue, a channel, a flow, a transStatus.
 */
export interface MoneyObserver {
  /** A payment (or the debit of a transfer) decided; `reason` is the decline's. */
  payment(way: string, outcome: PaymentOutcome, currency: string, reason?: string): void;
  /** A 3-D Secure authentication ended: frictionless (the ARes), challenge (the RReq), or error. */
  authentication(
    channel: 'browser' | 'app',
    flow: 'frictionless' | 'challenge' | 'error',
    transStatus: string,
  ): void;
}

/** Reports nothing: services built without metrics (unit tests). */
export const NO_MONEY_OBSERVER: MoneyObserver = {
  payment: () => undefined,
  authentication: () => undefined,
};
