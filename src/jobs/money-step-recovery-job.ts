import type { MoneyStepEngine } from '../services/money-steps/money-step-engine.js';
import { STEP_BATCH_MAX } from '../services/money-steps/step-policy.js';
import type { PeriodicJob } from './periodic-job.js';

/**
 * The default grace (GATEHOUSE_RECOVERY_GRACE_MS): a step still pending this long after the
 * acquirer's own deadline has lost its process.
 */
export const PAYMENT_RECOVERY_GRACE_MS = 60_000;

/**
 * Finishes the money steps a stopped process, or an acquirer that did not answer, left pending:
 * authorizations and transfer debits, captures, reversals and refunds, credits, and the reversals
 * that compensate (MoneyStepEngine: leased, isolated, backoff, needsAttention).
 */
export function moneyStepRecoveryJob(engine: MoneyStepEngine): PeriodicJob {
  return {
    name: 'money-step-recovery',
    batchSize: STEP_BATCH_MAX,
    runOnce: () => engine.recoverDue(STEP_BATCH_MAX),
  };
}
