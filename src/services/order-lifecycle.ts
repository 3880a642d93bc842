import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { effectiveAmount } from '../domain/lifecycle-rules.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { Refusal, type RefusalKey } from '../domain/refusals.js';
import { type GroupCommit, isUniqueViolation } from '../store-engine/index.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { DccSide, OrderMovementRepository } from '../store/order-movement-repository.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { OrderRow } from '../store/schema.js';
import { convertedOf } from './dcc/charge.js';
import type { MovementSide } from '../domain/dcc/movement-split.js';
import type { MerchantContext } from './merchant-context.js';
import type { MoneyStepEngine } from './money-steps/money-step-engine.js';
import { WRONG_STATE, type MovementChange, type MovementSteps } from './money-steps/movement-steps.js';
import { pendingStep } from './money-steps/pending-step.js';
import { movementDetails } from './money-steps/step-details.js';
import { amountsOf, dccAmount } from './movement-terms.js';

type Kind = 'capture' | 'reversal' | 'refund';

/** What a merchant's capture, reversal or refund says besides its amount. */
export interface MovementTerms {
  /** The call's items or jsonParams, kept with the operation. */
  readonly details?: unknown;
  /** Which currency the amount is in, for converted orders. */
  readonly side?: MovementSide;
  /** X-Request-Id of the call, carried by the callback; absent when a job moves the money. */
  readonly requestId?: string;
  /** A hold's automatic action: sent again under its own id when refused for now, never undone at once. */
  readonly automatic?: boolean;
}

export interface RefundTerms extends MovementTerms {
  readonly expectedDepositedMinor?: number;
  readonly externalRefundId?: string;
}

interface Movement {
  readonly kind: Kind;
  readonly amountMinor: number;
  /** The same movement in the order's DCC currency, for converted orders. */
  readonly dccAmountMinor?: number;
  readonly externalId?: string;
  readonly details?: unknown;
  /** X-Request-Id of the merchant's call; its callback carries it. */
  readonly requestId?: string;
  /** A hold's automatic action (autocompletionDate, autoReverseDate), not a merchant's call. */
  readonly automatic?: boolean;
  /** The guarded change on the order; refused when its state or amounts forbid it. */
  readonly change: MovementChange;
}

const WRONG_STATE_KEYS: ReadonlySet<RefusalKey> = new Set(Object.values(WRONG_STATE));

/** How often a converted order's movement is computed again when concurrent movements keep winning. */
const CONVERTED_ATTEMPTS_MAX = 50;

/**
 * deposit.do, reverse.do, refund.do, decline.do. Each movement: the guarded change and its pending
 * operation row (one unit: the intent), the acquirer call, then the operation's outcome and the
 * callback (one unit), or the change undone if the acquirer refused. Without an answer in time
 * the change stays applied and the operation pending: the recovery job sends the same request
 * again (the acquirer recognizes it by the operation id) and completes or undoes it. Guards make
 * concurrent requests safe: captured ≤ approved, refunded ≤ captured, one capture, one reversal,
 * one refund per externalRefundId.
 */
export class OrderLifecycle {
  constructor(
    private readonly orders: OrderRepository,
    private readonly movements: OrderMovementRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly engine: MoneyStepEngine,
    private readonly movementSteps: MovementSteps,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  async deposit(order: OrderRow, requestedMinor: number, terms: MovementTerms = {}): Promise<void> {
    await this.fresh(order, async (current) => {
      if (current.status !== ORDER_STATUS.approved) throw new Refusal('ORDER_NOT_CAPTURABLE');
      const converted = convertedOf(current);
      const held = { originalMinor: current.approved_minor, dccMinor: current.dcc_approved_minor };
      const { amountMinor, dcc } = amountsOf(requestedMinor, terms.side ?? 'original', held, converted);
      await this.move(current, {
        kind: 'capture',
        amountMinor,
        details: terms.details,
        ...requestIdOf(terms),
        ...dccAmount(dcc),
        change: { kind: 'deposit', amountMinor, ...dccOf(dcc) },
      });
    });
  }

  async reverse(
    merchant: MerchantContext,
    order: OrderRow,
    requestedMinor: number | undefined,
    terms: MovementTerms = {},
  ): Promise<void> {
    await this.fresh(order, (current) => this.reverseOnce(merchant, current, requestedMinor, terms));
  }

  private async reverseOnce(
    merchant: MerchantContext,
    order: OrderRow,
    requestedMinor: number | undefined,
    terms: MovementTerms,
  ): Promise<void> {
    const side = terms.side ?? 'original';
    if (order.status !== ORDER_STATUS.approved && order.status !== ORDER_STATUS.deposited) {
      throw new Refusal('ORDER_NOT_REVERSIBLE');
    }
    const approved = order.status === ORDER_STATUS.approved;
    const held = {
      originalMinor: approved ? order.approved_minor : order.deposited_minor,
      dccMinor: approved ? order.dcc_approved_minor : order.dcc_deposited_minor,
    };
    const converted = convertedOf(order);
    const full = side === 'dcc' && converted !== undefined ? held.dccMinor : held.originalMinor;
    const requested = requestedMinor === undefined ? 0 : requestedMinor;
    if (effectiveAmount(requested, full) < full) {
      if (!merchant.permissions.has('partialReversal'))
        throw new Refusal('PERMISSION_REQUIRED', { feature: 'amount' });
      if (!approved) throw new Refusal('ORDER_NOT_REVERSIBLE');
    }
    const { amountMinor, dcc } = amountsOf(requested, side, held, converted);
    if (amountMinor < held.originalMinor) {
      await this.move(order, {
        kind: 'reversal',
        amountMinor,
        details: terms.details,
        ...requestIdOf(terms),
        ...dccAmount(dcc),
        change: { kind: 'partialReversal', amountMinor, ...dccOf(dcc) },
      });
      return;
    }
    await this.move(order, {
      kind: 'reversal',
      amountMinor,
      details: terms.details,
      ...requestIdOf(terms),
      ...dccAmount(dcc),
      change: { kind: 'fullReversal' },
    });
  }

  async refund(order: OrderRow, requestedMinor: number, options: RefundTerms = {}): Promise<void> {
    const externalId = options.externalRefundId;
    // A retry of a refund already made is answered from it before the amounts are checked again.
    if (externalId !== undefined && (await this.answeredByEarlierRefund(order.id, externalId))) return;
    await this.fresh(order, (current) => this.refundOnce(current, requestedMinor, options));
  }

  private async refundOnce(order: OrderRow, requestedMinor: number, options: RefundTerms): Promise<void> {
    const externalId = options.externalRefundId;
    if (order.status !== ORDER_STATUS.deposited && order.status !== ORDER_STATUS.refunded) {
      throw new Refusal('ORDER_NOT_REFUNDABLE');
    }
    const left = {
      originalMinor: order.deposited_minor - order.refunded_minor,
      dccMinor: order.dcc_deposited_minor - order.dcc_refunded_minor,
    };
    const converted = convertedOf(order);
    const refunded = { originalMinor: order.refunded_minor, dccMinor: order.dcc_refunded_minor };
    const { amountMinor, dcc } = amountsOf(
      requestedMinor,
      options.side ?? 'original',
      left,
      converted,
      refunded,
    );
    try {
      await this.move(order, {
        kind: 'refund',
        amountMinor,
        details: options.details,
        ...requestIdOf(options),
        ...(externalId === undefined ? {} : { externalId }),
        ...dccAmount(dcc),
        change: {
          kind: 'refund',
          amountMinor,
          ...(options.expectedDepositedMinor === undefined
            ? {}
            : { expectedDepositedMinor: options.expectedDepositedMinor }),
          ...dccOf(dcc),
        },
      });
    } catch (error) {
      // The unique index on the external id: a concurrent request with the same id wrote its intent first.
      if (externalId === undefined || !isUniqueViolation(error)) throw error;
      if (await this.answeredByEarlierRefund(order.id, externalId)) return;
      throw new Refusal('OPERATION_PENDING');
    }
  }

  /**
   * The same externalRefundId answers with the first refund instead of refunding again
   * (gateway-facts §2.3): success when it was made (true), "pending" while its answer is awaited,
   * and a decline when the acquirer declined it. False when there is none.
   */
  private async answeredByEarlierRefund(orderId: string, externalId: string): Promise<boolean> {
    const earlier = await this.operations.findOperationByExternalId(orderId, 'refund', externalId);
    if (earlier === undefined) return false;
    if (earlier.state === 'approved') return true;
    if (earlier.state === 'pending') throw new Refusal('OPERATION_PENDING');
    throw new Refusal('OPERATION_DECLINED', { actionCode: earlier.action_code });
  }

  async decline(order: OrderRow): Promise<void> {
    const changed = await this.writes.run((db) =>
      this.movements.applyDecline(db, order.id, this.clock.nowMs()),
    );
    if (!changed) throw new Refusal('ORDER_NOT_CANCELLABLE');
  }

  /**
   * Runs a movement on the order as read. A converted order's card-currency side is computed from
   * its amounts, and its statement requires them unchanged; when a concurrent movement changed
   * them first, the movement is computed again from the order as it now stands.
   */
  private async fresh(order: OrderRow, once: (current: OrderRow) => Promise<void>): Promise<void> {
    let current = order;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await once(current);
        return;
      } catch (error) {
        const retry =
          error instanceof Refusal &&
          WRONG_STATE_KEYS.has(error.key) &&
          convertedOf(current) !== undefined &&
          attempt < CONVERTED_ATTEMPTS_MAX;
        if (!retry) throw error;
        const read = await this.orders.findById(current.merchant_id, current.id);
        if (read === undefined) throw error;
        current = read;
      }
    }
  }

  private async move(order: OrderRow, movement: Movement): Promise<void> {
    const step = pendingStep({
      id: this.random.uuid(),
      order,
      kind: movement.kind,
      amountMinor: movement.amountMinor,
      nowMs: this.clock.nowMs(),
      externalId: movement.externalId,
      details: movementDetails.encode(
        movement.automatic === true ? { automatic: true } : { request: movement.details },
      ),
      dccAmountMinor: movement.dccAmountMinor ?? null,
    });
    const end = await this.engine.perform(this.movementSteps, { step, change: movement.change }, step, {
      terms: { order },
      ...(movement.requestId === undefined ? {} : { requestId: movement.requestId }),
    });
    if (!end.answered) throw new Refusal('OPERATION_PENDING');
    if (end.settled.lost === true) return this.answerFromStep(step.id);
    const answer = end.answer;
    if (answer.approved) return;
    // An automatic action refused for now is sent again by the engine, under its own id.
    if ('retryable' in answer) throw new Refusal('OPERATION_PENDING');
    throw new Refusal('OPERATION_DECLINED', { actionCode: DECLINE_REASONS[answer.reason].actionCode });
  }

  /** Recovery settled the step first: the merchant is answered what it wrote, not what this call heard. */
  private async answerFromStep(stepId: string): Promise<void> {
    const settled = await this.operations.step(stepId);
    if (settled?.state === 'approved') return;
    if (settled?.state === 'declined')
      throw new Refusal('OPERATION_DECLINED', { actionCode: settled.action_code });
    throw new Refusal('OPERATION_PENDING');
  }
}

function dccOf(dcc: DccSide | undefined): { dcc?: DccSide } {
  return dcc === undefined ? {} : { dcc };
}

function requestIdOf(terms: MovementTerms): { requestId?: string; automatic?: boolean } {
  return {
    ...(terms.requestId === undefined ? {} : { requestId: terms.requestId }),
    ...(terms.automatic === true ? { automatic: true } : {}),
  };
}
