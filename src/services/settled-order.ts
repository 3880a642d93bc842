import { ORDER_STATUS } from '../domain/order-status.js';
import type { OrderRow } from '../store/schema.js';

/** How long a second caller waits for the attempt in flight on an order to write its outcome. */
export const SETTLE_ORDER_WAIT_MS = 30_000;
export const SETTLE_ORDER_POLL_MS = 50;

/** Claimed by a payment attempt whose outcome is not written yet. */
function isPaymentInFlight(order: OrderRow): boolean {
  return (
    order.payment_attempt_id !== null &&
    (order.status === ORDER_STATUS.registered || order.status === ORDER_STATUS.acsStarted)
  );
}

/**
 * The order once no payment attempt is in flight on it, read by `read` (bounded wait): what a
 * second submit of the same payment reports, once the first has an outcome.
 */
export async function settledOrder(read: () => Promise<OrderRow>): Promise<OrderRow> {
  const deadline = Date.now() + SETTLE_ORDER_WAIT_MS;
  let order = await read();
  while (isPaymentInFlight(order) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_ORDER_POLL_MS));
    order = await read();
  }
  return order;
}
