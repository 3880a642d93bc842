import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS, type DeclineReason } from '../../domain/decline-reasons.js';
import { Refusal, type RefusalKey } from '../../domain/refusals.js';
import {
  isUnknown,
  type AcquirerPort,
  type FollowUpAnswer,
  type UnknownOutcome,
} from '../../processing/acquirer/acquirer-port.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { DccSide, OrderMovementRepository } from '../../store/order-movement-repository.js';
import type { ReversalPrior } from '../../store/order-columns.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { OrderOperationRow, OrderRow, StepRow } from '../../store/schema.js';
import {
  causedBy,
  dccSide,
  paymentEventFor,
  type CallbackOperation,
  type PaymentEventSink,
} from '../callbacks/payment-event.js';
import { followUp, reversalAsFollowUp } from '../movement-terms.js';
import { operationOutcome } from '../operation-outcome.js';
import {
  attention,
  DONE,
  LOST,
  retry,
  type Live,
  type Settled,
  type StepDefinition,
  type Stray,
} from './step-definition.js';
import { movementDetails, reversalPrior } from './step-details.js';
import { MOVEMENT_KINDS, type MovementKind } from './step-kinds.js';

/** The guarded change a movement makes on its order, as a value. */
export type MovementChange =
  | { readonly kind: 'deposit'; readonly amountMinor: number; readonly dcc?: DccSide }
  | { readonly kind: 'partialReversal'; readonly amountMinor: number; readonly dcc?: DccSide }
  | { readonly kind: 'fullReversal' }
  | {
      readonly kind: 'refund';
      readonly amountMinor: number;
      readonly expectedDepositedMinor?: number;
      readonly dcc?: DccSide;
    };

export interface MovementIntent {
  readonly step: StepRow;
  readonly change: MovementChange;
}

/** The order as the movement's caller read it: what the request and the callback are built from. */
export interface MovementCall {
  readonly order: OrderRow;
}

/** What each movement refuses with when the order's state forbids it. */
export const WRONG_STATE: Record<MovementKind, RefusalKey> = {
  capture: 'ORDER_NOT_CAPTURABLE',
  reversal: 'ORDER_NOT_REVERSIBLE',
  refund: 'ORDER_NOT_REFUNDABLE',
};

const CALLBACK_OF: Record<MovementKind, CallbackOperation> = {
  capture: 'deposited',
  reversal: 'reversed',
  refund: 'refunded',
};

/** A reversal refused for now, not for good: kept apart for an automatic action, which sends it again. */
interface RetryableRefusal {
  readonly approved: false;
  readonly reason: DeclineReason;
  readonly retryable: true;
}
type MovementAnswer = FollowUpAnswer | RetryableRefusal;

/** An operation the acquirer never received: it refuses the id from the inquiry on, so it did not happen. */
export const NEVER_ARRIVED: FollowUpAnswer = { approved: false, reason: 'issuerTimeout' };

/**
 * A capture, reversal or refund of an order's money: the guarded change and its pending step
 * (the intent), the acquirer's answer, then the step finished with its callback, or the change
 * undone when refused. Without an answer the change stays applied and the step pending;
 * recovery asks the acquirer what it did. A hold's automatic action is the same step, but its
 * refusal is not undone at once: it is sent again under its own id with the engine's backoff,
 * and only when it needs a person is the change undone and the hold's deadline cleared, so the
 * next job run does not send it again under a new id.
 */
export class MovementSteps implements StepDefinition<MovementIntent, MovementCall, MovementAnswer> {
  readonly kinds = MOVEMENT_KINDS;

  constructor(
    private readonly orders: OrderRepository,
    private readonly movements: OrderMovementRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly emit: PaymentEventSink,
  ) {}

  async start(db: Executor, intent: MovementIntent): Promise<void> {
    const { step, change } = intent;
    const nowMs = step.created_at_ms;
    let prior: ReversalPrior | undefined;
    let applied: boolean;
    switch (change.kind) {
      case 'deposit':
        applied = await this.movements.applyDeposit(db, step.order_id, change.amountMinor, nowMs, change.dcc);
        break;
      case 'partialReversal':
        applied = await this.movements.applyPartialReversal(
          db,
          step.order_id,
          change.amountMinor,
          nowMs,
          change.dcc,
        );
        break;
      case 'fullReversal': {
        const before = await this.movements.applyFullReversal(db, step.order_id, nowMs);
        applied = before !== undefined;
        if (before !== undefined)
          prior = {
            status: before.status,
            approved_minor: before.approved_minor,
            deposited_minor: before.deposited_minor,
            dcc_approved_minor: before.dcc_approved_minor,
            dcc_deposited_minor: before.dcc_deposited_minor,
          };
        break;
      }
      case 'refund':
        applied = await this.movements.applyRefund(
          db,
          step.order_id,
          change.amountMinor,
          nowMs,
          change.expectedDepositedMinor,
          change.dcc,
        );
        break;
    }
    if (!applied) throw new Refusal(WRONG_STATE[step.kind as MovementKind]);
    // In the same unit as the change: a second intent under one external id fails on the
    // unique index and takes the change back with it.
    await this.operations.insertOperation(db, {
      ...step,
      prior: prior === undefined ? null : reversalPrior.encode(prior),
    });
  }

  async send(step: StepRow, terms: MovementCall | undefined): Promise<MovementAnswer | UnknownOutcome> {
    const order = terms?.order ?? (await this.orderOf(step));
    const request = followUp(order, step);
    if (step.kind === 'capture') return this.acquirer.capture(request);
    if (step.kind === 'refund') return this.acquirer.refund(request);
    const answer = await this.acquirer.reverse(request);
    if (isUnknown(answer)) return answer;
    // A retryable refusal of an automatic reversal is kept apart: it is sent again, not undone.
    if (
      answer.outcome === 'refused' &&
      !answer.final &&
      movementDetails.decode(step.details).automatic === true
    )
      return { approved: false, reason: answer.reason, retryable: true };
    return reversalAsFollowUp(answer);
  }

  async ask(step: StepRow): Promise<MovementAnswer | UnknownOutcome | Stray> {
    // An automatic action is the gateway's own: sent again under its id until the acquirer does it.
    if (movementDetails.decode(step.details).automatic === true) return this.send(step, undefined);
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return inquiry;
    if (!inquiry.found) return NEVER_ARRIVED;
    if (inquiry.call === 'reverse') return reversalAsFollowUp(inquiry.answer);
    if (inquiry.call === 'capture' || inquiry.call === 'refund') return inquiry.answer;
    return { stray: `the acquirer holds a ${inquiry.call} under this movement's id` };
  }

  async settle(step: StepRow, answer: MovementAnswer, live: Live<MovementCall>): Promise<Settled> {
    const automatic = movementDetails.decode(step.details).automatic === true;
    if (!answer.approved && automatic) {
      const actionCode = DECLINE_REASONS[answer.reason].actionCode;
      const why = `the acquirer refused the automatic ${step.kind} (action code ${actionCode})`;
      return {
        end: isRetryable(answer) ? retry(`${why}; it is sent again`, actionCode) : attention(why, actionCode),
      };
    }
    const order = live.terms?.order ?? (await this.orderOf(step));
    const nowMs = this.clock.nowMs();
    const outcome = operationOutcome(answer, nowMs);
    return this.writes.run(async (db): Promise<Settled> => {
      const finished = await this.operations.completePendingOperation(db, step.id, outcome);
      if (finished === undefined) return LOST;
      if (!answer.approved) {
        await this.undo(db, finished);
        return { end: DONE };
      }
      const kind = step.kind as MovementKind;
      const event = paymentEventFor(
        order,
        CALLBACK_OF[kind],
        true,
        step.amount_minor,
        dccSide(order, step.dcc_amount_minor),
      );
      await this.emit(db, causedBy(event, live.requestId), nowMs);
      return { end: DONE };
    });
  }

  /** An automatic action nothing automatic will finish: the order reads what it holds, and its deadline is cleared. */
  async leftForAttention(db: Executor, step: StepRow): Promise<void> {
    if (movementDetails.decode(step.details).automatic !== true) return;
    const [stored] = await this.operations.stepIn(db, step.id);
    if (stored !== undefined) await this.undo(db, stored);
    await this.movements.clearAutomaticActions(db, step.order_id);
  }

  private async orderOf(step: StepRow): Promise<OrderRow> {
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) throw new Error(`the order of ${step.kind} ${step.id} is gone`);
    return order;
  }

  /**
   * Undoes a movement the acquirer refused, from its operation row alone (a full reversal's row
   * records what it zeroed), each compensation a guarded repository method.
   */
  private undo(
    db: Executor,
    operation: Pick<OrderOperationRow, 'order_id' | 'kind' | 'amount_minor' | 'prior' | 'dcc_amount_minor'>,
  ): Promise<boolean> {
    const { order_id: orderId, amount_minor: amountMinor } = operation;
    const dccMinor = operation.dcc_amount_minor ?? 0;
    if (operation.kind === 'capture') return this.movements.undoCapture(db, orderId, amountMinor);
    if (operation.kind === 'refund') return this.movements.undoRefund(db, orderId, amountMinor, dccMinor);
    // A partial reversal released part of a hold and records no prior; a full one records what it zeroed.
    if (operation.prior === null)
      return this.movements.undoPartialReversal(db, orderId, amountMinor, dccMinor);
    return this.movements.undoFullReversal(db, orderId, reversalPrior.decode(operation.prior));
  }
}

function isRetryable(answer: MovementAnswer): answer is RetryableRefusal {
  return 'retryable' in answer;
}
