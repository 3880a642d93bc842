import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { unansweredDecline } from '../../domain/order-outcomes.js';
import {
  isUnknown,
  type AcquirerPort,
  type ReversalAnswer,
} from '../../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { OrderRow, StepRow } from '../../store/schema.js';
import { chargeOfStep } from '../movement-terms.js';
import { COMPENSATION_KINDS, type CompensationDetails } from './compensation.js';
import { attention, DONE, retry, type StepDefinition, type StepEnd } from './step-definition.js';

/**
 * Gives back money the gateway moved but must not keep: an authorization approved after its
 * customer was told "declined", or a transfer's debit whose credit was refused. Honest: only a
 * reversal the acquirer performed (or an original it never held) finishes the step. A refusal is
 * NOT a reversal: a retryable one is sent again after the engine's backoff, and a final one (or
 * the last attempt) leaves the step in `needsAttention`, with the order not reading as given back.
 */
export class ReversalSteps implements StepDefinition {
  readonly kinds = COMPENSATION_KINDS;

  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
  ) {}

  async resume(step: StepRow): Promise<StepEnd> {
    const compensation = JSON.parse(step.details ?? '{}') as Partial<CompensationDetails>;
    const original = compensation.original;
    if (original === undefined) return attention('the reversal lost the operation it gives back');
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) return attention('the order of this reversal is gone');
    // Sent again under the same id after a lost answer: the acquirer answers the first sending.
    const answer = await this.acquirer.reverse({
      orderId: order.id,
      operationId: step.id,
      original,
      ...chargeOfStep(order, step),
    });
    if (isUnknown(answer)) return retry('the acquirer did not answer the reversal');
    return this.settle(order, step, compensation.declineActionCode, answer);
  }

  private async settle(
    order: OrderRow,
    step: StepRow,
    declineActionCode: number | undefined,
    answer: ReversalAnswer,
  ): Promise<StepEnd> {
    const reason = answer.outcome === 'refused' ? DECLINE_REASONS[answer.reason] : undefined;
    if (answer.outcome === 'refused') {
      const why = `the acquirer refused the reversal (action code ${reason?.actionCode ?? ''})`;
      return answer.final
        ? attention(`${why} for good`, reason?.actionCode)
        : retry(`${why}; it may be sent again`, reason?.actionCode);
    }
    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      const finished = await this.operations.completePendingOperation(db, step.id, {
        // Not found: the acquirer held nothing under the original, so nothing had to be given back.
        state: answer.outcome === 'reversed' ? 'approved' : 'declined',
        action_code: 0,
        rrn: answer.outcome === 'reversed' ? answer.rrn : null,
        approval_code: answer.outcome === 'reversed' ? answer.approvalCode : null,
        completed_at_ms: nowMs,
      });
      if (!finished || declineActionCode === undefined || order.payment_attempt_id === null) return;
      // The refused credit's transfer ends declined once its debit is back (a no-op when declined already).
      await this.orders.recordAuthorization(db, {
        ...unansweredDecline(order.id, order.payment_attempt_id, nowMs),
        actionCode: declineActionCode,
      });
    });
    return DONE;
  }
}
