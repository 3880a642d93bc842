import type { Clock } from '../../domain/clock.js';
import { unansweredDecline } from '../../domain/order-outcomes.js';
import { ORDER_STATUS, UNPAID } from '../../domain/order-status.js';
import type { RandomSource } from '../../domain/random-source.js';
import {
  isUnknown,
  type AcquirerPort,
  type AuthorizationAnswer,
} from '../../processing/acquirer/acquirer-port.js';
import type { CreditRepository } from '../../store/credit-repository.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { StepRow } from '../../store/schema.js';
import { operationOutcome } from '../operation-outcome.js';
import { compensationStep } from './compensation.js';
import { attention, DONE, retry, type StepDefinition, type StepEnd } from './step-definition.js';

/** What a transfer's debit keeps for its next leg. */
interface DebitDetails {
  readonly creditOperationId?: string;
}

/**
 * An authorization (a card payment, 3-D Secure settlement, binding or wallet payment) or a
 * transfer's debit whose answer never came. The customer was told "declined" (processing
 * timeout) or never told anything (a crash): either way the order is declined first, guarded by
 * the attempt, so a live outcome still on its way loses; then the acquirer is asked what it did.
 * Not found (it refuses the id from then on) or declined: nothing moved, the step ends declined.
 * Approved: the money is held or taken for an order that reads declined, so it is given back by
 * a reversal step written in the same unit, and sent at once.
 */
export class AuthorizationSteps implements StepDefinition {
  readonly kinds = ['authorization', 'debit'] as const;

  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly credits: CreditRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  async resume(step: StepRow): Promise<StepEnd> {
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) return attention('the order of this authorization is gone');
    if (order.payment_attempt_id !== step.id) return attention('the order is claimed by another attempt');
    if ((UNPAID as readonly number[]).includes(order.status)) {
      const nowMs = this.clock.nowMs();
      const declined = await this.writes.run((db) =>
        this.orders.recordAuthorization(db, unansweredDecline(order.id, step.id, nowMs)),
      );
      // The live outcome won (it finishes the step in the same unit): nothing is left to do.
      if (!declined) return DONE;
    } else if (order.status !== ORDER_STATUS.declined) {
      return attention(`the order reads status ${order.status} while its authorization is pending`);
    }
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return retry('the acquirer did not answer the inquiry');
    if (inquiry.found && inquiry.call !== 'authorize' && inquiry.call !== 'debit')
      return attention(`the acquirer holds a ${inquiry.call} under this authorization's id`);
    const answer: AuthorizationAnswer | undefined = inquiry.found ? inquiry.answer : undefined;
    const creditOperationId = (JSON.parse(step.details ?? '{}') as DebitDetails).creditOperationId;
    const nowMs = this.clock.nowMs();
    if (answer === undefined || !answer.approved) {
      // Never arrived, or declined: no money moved, nothing to give back.
      const outcome = operationOutcome(answer ?? { approved: false, reason: 'issuerTimeout' }, nowMs);
      await this.writes.run(async (db) => {
        if (!(await this.operations.completePendingOperation(db, step.id, outcome))) return;
        if (creditOperationId !== undefined) await this.credits.forgetCard(db, creditOperationId);
      });
      return DONE;
    }
    const reversal = compensationStep(this.random.uuid(), order, step, answer, nowMs);
    const started = await this.writes.run(async (db) => {
      if (!(await this.operations.completePendingOperation(db, step.id, operationOutcome(answer, nowMs))))
        return false;
      if (creditOperationId !== undefined) await this.credits.forgetCard(db, creditOperationId);
      await this.operations.insertOperation(db, reversal);
      return true;
    });
    return started ? { end: 'next', step: reversal } : DONE;
  }
}
