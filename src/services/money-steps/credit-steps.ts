import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { RandomSource } from '../../domain/random-source.js';
import {
  isUnknown,
  type AcquirerPort,
  type CreditAnswer,
  type UnknownOutcome,
} from '../../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CreditOutcome } from '../../store/credit-repository.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import type { StepRow } from '../../store/schema.js';
import { causedBy, paymentEventFor, type PaymentEventSink } from '../callbacks/payment-event.js';
import { operationOutcome } from '../operation-outcome.js';
import { transferCompleted, transferDeclined, transferEvent } from './transfer-outcomes.js';
import { openCard } from '../sealed-card.js';
import { startClaim, type ClaimIntent, type ClaimStores } from './claim-intent.js';
import { compensationStep } from './compensation-step.js';
import { NEVER_ARRIVED } from './movement-steps.js';
import {
  DONE,
  LOST,
  next,
  type Live,
  type Settled,
  type StepDefinition,
  type Stray,
} from './step-definition.js';
import { creditLegDetails, type CreditLegDetails } from './step-details.js';
import { CREDIT_KINDS } from './step-kinds.js';

/**
 * Money sent to a card: an instantRefund.do credit, or a transfer's credit leg (an OCT's alone).
 * The card is kept sealed from the intent until the credit is decided, so it can be sent from the
 * step alone. Without an answer the step stays pending: abandoning it could lose a credit that was
 * made, and sending it as new could pay twice, so recovery asks the acquirer what it did. A credit
 * it never received is refused from the inquiry on: for a transfer that is a refused credit, and
 * its debit is given back by a compensation written in the same unit.
 */
export class CreditSteps implements StepDefinition<ClaimIntent, never, CreditAnswer> {
  readonly kinds = CREDIT_KINDS;

  constructor(
    /** The stores a claim's intent writes to, and this kind's settle with it. */
    private readonly stores: ClaimStores,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
  ) {}

  start(db: Executor, intent: ClaimIntent): Promise<void> {
    return startClaim(db, this.stores, intent);
  }

  async send(step: StepRow): Promise<CreditAnswer | UnknownOutcome | Stray> {
    const kept = await this.stores.credits.card(step.id);
    // Its card is forgotten once a credit is decided: another writer settled it, so the acquirer
    // is asked what it did instead of being sent a credit it may already refuse or have made.
    if (kept === undefined) return this.ask(step);
    return this.acquirer.credit({
      operationId: step.id,
      orderId: step.order_id,
      card: openCard(this.box, kept.card_sealed, step.id),
      amountMinor: step.amount_minor,
      currency: step.currency,
    });
  }

  async ask(step: StepRow): Promise<CreditAnswer | UnknownOutcome | Stray> {
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return inquiry;
    if (!inquiry.found) return NEVER_ARRIVED;
    if (inquiry.call !== 'credit')
      return { stray: `the acquirer holds a ${inquiry.call} under this credit's id` };
    return inquiry.answer;
  }

  async settle(step: StepRow, answer: CreditAnswer, live: Live<never>): Promise<Settled> {
    const nowMs = this.clock.nowMs();
    // Decided outside the unit: a unit run twice must write the same (group-commit.ts).
    const reversalId = this.random.uuid();
    return this.writes.run(async (db): Promise<Settled> => {
      if (
        !(await this.stores.operations.completePendingOperation(db, step.id, operationOutcome(answer, nowMs)))
      )
        return LOST;
      await this.stores.credits.forgetCard(db, step.id);
      if (step.kind === 'credit') return this.settleInstant(db, step, answer, live.requestId, nowMs);
      return this.settleLeg(db, step, answer, live.requestId, reversalId, nowMs);
    });
  }

  /** instantRefund.do: the order, claimed by this credit alone, reads refunded or declined. */
  private async settleInstant(
    db: Executor,
    step: StepRow,
    answer: CreditAnswer,
    requestId: string | undefined,
    nowMs: number,
  ): Promise<Settled> {
    const outcome: CreditOutcome = {
      orderId: step.order_id,
      operationId: step.id,
      status: answer.approved ? ORDER_STATUS.refunded : ORDER_STATUS.declined,
      actionCode: answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode,
      approvalCode: answer.approved ? answer.approvalCode : null,
      rrn: answer.approved ? answer.rrn : null,
      refundedMinor: answer.approved ? step.amount_minor : 0,
      nowMs,
    };
    // The claim guarantees this step alone may finish the order; anything else is a bug.
    const order = await this.stores.credits.recordOutcome(db, outcome);
    if (order === undefined) throw new Error(`order ${step.order_id} changed under credit ${step.id}`);
    if (answer.approved) {
      const event = paymentEventFor(order, 'refunded', true, step.amount_minor);
      await this.emit(db, causedBy(event, requestId), nowMs);
    }
    return { end: DONE, order };
  }

  /** The transfer's claiming step and what it moves: kept on the leg, or (legs from before) on the order. */
  private async claimOf(
    db: Executor,
    step: StepRow,
    leg: CreditLegDetails,
  ): Promise<{ attemptId: string; debitMinor: number }> {
    if (leg.attemptId !== undefined && leg.movedMinor !== undefined)
      return { attemptId: leg.attemptId, debitMinor: leg.movedMinor };
    const claimed = await this.stores.orders.findIn(db, step.merchant_id, step.order_id);
    if (claimed === undefined || claimed.payment_attempt_id === null)
      throw new Error(`transfer ${step.order_id} lost its claim under credit ${step.id}`);
    return {
      attemptId: claimed.payment_attempt_id,
      debitMinor: claimed.amount_minor + (claimed.fee_minor ?? 0),
    };
  }

  /** A transfer's credit: made, refused alone (an OCT), or refused after a debit that is given back. */
  private async settleLeg(
    db: Executor,
    step: StepRow,
    answer: CreditAnswer,
    requestId: string | undefined,
    reversalId: string,
    nowMs: number,
  ): Promise<Settled> {
    const leg = creditLegDetails.decode(step.details);
    const { debit } = leg;
    const { attemptId, debitMinor } = await this.claimOf(db, step, leg);
    if (answer.approved) {
      // An OCT debited no card: its credit's own answer is the transfer's reference.
      const reference = debit ?? {
        approvalCode: answer.approvalCode,
        rrn: answer.rrn,
        paymentNetRefNum: '',
        terminalId: '',
        authRefNum: answer.rrn,
      };
      const order = await this.stores.orders.recordAuthorization(
        db,
        transferCompleted(step.order_id, attemptId, debitMinor, reference, nowMs),
      );
      // The debit's settle guarantees the order waits for this credit alone; anything else is a bug.
      if (order === undefined)
        throw new Error(`order ${step.order_id} changed under transfer credit ${step.id}`);
      await this.emit(db, causedBy(transferEvent(order, debit?.rrn), requestId), nowMs);
      return { end: DONE, order };
    }
    const actionCode = DECLINE_REASONS[answer.reason].actionCode;
    if (debit === undefined) {
      // A refused original credit: nothing was debited, so nothing is given back.
      const order = await this.stores.orders.recordAuthorization(
        db,
        transferDeclined(step.order_id, attemptId, actionCode, nowMs),
      );
      return { end: DONE, order };
    }
    const debitStep = {
      id: attemptId,
      kind: 'debit',
      order_id: step.order_id,
      merchant_id: step.merchant_id,
      currency: step.currency,
      amount_minor: debitMinor,
      dcc_amount_minor: null,
    };
    const reversal = compensationStep(reversalId, debitStep, debit, nowMs, actionCode);
    await this.stores.operations.insertOperation(db, reversal);
    return { end: next(reversal) };
  }
}
