import { formatExpiry, networkOf, parseExpiry, PAYMENT_SYSTEM_BY_NETWORK } from '../domain/card-rules.js';
import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { Pan } from '../domain/pan.js';
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
import {
  claimColumns,
  pendingOperationRow,
  unpaidOrderRow,
  type NewOrder,
  type PaymentClaim,
} from '../store/order-columns.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import type { PaymentEventSink } from './card-payment.js';
import { paymentEventFor } from './callbacks/payment-event.js';
import { operationOutcome } from './operation-outcome.js';
import { refuseReusedNumber } from './order-registration.js';

export interface CreditInput {
  readonly card: CardForAuthorization;
  readonly paymentWay: 'CARD' | 'CARD_BINDING';
  /** The stored credential the money goes to. */
  readonly bindingId?: string;
}

/** What is kept of the card for a resend: never the CVC. */
interface SealedCard {
  readonly pan: string;
  readonly expiry: string;
  readonly cardholderName?: string;
}

/**
 * Pays money to a card without an earlier payment (instantRefund.do), in the fixed phases of every
 * money operation: the order (claimed by the credit), the pending operation and the sealed card
 * in one durable unit; then the acquirer; then the outcome, the operation's end and the `refunded`
 * callback in one unit, guarded by the operation. A credit cut off by a crash is sent again, the
 * same request under the same operation id, by the payment-recovery job.
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
    const digits = input.card.pan.reveal();
    const claim: PaymentClaim = {
      orderId: order.id,
      attemptId: operationId,
      paymentWay: input.paymentWay,
      maskedPan: input.card.pan.masked,
      expiry: formatExpiry(input.card.expiry),
      cardholderName: input.card.cardholderName ?? null,
      network: PAYMENT_SYSTEM_BY_NETWORK[networkOf(digits)],
      twoPhase: false,
      autoCompleteAtMs: null,
      autoReverseAtMs: null,
      secureAuth: null,
      tii: null,
      bindingId: input.bindingId ?? null,
      nowMs: startedMs,
    };
    const unpaid = unpaidOrderRow(order);
    const kept: SealedCard = {
      pan: digits,
      expiry: formatExpiry(input.card.expiry),
      ...(input.card.cardholderName === undefined ? {} : { cardholderName: input.card.cardholderName }),
    };
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
        card_sealed: this.box.seal(JSON.stringify(kept), operationId),
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
    return this.finish(claimed, operationId, answer);
  }

  /** Pending credits older than `olderThanMs`: what a stopped process left with the acquirer. */
  stalled(olderThanMs: number, limit: number): Promise<OrderOperationRow[]> {
    return this.credits.stalled(olderThanMs, limit);
  }

  /**
   * A credit whose process stopped during the acquirer call: the same request again (same
   * operation id, card, amount and currency, without the CVC, which is never kept), then its outcome.
   */
  async resume(operation: OrderOperationRow): Promise<boolean> {
    if (operation.kind !== 'credit' || operation.state !== 'pending') return false;
    const order = await this.orders.findById(operation.merchant_id, operation.order_id);
    if (order?.payment_attempt_id !== operation.id || order.status !== ORDER_STATUS.registered) return false;
    const kept = await this.credits.card(operation.id);
    if (kept === undefined) throw new Error(`credit ${operation.id} has no card to send again`);
    const sealed = JSON.parse(this.box.open(kept.card_sealed, operation.id)) as SealedCard;
    const expiry = parseExpiry(sealed.expiry);
    if (expiry === undefined) throw new Error(`credit ${operation.id} kept a malformed expiry`);
    const answer = await this.acquirer.credit({
      operationId: operation.id,
      orderId: order.id,
      card: {
        pan: new Pan(sealed.pan),
        expiry,
        ...(sealed.cardholderName === undefined ? {} : { cardholderName: sealed.cardholderName }),
      },
      amountMinor: operation.amount_minor,
      currency: operation.currency,
    });
    if (isUnknown(answer)) return false;
    await this.finish(order, operation.id, answer);
    return true;
  }

  /**
   * The outcome unit. Only the pending operation is finished, once: when a resent credit (or the
   * late original) finds it finished already, it changes nothing and reads what the first wrote.
   */
  private async finish(order: OrderRow, operationId: string, answer: CreditAnswer): Promise<OrderRow> {
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
        await this.emit(db, paymentEventFor(order, 'refunded', true, order.amount_minor), nowMs);
      }
      return true;
    });
    if (recorded) return { ...order, ...creditColumns(outcome) };
    const current = await this.orders.findById(order.merchant_id, order.id);
    if (current === undefined) throw new Error(`order ${order.id} vanished under credit ${operationId}`);
    return current;
  }
}
