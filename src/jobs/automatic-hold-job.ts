import type { Logger } from 'pino';
import type { MerchantScope } from '../domain/clock.js';
import { Refusal, type RefusalKey } from '../domain/refusals.js';
import type { MerchantDirectory } from '../services/merchant-directory.js';
import type { OrderLifecycle } from '../services/order-lifecycle.js';
import type { OrderDeadlineRepository } from '../store/order-deadline-repository.js';
import type { OrderRow } from '../store/schema.js';
import { clockPasses } from './clock-passes.js';
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

export type HoldAction = 'complete' | 'reverse';

/** What one automatic action came to: done by this call, or not (settled elsewhere, pending, failed). */
export type HoldActionOutcome = 'done' | 'not done';

/**
 * Carries out one hold's `autocompletionDate` (capture of the whole hold) or `autoReverseDate`
 * (its reversal). It goes through the same lifecycle service as deposit.do and reverse.do, whose
 * guarded change comes before the acquirer call: when two nodes pick the same hold, one captures
 * it and the other is refused before reaching the acquirer. Each action is a money step sent under
 * one id: a refusal is retried by the engine with backoff and an attempt cap, then left for a
 * person with the deadline cleared, never sent anew at every run.
 */
export class AutomaticHoldActions {
  constructor(
    private readonly lifecycle: OrderLifecycle,
    private readonly directory: MerchantDirectory,
    private readonly logger: Logger,
  ) {}

  async run(order: OrderRow, action: HoldAction): Promise<HoldActionOutcome> {
    try {
      if (action === 'complete') {
        await this.lifecycle.deposit(order, 0, AUTOMATIC);
      } else {
        const merchant = await this.directory.byId(order.merchant_id);
        if (merchant === undefined) return 'not done';
        await this.lifecycle.reverse(merchant, order, undefined, AUTOMATIC);
      }
      return 'done';
    } catch (error) {
      // Settled already, or sent and awaiting the acquirer's answer (the recovery job finishes it).
      if (error instanceof Refusal && SETTLED.has(error.key)) return 'not done';
      this.logger.error(
        { err: error, orderId: order.id, kind: action },
        'automatic hold action failed; it is retried at the next run',
      );
      return 'not done';
    }
  }
}

/** Runs the holds' automatic actions when their time comes, each on its merchant's clock. */
export function automaticHoldJob(
  deadlines: OrderDeadlineRepository,
  actions: AutomaticHoldActions,
  scope: MerchantScope,
): PeriodicJob {
  return {
    name: 'automatic-hold-actions',
    batchSize: AUTOMATIC_HOLD_BATCH_MAX,
    async runOnce() {
      let taken = 0;
      for (const pass of clockPasses(scope)) {
        for (const action of ['complete', 'reverse'] as const) {
          const due = await deadlines.dueForAutomaticAction(
            action,
            pass.nowMs,
            AUTOMATIC_HOLD_BATCH_MAX,
            pass.merchantId,
          );
          for (const order of due) await scope.within(order.merchant_id, () => actions.run(order, action));
          taken = Math.max(taken, due.length);
        }
      }
      return taken;
    },
  };
}
