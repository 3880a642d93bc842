import { automaticHoldJob, type AutomaticHoldActions } from '../jobs/automatic-hold-job.js';
import { idempotencyCleanupJob } from '../jobs/idempotency-cleanup-job.js';
import { moneyStepRecoveryJob } from '../jobs/money-step-recovery-job.js';
import { orderExpiryJob } from '../jobs/order-expiry-job.js';
import { orderRollupJob } from '../jobs/order-rollup-job.js';
import { JobRunner } from '../jobs/periodic-job.js';
import type { IdempotencyRepository } from '../store/idempotency-repository.js';
import { OrderRollupRepository } from '../store-reports/order-rollup-repository.js';
import type { CallbacksModule } from './callbacks-module.js';
import type { Core } from './core.js';
import type { MoneyModule } from './money-module.js';

/**
 * The background jobs, each on its own schedule (GATEHOUSE_JOB_INTERVAL_MS): expiry, automatic
 * holds, money step recovery, callback delivery, idempotency key cleanup and the order roll-ups.
 * Built in every process; started only in the one that runs the jobs (GatehouseOptions.runJobs).
 */
export function jobsModule(
  core: Core,
  money: MoneyModule,
  callbacks: CallbacksModule,
  idempotencyKeys: IdempotencyRepository,
  holds: AutomaticHoldActions,
): JobRunner {
  const { config, store, clock, time, logger } = core;
  return new JobRunner(
    [
      orderExpiryJob(money.deadlines, money.expiry, time),
      automaticHoldJob(money.deadlines, holds, time),
      moneyStepRecoveryJob(money.money.engine),
      callbacks.delivery().job,
      idempotencyCleanupJob(idempotencyKeys, clock),
      orderRollupJob(new OrderRollupRepository(store.db), clock),
    ],
    config.jobIntervalMs,
    logger,
  );
}
