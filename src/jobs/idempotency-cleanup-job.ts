import type { Clock } from '../domain/clock.js';
import type { IdempotencyRepository } from '../store/idempotency-repository.js';
import type { PeriodicJob } from './periodic-job.js';

/** Keys are kept at least this long; a retry within a day of the first request is always answered. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_CLEANUP_BATCH_MAX = 1000;
/** The table has no index on its age, so the sweep runs once a minute, not at every job interval. */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60_000;

/**
 * Deletes idempotency keys older than the retention, finished or not (a reservation left by a
 * process that died mid-request is released here too). Plain deletes: safe on many nodes at once.
 */
export function idempotencyCleanupJob(keys: IdempotencyRepository, clock: Clock): PeriodicJob {
  let sweptAtMs: number | undefined;
  return {
    name: 'idempotency-cleanup',
    batchSize: IDEMPOTENCY_CLEANUP_BATCH_MAX,
    async runOnce() {
      const nowMs = clock.nowMs();
      if (sweptAtMs !== undefined && nowMs - sweptAtMs < IDEMPOTENCY_CLEANUP_INTERVAL_MS) return 0;
      const deleted = await keys.deleteCreatedBefore(
        nowMs - IDEMPOTENCY_KEY_RETENTION_MS,
        IDEMPOTENCY_CLEANUP_BATCH_MAX,
      );
      // A full batch runs again at once (JobRunner); the sweep is over when a batch is not full.
      if (deleted < IDEMPOTENCY_CLEANUP_BATCH_MAX) sweptAtMs = nowMs;
      return deleted;
    },
  };
}
