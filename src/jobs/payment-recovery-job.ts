import type { Clock } from '../domain/clock.js';
import type { CardCredit } from '../services/card-credit.js';
import type { P2pTransfer } from '../services/p2p/p2p-transfer.js';
import type { OrderLifecycle } from '../services/order-lifecycle.js';
import type { PaymentRecovery } from '../services/payment-recovery.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { PeriodicJob } from './periodic-job.js';

export const PAYMENT_RECOVERY_BATCH_MAX = 50;
/**
 * The default grace (GATEHOUSE_RECOVERY_GRACE_MS): an operation still pending this long after the
 * acquirer's own deadline has lost its process.
 */
export const PAYMENT_RECOVERY_GRACE_MS = 60_000;

/**
 * Finishes what a stopped process left with the acquirer: authorizations are resolved by
 * PaymentRecovery (reversed, the order declined); captures, reversals and refunds, already applied
 * to the order, are sent again and completed or undone by OrderLifecycle; instant refunds
 * (credits) are sent again, the same request, and finished once by CardCredit; the legs of
 * card-to-card transfers are resumed by P2pTransfer (a debit declined and reversed, a credit or the
 * debit's reversal sent again).
 */
export function paymentRecoveryJob(
  operations: OperationRepository,
  recovery: PaymentRecovery,
  lifecycle: OrderLifecycle,
  clock: Clock,
  acquirerTimeoutMs: number,
  credits: Pick<CardCredit, 'stalled' | 'resume'>,
  graceMs: number,
  transfers?: Pick<P2pTransfer, 'stalled' | 'resume'>,
): PeriodicJob {
  return {
    name: 'payment-recovery',
    batchSize: PAYMENT_RECOVERY_BATCH_MAX,
    async runOnce() {
      const olderThanMs = clock.nowMs() - acquirerTimeoutMs - graceMs;
      const stalled = await operations.stalledAuthorizations(olderThanMs, PAYMENT_RECOVERY_BATCH_MAX);
      for (const operation of stalled) await recovery.recover(operation);
      const movements = await operations.stalledMovements(olderThanMs, PAYMENT_RECOVERY_BATCH_MAX);
      for (const operation of movements) await lifecycle.resume(operation);
      const credited = await credits.stalled(olderThanMs, PAYMENT_RECOVERY_BATCH_MAX);
      for (const operation of credited) await credits.resume(operation);
      const legs = (await transfers?.stalled(olderThanMs, PAYMENT_RECOVERY_BATCH_MAX)) ?? [];
      for (const operation of legs) await transfers?.resume(operation);
      return stalled.length + movements.length + credited.length + legs.length;
    },
  };
}
