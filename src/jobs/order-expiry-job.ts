import type { MerchantScope } from '../domain/clock.js';
import type { OrderExpiry } from '../services/order-expiry.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import { clockPasses } from './clock-passes.js';
import type { PeriodicJob } from './periodic-job.js';

export const ORDER_EXPIRY_BATCH_MAX = 100;

/**
 * Declines registered orders whose lifetime is over; each through OrderExpiry's guarded unit, on
 * its merchant's clock (real time, or the merchant's sandbox test clock).
 */
export function orderExpiryJob(
  deadlines: OrderDeadlineRepository,
  expiry: OrderExpiry,
  scope: MerchantScope,
): PeriodicJob {
  return {
    name: 'order-expiry',
    batchSize: ORDER_EXPIRY_BATCH_MAX,
    async runOnce() {
      let taken = 0;
      for (const pass of clockPasses(scope)) {
        const due = await deadlines.dueForExpiry(pass.nowMs, ORDER_EXPIRY_BATCH_MAX, pass.merchantId);
        for (const order of due) await scope.within(order.merchant_id, () => expiry.expire(order));
        taken = Math.max(taken, due.length);
      }
      return taken;
    },
  };
}
