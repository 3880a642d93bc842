import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { unansweredDecline } from '../../domain/order-outcomes.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import {
  type AcquirerPort,
  type ReversalAnswer,
  type UnknownOutcome,
} from '../../processing/acquirer/acquirer-port.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { StepRow } from '../../store/schema.js';
import { paymentEventFor, type PaymentEventSink } from '../callbacks/payment-event.js';
import { chargeOfStep } from '../movement-terms.js';
import { attention, DONE, LOST, retry, type Settled, type StepDefinition } from './step-definition.js';
import { compensationDetails } from './step-details.js';
import { COMPENSATION_KINDS } from './step-kinds.js';

/**
 * Gives back money the gateway moved but must not keep: an authorization approved after its
 * customer was told "declined", or a transfer's debit whose credit was refused. Honest: only a
 * reversal the acquirer performed (or an original it never held) finishes the step. A refusal is
 * NOT a reversal: a retryable one is sent again under the same id after the engine's backoff, and
 * a final one (or the last attempt) leaves the step in `needsAttention`, in the same unit as the
 * order turning to read what the acquirer holds (held or paid), never declined.
 */
export class CompensationSteps implements StepDefinition<never, never, ReversalAnswer> {
  readonly kinds = COMPENSATION_KINDS;

  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly emit: PaymentEventSink,
  ) {}

  /** A compensation is written by the settle that decides it, never started on its own. */
  start(): Promise<void> {
    return Promise.reject(new Error('a compensation is written by the settle of the step it gives back'));
  }

  async send(step: StepRow): Promise<ReversalAnswer | UnknownOutcome> {
    const { original } = compensationDetails.decode(step.details);
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) throw new Error(`the order of reversal ${step.id} is gone`);
    // Sent again under the same id after a lost answer: the acquirer answers the first sending.
    return this.acquirer.reverse({
      orderId: order.id,
      operationId: step.id,
      original,
      ...chargeOfStep(order, step),
    });
  }

  /** Recovery sends it again: a reversal is answered by its id, and a retryable refusal decided anew. */
  ask(step: StepRow): Promise<ReversalAnswer | UnknownOutcome> {
    return this.send(step);
  }

  async settle(step: StepRow, answer: ReversalAnswer): Promise<Settled> {
    if (answer.outcome === 'refused') {
      const actionCode = DECLINE_REASONS[answer.reason].actionCode;
      const why = `the acquirer refused the reversal (action code ${actionCode})`;
      return {
        end: answer.final
          ? attention(`${why} for good`, actionCode)
          : retry(`${why}; it may be sent again`, actionCode),
      };
    }
    const { original, declineActionCode } = compensationDetails.decode(step.details);
    const nowMs = this.clock.nowMs();
    return this.writes.run(async (db): Promise<Settled> => {
      const finished = await this.operations.completePendingOperation(db, step.id, {
        // Not found: the acquirer held nothing under the original, so nothing had to be given back.
        state: answer.outcome === 'reversed' ? 'approved' : 'declined',
        action_code: 0,
        rrn: answer.outcome === 'reversed' ? answer.rrn : null,
        approval_code: answer.outcome === 'reversed' ? answer.approvalCode : null,
        completed_at_ms: nowMs,
      });
      if (!finished) return LOST;
      if (declineActionCode === undefined) return { end: DONE };
      // The refused credit's transfer ends declined once its debit is back.
      const declined = {
        ...unansweredDecline(step.order_id, original.operationId, nowMs),
        actionCode: declineActionCode,
      };
      return { end: DONE, order: await this.orders.recordAuthorization(db, declined) };
    });
  }

  /**
   * Nothing automatic will give the money back: the order reads what the acquirer holds (a hold,
   * or a payment or transfer made), with the original's references, and the merchant is told.
   */
  async leftForAttention(db: Executor, step: StepRow, nowMs: number): Promise<void> {
    const { original } = compensationDetails.decode(step.details);
    const order = await this.orders.findIn(db, step.merchant_id, step.order_id);
    if (order === undefined) return;
    const paid = step.kind === 'debitReversal' ? order.p2p_type === 'AFT' : order.two_phase !== 1;
    const dccMinor = step.dcc_amount_minor ?? 0;
    const held = await this.orders.recordHeld(db, {
      ...unansweredDecline(step.order_id, original.operationId, nowMs),
      status: paid ? ORDER_STATUS.deposited : ORDER_STATUS.approved,
      actionCode: 0,
      approvalCode: original.approvalCode ?? null,
      rrn: original.rrn ?? null,
      paymentNetRefNum: original.paymentNetRefNum ?? null,
      terminalId: original.terminalId ?? null,
      authRefNum: original.authRefNum ?? null,
      approvedMinor: step.amount_minor,
      depositedMinor: paid ? step.amount_minor : 0,
      dccApprovedMinor: dccMinor,
      dccDepositedMinor: paid ? dccMinor : 0,
    });
    if (held === undefined) return;
    const event = paymentEventFor(held, paid ? 'deposited' : 'approved', true, held.amount_minor);
    await this.emit(db, event, nowMs);
  }
}
