import type { Clock } from '../domain/clock.js';
import type { OrderRollupRepository } from '../store-reports/order-rollup-repository.js';
import type { PeriodicJob } from './periodic-job.js';

/**
 * Folds the orders changed since the watermark into the overview's roll-ups, and backfills
 * BACKFILL_HOURS of older orders per run while any are left (a full batch: JobRunner runs it again at once, up to
 * its cap per interval, so a year of orders is backfilled in a few dozen intervals without holding
 * the process for long at a time). Safe on many nodes: folds take turns on the state row, and a
 * bucket is always rebuilt whole (order-rollup-repository.ts).
 */
export function orderRollupJob(rollups: OrderRollupRepository, clock: Clock): PeriodicJob {
  return {
    name: 'order-rollup',
    batchSize: 1,
    async runOnce() {
      const outcome = await rollups.fold(clock.nowMs());
      return outcome.more ? 1 : 0;
    },
  };
}
