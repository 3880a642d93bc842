import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import type { RandomSource } from '../../domain/random-source.js';
import {
  isUnknown,
  type AcquirerPort,
  type AuthorizationReference,
  type CreditAnswer,
} from '../../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CreditRepository } from '../../store/credit-repository.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { OrderOperationRow, OrderRow } from '../../store/schema.js';
import type { PaymentEventSink } from '../card-payment.js';
import { compensationStep } from '../money-steps/compensation.js';
import type { MoneyStepEngine } from '../money-steps/money-step-engine.js';
import { operationOutcome } from '../operation-outcome.js';
import { openCard } from '../sealed-card.js';
import { transferCompleted, transferDeclined, transferEvent } from './transfer-outcomes.js';
import { causedBy } from '../callbacks/payment-event.js';

/** What a transfer's credit leg keeps: the approved debit it follows (absent for an OCT). */
export interface CreditLegDetails {
  readonly debit?: AuthorizationReference;
}

/**
 * A transfer's credit leg (a card-to-card transfer's second leg, or an OCT alone), for the live
 * call and the recovery job alike. Approved: the order is deposited with its callback. Refused
 * after a debit: the debit is given back by a reversal step written in the same unit (the order
 * stays as it is until the reversal is done, then reads declined with the credit's reason).
 * Refused without a debit (an OCT): declined. Each outcome only while the credit is pending.
 */
export class TransferCredits {
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
    private readonly engine: MoneyStepEngine,
  ) {}

  /** Sends the credit (the live call); unanswered, the recovery job asks the acquirer later. */
  async send(order: OrderRow, credit: OrderOperationRow, requestId?: string): Promise<OrderRow> {
    const kept = await this.credits.card(credit.id);
    if (kept === undefined) return this.orders.reread(order);
    const answer = await this.acquirer.credit({
      operationId: credit.id,
      orderId: order.id,
      card: openCard(this.box, kept.card_sealed, credit.id),
      amountMinor: credit.amount_minor,
      currency: credit.currency,
    });
    if (!isUnknown(answer)) await this.settle(order, credit, answer, requestId);
    return this.orders.reread(order);
  }

  /**
   * The credit's outcome; a refused credit's debit reversal is sent at once. `requestId` is the
   * merchant's call, when it is the live answer.
   */
  async settle(
    order: OrderRow,
    credit: OrderOperationRow,
    answer: CreditAnswer,
    requestId?: string,
  ): Promise<void> {
    const debit = (JSON.parse(credit.details ?? '{}') as CreditLegDetails).debit;
    const nowMs = this.clock.nowMs();
    const attemptId = order.payment_attempt_id ?? '';
    if (answer.approved) {
      // An OCT debited no card: its credit's own answer is the transfer's reference.
      const reference = debit ?? {
        approvalCode: answer.approvalCode,
        rrn: answer.rrn,
        paymentNetRefNum: '',
        terminalId: '',
        authRefNum: answer.rrn,
      };
      const debitRrn = debit === undefined ? undefined : debit.rrn;
      await this.writes.run(async (db) => {
        if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs))))
          return;
        if (
          !(await this.orders.recordAuthorization(db, transferCompleted(order, attemptId, reference, nowMs)))
        )
          throw new Error(`order ${order.id} changed under transfer credit ${credit.id}`);
        await this.credits.forgetCard(db, credit.id);
        await this.emit(db, causedBy(transferEvent(order, debitRrn), requestId), nowMs);
      });
      return;
    }
    const actionCode = DECLINE_REASONS[answer.reason].actionCode;
    if (debit === undefined) {
      // A refused original credit: nothing was debited, so nothing is given back.
      await this.writes.run(async (db) => {
        if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs))))
          return;
        await this.credits.forgetCard(db, credit.id);
        await this.orders.recordAuthorization(db, transferDeclined(order.id, attemptId, actionCode, nowMs));
      });
      return;
    }
    const debitStep = {
      id: attemptId,
      kind: 'debit',
      amount_minor: order.amount_minor + (order.fee_minor ?? 0),
      dcc_amount_minor: null,
    };
    const reversal = compensationStep(this.random.uuid(), order, debitStep, debit, nowMs, actionCode);
    const started = await this.writes.run(async (db) => {
      if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs))))
        return false;
      await this.credits.forgetCard(db, credit.id);
      await this.operations.insertOperation(db, reversal);
      return true;
    });
    if (started) await this.engine.run(reversal);
  }
}
