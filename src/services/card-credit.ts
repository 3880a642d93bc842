import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { pendingOperationRow } from '../domain/operation-intent.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import {
  isUnknown,
  type AcquirerPort,
  type CardForAuthorization,
  type CreditAnswer,
} from '../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../security/secret-box.js';
import { creditColumns, type CreditOutcome, type CreditRepository } from '../store/credit-repository.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { OrderRepository } from '../store/order-repository.js';
import { claimColumns, unpaidOrderRow, type NewOrder } from '../store/order-columns.js';
import type { OrderRow } from '../store/schema.js';
import type { PaymentEventSink } from './card-payment.js';
import { causedBy, paymentEventFor } from './callbacks/payment-event.js';
import { operationOutcome } from './operation-outcome.js';
import { refuseReusedNumber } from './order-registration.js';
import { paymentClaim } from './payment-claim.js';
import { sealCard } from './sealed-card.js';

export interface CreditInput {
  readonly card: CardForAuthorization;
  readonly paymentWay: 'CARD' | 'CARD_BINDING';
  /** The stored credential the money goes to. */
  readonly bindingId?: string;
  /** X-Request-Id of the call, for the callbacks it causes. */
  readonly requestId?: string;
}

/**
 * Pays money to a card without an earlier payment (instantRefund.do), in the fixed phases of every
 * money operation: the order (claimed by the credit), the pending operation and the sealed card
 * in one durable unit; then the acquirer; then the outcome, the operation's end and the `refunded`
 * callback in one unit, guarded by the operation. A credit whose answer never came is a step the
 * money engine finishes from what the acquirer says it did (money-steps/credit-steps.ts).
 */
export class CardCredit {
  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly credits: CreditRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
  ) {}

  /** Registers `order` and sends its amount to the card; the order as its outcome left it. */
  async credit(order: NewOrder, input: CreditInput): Promise<OrderRow> {
    const operationId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const claim = paymentClaim(order.id, operationId, input.card, input, startedMs);
    const unpaid = unpaidOrderRow(order);
    await this.writes.run(async (db) => {
      // Only the order's own unique index means a reused order number.
      await refuseReusedNumber(() => this.orders.insertClaimedIn(db, unpaid, claim));
      await this.operations.insertOperation(
        db,
        pendingOperationRow({
          id: operationId,
          order,
          kind: 'credit',
          amountMinor: order.amount_minor,
          nowMs: startedMs,
        }),
      );
      await this.credits.keepCard(db, {
        id: operationId,
        merchant_id: order.merchant_id,
        card_sealed: sealCard(this.box, input.card, operationId),
        created_at_ms: startedMs,
      });
    });
    const answer = await this.acquirer.credit({
      operationId,
      orderId: order.id,
      card: input.card,
      amountMinor: order.amount_minor,
      currency: order.currency,
    });
    const claimed: OrderRow = { ...unpaid, ...claimColumns(claim, order.binding_id) };
    // No answer in time: the credit stays pending (status 0, claimed) and the recovery job sends
    // it again; the acquirer recognizes the operation id, so it is never paid twice.
    if (isUnknown(answer)) return claimed;
    return this.settle(claimed, operationId, answer, input.requestId);
  }

  /**
   * The outcome unit. Only the pending operation is finished, once: when a resent credit (or the
   * late original) finds it finished already, it changes nothing and reads what the first wrote.
   * `requestId` is the merchant's call, when it is the live answer.
   */
  async settle(
    order: OrderRow,
    operationId: string,
    answer: CreditAnswer,
    requestId?: string,
  ): Promise<OrderRow> {
    const nowMs = this.clock.nowMs();
    const outcome: CreditOutcome = {
      orderId: order.id,
      operationId,
      status: answer.approved ? ORDER_STATUS.refunded : ORDER_STATUS.declined,
      actionCode: answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode,
      approvalCode: answer.approved ? answer.approvalCode : null,
      rrn: answer.approved ? answer.rrn : null,
      refundedMinor: answer.approved ? order.amount_minor : 0,
      nowMs,
    };
    const recorded = await this.writes.run(async (db) => {
      if (
        !(await this.operations.completePendingOperation(db, operationId, operationOutcome(answer, nowMs)))
      ) {
        return false;
      }
      // The claim guarantees this operation alone may finish the order; anything else is a bug.
      if (!(await this.credits.recordOutcome(db, outcome))) {
        throw new Error(`order ${order.id} changed under credit ${operationId}`);
      }
      await this.credits.forgetCard(db, operationId);
      if (answer.approved) {
        const event = paymentEventFor(order, 'refunded', true, order.amount_minor);
        await this.emit(db, causedBy(event, requestId), nowMs);
      }
      return true;
    });
    if (recorded) return { ...order, ...creditColumns(outcome) };
    return this.orders.reread(order);
  }
}
