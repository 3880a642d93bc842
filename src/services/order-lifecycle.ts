import type { Clock } from '../domain/clock.js';
import { effectiveAmount } from '../domain/lifecycle-rules.js';
import { pendingOperationRow } from '../domain/operation-intent.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { Refusal, type RefusalKey } from '../domain/refusals.js';
import { isUnknown, type AcquirerPort, type FollowUpAnswer } from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { OrderMovementRepository } from '../store/order-movement-repository.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { ReversalPrior } from '../store/order-columns.js';
import type { Executor } from '../store/prepared-query.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import type { PaymentEventSink } from './card-payment.js';
import { dccSide, paymentEventFor, type CallbackOperation } from './callbacks/payment-event.js';
import { convertedOf } from './dcc/charge.js';
import type { MovementSide } from '../domain/dcc/movement-split.js';
import type { MerchantContext } from './merchant-context.js';
import { operationOutcome } from './operation-outcome.js';
import { amountsOf, dccAmount, followUp, reversalAsFollowUp } from './movement-terms.js';

type Kind = 'capture' | 'reversal' | 'refund';

/** What a merchant's capture, reversal or refund says besides its amount. */
export interface MovementTerms {
  /** The call's items or jsonParams, kept with the operation. */
  readonly details?: unknown;
  /** Which currency the amount is in, for converted orders. */
  readonly side?: MovementSide;
  /** X-Request-Id of the call, carried by the callback; absent when a job moves the money. */
  readonly requestId?: string;
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
  /** The guarded change; false when the order's state or amounts forbid it. */
  apply(db: Executor, nowMs: number): Promise<boolean>;
  /** A full reversal's record of what it zeroed, read after `apply` (see undo). */
  prior?(): ReversalPrior;
}

/** What each movement refuses with when the order's state forbids it. */
const WRONG_STATE: Record<Kind, RefusalKey> = {
  capture: 'ORDER_NOT_CAPTURABLE',
  reversal: 'ORDER_NOT_REVERSIBLE',
  refund: 'ORDER_NOT_REFUNDABLE',
};

const WRONG_STATE_KEYS: ReadonlySet<RefusalKey> = new Set(Object.values(WRONG_STATE));

/** How often a converted order's movement is computed again when concurrent movements keep winning. */
const CONVERTED_ATTEMPTS_MAX = 50;

const CALLBACK_OF: Record<Kind, CallbackOperation> = {
  capture: 'deposited',
  reversal: 'reversed',
  refund: 'refunded',
};

/** How a movement ended at the acquirer: done, refused (and undone), or not known yet. */
export type MovementEnd =
  { readonly state: 'approved' | 'pending' } | { readonly state: 'declined'; readonly actionCode: number };

const APPROVED: MovementEnd = { state: 'approved' };
const PENDING: MovementEnd = { state: 'pending' };

/**
 * Undoes a movement the acquirer refused, from its operation row alone, so a movement resumed
 * after a restart is undone the same way. Each compensation is a guarded repository method.
 */
async function undo(
  orders: OrderMovementRepository,
  db: Executor,
  operation: Pick<OrderOperationRow, 'order_id' | 'kind' | 'amount_minor' | 'prior' | 'dcc_amount_minor'>,
): Promise<boolean> {
  const { order_id: orderId, amount_minor: amountMinor } = operation;
  const dccMinor = operation.dcc_amount_minor ?? 0;
  if (operation.kind === 'capture') return orders.undoCapture(db, orderId, amountMinor);
  if (operation.kind === 'refund') return orders.undoRefund(db, orderId, amountMinor, dccMinor);
  // A partial reversal released part of a hold and records no prior; a full one records what it zeroed.
  if (operation.prior === null) return orders.undoPartialReversal(db, orderId, amountMinor, dccMinor);
  return orders.undoFullReversal(db, orderId, JSON.parse(operation.prior) as ReversalPrior);
}

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
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
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
        apply: (db, nowMs) => this.movements.applyDeposit(db, current.id, amountMinor, nowMs, dcc),
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
        apply: (db, nowMs) => this.movements.applyPartialReversal(db, order.id, amountMinor, nowMs, dcc),
      });
      return;
    }
    let before: OrderRow | undefined;
    await this.move(order, {
      kind: 'reversal',
      amountMinor,
      details: terms.details,
      ...requestIdOf(terms),
      ...dccAmount(dcc),
      apply: async (db, nowMs) => {
        before = await this.movements.applyFullReversal(db, order.id, nowMs);
        return before !== undefined;
      },
      prior: () => ({
        status: before?.status ?? order.status,
        approved_minor: before?.approved_minor ?? order.approved_minor,
        deposited_minor: before?.deposited_minor ?? order.deposited_minor,
        dcc_approved_minor: before?.dcc_approved_minor ?? order.dcc_approved_minor,
        dcc_deposited_minor: before?.dcc_deposited_minor ?? order.dcc_deposited_minor,
      }),
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
        apply: (db, nowMs) =>
          this.movements.applyRefund(db, order.id, amountMinor, nowMs, options.expectedDepositedMinor, dcc),
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
    const operationId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const operation = await this.writes.run(async (db) => {
      if (!(await movement.apply(db, startedMs))) throw new Refusal(WRONG_STATE[movement.kind]);
      const row = pendingOperationRow({
        id: operationId,
        order,
        kind: movement.kind,
        amountMinor: movement.amountMinor,
        nowMs: startedMs,
        externalId: movement.externalId,
        details: movement.details === undefined ? null : JSON.stringify(movement.details),
        prior: movement.prior === undefined ? null : JSON.stringify(movement.prior()),
        dccAmountMinor: movement.dccAmountMinor ?? null,
      });
      // In the same unit as the change: a second intent under one external id fails on the
      // unique index and takes the change back with it.
      await this.operations.insertOperation(db, row);
      return row;
    });
    const end = await this.finish(order, operation, movement.requestId);
    if (end.state === 'pending') throw new Refusal('OPERATION_PENDING');
    if (end.state === 'declined') throw new Refusal('OPERATION_DECLINED', { actionCode: end.actionCode });
  }

  /** The acquirer call and the outcome unit: completed with its callback, undone, or left pending. */
  private async finish(
    order: OrderRow,
    operation: OrderOperationRow,
    requestId: string | undefined,
  ): Promise<MovementEnd> {
    const request = followUp(order, operation);
    const answer =
      operation.kind === 'capture'
        ? await this.acquirer.capture(request)
        : operation.kind === 'refund'
          ? await this.acquirer.refund(request)
          : await this.acquirer.reverse(request);
    if (isUnknown(answer)) return PENDING;
    return this.settle(
      order,
      operation,
      'outcome' in answer ? reversalAsFollowUp(answer) : answer,
      requestId,
    );
  }

  /**
   * A movement's outcome unit (the live answer, or what an inquiry found): completed with its
   * callback, or undone when refused. Only the pending row is finished, once: a resumed movement
   * and a late original never both. `requestId` is the merchant's call, when it is the live answer.
   */
  async settle(
    order: OrderRow,
    operation: OrderOperationRow,
    answer: FollowUpAnswer,
    requestId?: string,
  ): Promise<MovementEnd> {
    const kind = operation.kind as Kind;
    const nowMs = this.clock.nowMs();
    const outcome = operationOutcome(answer, nowMs);
    const declined: MovementEnd = { state: 'declined', actionCode: outcome.action_code };
    return this.writes.run(async (db) => {
      if (!(await this.operations.completePendingOperation(db, operation.id, outcome))) {
        return answer.approved ? APPROVED : declined;
      }
      if (!answer.approved) {
        await undo(this.movements, db, operation);
        return declined;
      }
      const event = paymentEventFor(
        order,
        CALLBACK_OF[kind],
        true,
        operation.amount_minor,
        dccSide(order, operation.dcc_amount_minor),
      );
      await this.emit(db, requestId === undefined ? event : { ...event, requestId }, nowMs);
      return APPROVED;
    });
  }
}

function requestIdOf(terms: MovementTerms): { requestId?: string } {
  return terms.requestId === undefined ? {} : { requestId: terms.requestId };
}

/** The step kinds of merchants' movements. */
export const MOVEMENT_KINDS = ['capture', 'reversal', 'refund'] as const satisfies readonly Kind[];
