import type { Logger } from 'pino';
import type { Clock } from '../domain/clock.js';
import { Refusal, type RefusalKey } from '../domain/refusals.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import type { OrderLifecycle } from '../services/order-lifecycle.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { PeriodicJob } from './periodic-job.js';

export const AUTOMATIC_HOLD_BATCH_MAX = 50;

/** Each action is one step: refused for now, it is sent again under its own id with the engine's backoff. */
const AUTOMATIC = { automatic: true } as const;

/** A hold another node or a merchant's own call already settled is not an error. */
const SETTLED: ReadonlySet<RefusalKey> = new Set([
  'ORDER_NOT_CAPTURABLE',
  'ORDER_NOT_REVERSIBLE',
  'OPERATION_PENDING',
  // Refused for good: the engine left its step for a person (and said so), and cleared the deadline.
  'OPERATION_DECLINED',
]);

/**
 * Carries out `autocompletionDate` (capture of the whole hold) and `autoReverseDate` (its
 * reversal) when their time comes. It goes through the same lifecycle service as deposit.do and
 * reverse.do, whose guarded change comes before the acquirer call: when two nodes pick the same
 * hold, one captures it and the other is refused before reaching the acquirer. Each action is a
 * money step sent under one id: a refusal is retried by the engine with backoff and an attempt
 * cap, then left for a person with the deadline cleared, never sent anew at every run.
 */
export function automaticHoldJob(
  deadlines: OrderDeadlineRepository,
  lifecycle: OrderLifecycle,
  directory: MerchantDirectory,
  clock: Clock,
  logger: Logger,
): PeriodicJob {
  return {
    name: 'automatic-hold-actions',
    batchSize: AUTOMATIC_HOLD_BATCH_MAX,
    async runOnce() {
      const nowMs = clock.nowMs();
      const toComplete = await deadlines.dueForAutomaticAction('complete', nowMs, AUTOMATIC_HOLD_BATCH_MAX);
      const toReverse = await deadlines.dueForAutomaticAction('reverse', nowMs, AUTOMATIC_HOLD_BATCH_MAX);
      for (const order of toComplete) {
        await settle(() => lifecycle.deposit(order, 0, AUTOMATIC), order.id, 'complete');
      }
      for (const order of toReverse) {
        const merchant = await directory.byId(order.merchant_id);
        if (merchant !== undefined)
          await settle(() => lifecycle.reverse(merchant, order, undefined, AUTOMATIC), order.id, 'reverse');
      }
      return Math.max(toComplete.length, toReverse.length);
    },
  };

  async function settle(action: () => Promise<void>, orderId: string, kind: string): Promise<void> {
    try {
      await action();
    } catch (error) {
      // Settled already, or sent and awaiting the acquirer's answer (the recovery job finishes it).
      if (error instanceof Refusal && SETTLED.has(error.key)) return;
      logger.error(
        { err: error, orderId, kind },
        'automatic hold action failed; it is retried at the next run',
      );
    }
  }
}
