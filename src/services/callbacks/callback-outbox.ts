import type { RandomSource } from '../../domain/random-source.js';
import { CallbackRepository } from '../../store/callback-repository.js';
import type { Executor } from '../../store-engine/index.js';
import type { CallbackRow } from '../../store/schema.js';
import type { CallbackOperation, PaymentEvent } from './payment-event.js';

/** Operations about stored credentials: they always go to the static address (merchant-api.md, Events 3). */
const BINDING_OPERATIONS: readonly CallbackOperation[] = ['bindingCreated', 'bindingActivityChanged'];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** Java's Date.toString() in UTC, the shape of `callbackCreationDate`: `Mon Jan 31 21:46:52 UTC 2022`. */
export function javaDateText(ms: number): string {
  const date = new Date(ms);
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map(twoDigits).join(':');
  return [
    WEEKDAYS[date.getUTCDay()],
    MONTHS[date.getUTCMonth()],
    twoDigits(date.getUTCDate()),
    time,
    'UTC',
    String(date.getUTCFullYear()),
  ].join(' ');
}

/** An outbox row due now, never tried; the address is read by the insert (enqueueToMerchant). */
function pendingRow(callback: {
  id: string;
  merchantId: string;
  orderId: string | null;
  operation: string;
  params: Record<string, string>;
  nowMs: number;
  requestId: string | null;
}): Omit<CallbackRow, 'url'> {
  return {
    id: callback.id,
    merchant_id: callback.merchantId,
    order_id: callback.orderId,
    operation: callback.operation,
    params: JSON.stringify(callback.params),
    state: 'pending',
    attempts: 0,
    next_attempt_at_ms: callback.nowMs,
    claimed_until_ms: null,
    last_error: null,
    created_at_ms: callback.nowMs,
    delivered_at_ms: null,
    request_id: callback.requestId,
  };
}

/**
 * Writes the callback for `event` into the outbox through `db`, which must be the transaction of
 * the state change it reports: both commit or neither does, so a change is never left without its
 * callback and no callback announces a change that was rolled back. The checksum is not stored; the
 * delivery job computes it per attempt with the merchant's current key and signing setting.
 * Returns the callback id, or undefined when the merchant has no callback address (callbacks off).
 */
export async function enqueuePaymentCallback(
  db: Executor,
  event: PaymentEvent,
  nowMs: number,
  ids: RandomSource,
): Promise<string | undefined> {
  // Binding events always go to the merchant's static address; payment events to the order's
  // dynamicCallbackUrl when it has one. The address is read by the insert (enqueueToMerchant).
  const address = BINDING_OPERATIONS.includes(event.operation) ? null : event.dynamicCallbackUrl;
  // gateway-facts §4.2: the core parameters, then the optional ones this gateway always sends.
  // A card stored without a payment (createBindingNoPayment.do) has no order to name.
  const withOrder = event.orderId !== '';
  // Members are added in order rather than spread into a literal: on Node 20, members written
  // after a spread cost microseconds each (docs/history/performance-journal.md, change 10).
  const params: Record<string, string> = {};
  if (withOrder) {
    params.mdOrder = event.orderId;
    params.orderNumber = event.orderNumber;
  }
  params.operation = event.operation;
  params.status = event.success ? '1' : '0';
  if (event.amountMinor !== undefined) params.amount = String(event.amountMinor);
  params.callbackCreationDate = javaDateText(nowMs);
  Object.assign(params, event.extra);
  const id = ids.uuid();
  const row = pendingRow({
    id,
    merchantId: event.merchantId,
    orderId: withOrder ? event.orderId : null,
    operation: event.operation,
    params,
    nowMs,
    requestId: event.requestId ?? null,
  });
  const written = await CallbackRepository.enqueueToMerchant(db, row, address);
  if (!written) return undefined;
  return id;
}

/** The `operation` of a test callback: in no list of the spec, so a merchant's handler can tell it apart. */
export const TEST_CALLBACK_OPERATION = 'test';

/**
 * Writes a test callback for the merchant's static callback address (an operator's "send test
 * callback"): `operation=test`, `status=1` and `callbackCreationDate`, no order, so no `mdOrder`,
 * `orderNumber` or `amount`. The delivery job signs and sends it like any other (the merchant's
 * checksum scheme and method, the same retries). `id` is the operator's action key: a second run
 * of the unit finds the row there and writes nothing. False when the merchant has no address.
 */
export async function enqueueTestCallback(
  db: Executor,
  merchantId: string,
  id: string,
  nowMs: number,
): Promise<boolean> {
  const params: Record<string, string> = {
    operation: TEST_CALLBACK_OPERATION,
    status: '1',
    callbackCreationDate: javaDateText(nowMs),
  };
  const row = pendingRow({
    id,
    merchantId,
    orderId: null,
    operation: TEST_CALLBACK_OPERATION,
    params,
    nowMs,
    requestId: null,
  });
  return CallbackRepository.enqueueToMerchant(db, row, null);
}
