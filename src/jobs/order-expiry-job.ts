import type { Clock } from '../domain/clock.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { PeriodicJob } from './periodic-job.js';

export const ORDER_EXPIRY_BATCH_MAX = 100;

/**
 * Declines registered orders whose lifetime is over (status 6, actionCode -2007). Each order is
 * changed by a guarded update, so two nodes racing on one order change it once.
 */
export function orderExpiryJob(orders: OrderRepository, clock: Clock): PeriodicJob {
  return {
    name: 'order-expiry',
    batchSize: ORDER_EXPIRY_BATCH_MAX,
    async runOnce() {
      const nowMs = clock.nowMs();
      const due = await orders.dueForExpiry(nowMs, ORDER_EXPIRY_BATCH_MAX);
      for (const orderId of due) await orders.expireOne(orderId, nowMs);
      return due.length;
    },
  };
}
