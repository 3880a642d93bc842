import type { Executor } from '../../store-engine/index.js';

/**
 * Callback operations of gateway-facts §4.2 that payments emit. `success` becomes the callback's
 * `status` (1 success, 0 failure).
 */
export const CALLBACK_OPERATIONS = [
  'approved',
  'deposited',
  'reversed',
  'refunded',
  'declinedByTimeout',
  'bindingCreated',
  'bindingActivityChanged',
] as const;
export type CallbackOperation = (typeof CALLBACK_OPERATIONS)[number];

export interface PaymentEvent {
  readonly merchantId: string;
  readonly orderId: string;
  readonly orderNumber: string;
  readonly operation: CallbackOperation;
  readonly success: boolean;
  readonly amountMinor?: number;
  /** The order's dynamicCallbackUrl; payment events go there when set, else to the static address. */
  readonly dynamicCallbackUrl: string | null;
  /** Further parameters of the operation (binding events: bindingId, panMasked, enabled…). */
  readonly extra?: Readonly<Record<string, string>>;
  /** X-Request-Id of the request that caused the event; absent when a job did. */
  readonly requestId?: string;
}

/** The event of an order's movement: who, which order, what happened, and where it is announced. */
export function paymentEventFor(
  order: {
    readonly id: string;
    readonly merchant_id: string;
    readonly order_number: string;
    readonly dynamic_callback_url: string | null;
  },
  operation: CallbackOperation,
  success: boolean,
  amountMinor?: number,
  extra?: Readonly<Record<string, string>>,
): PaymentEvent {
  return {
    merchantId: order.merchant_id,
    orderId: order.id,
    orderNumber: order.order_number,
    operation,
    success,
    ...(amountMinor === undefined ? {} : { amountMinor }),
    dynamicCallbackUrl: order.dynamic_callback_url,
    ...(extra === undefined ? {} : { extra }),
  };
}

/** `event` as caused by the request `requestId` (none when a job caused it). */
export function causedBy(event: PaymentEvent, requestId: string | undefined): PaymentEvent {
  return requestId === undefined ? event : { ...event, requestId };
}

/**
 * A converted order's callbacks: `amount` stays in the order's currency (what the merchant
 * settles), and the card-currency side travels beside it as `dccAmount` and `dccCurrency`.
 */
export function dccSide(
  order: { readonly dcc_currency: string | null },
  dccAmountMinor: number | null | undefined,
): Readonly<Record<string, string>> | undefined {
  if (order.dcc_currency === null || dccAmountMinor === null || dccAmountMinor === undefined)
    return undefined;
  return { dccAmount: String(dccAmountMinor), dccCurrency: order.dcc_currency };
}

/** Writes a callback to the outbox inside the transaction of the change it reports. */
export type PaymentEventSink = (db: Executor, event: PaymentEvent, nowMs: number) => Promise<void>;
