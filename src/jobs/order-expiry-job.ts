import type { Clock } from '../domain/clock.js';
import type { OrderExpiry } from '../services/order-expiry.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { PeriodicJob } from './periodic-job.js';

export const ORDER_EXPIRY_BATCH_MAX = 100;

/** Declines registered orders whose lifetime is over; each through OrderExpiry's guarded unit. */
export function orderExpiryJob(
  deadlines: OrderDeadlineRepository,
  expiry: OrderExpiry,
  clock: Clock,
): PeriodicJob {
  return {
    name: 'order-expiry',
    batchSize: ORDER_EXPIRY_BATCH_MAX,
    async runOnce() {
      const due = await deadlines.dueForExpiry(clock.nowMs(), ORDER_EXPIRY_BATCH_MAX);
      for (const order of due) await expiry.expire(order);
      return due.length;
    },
  };
}
