import { sql } from 'kysely';
import type { Clock } from '../domain/clock.js';
import { effectiveAmount } from '../domain/lifecycle-rules.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { invalidParam, Refusal } from '../domain/refusals.js';
import type { AcquirerPort, FollowUpAnswer } from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { Executor } from '../store/prepared-query.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import type { PaymentEventSink } from './card-payment.js';
import { paymentEventFor, type CallbackOperation } from './callbacks/payment-event.js';
import type { MerchantContext } from './merchant-context.js';
import { operationOutcome } from './operation-outcome.js';

type Kind = 'capture' | 'reversal' | 'refund';

interface Movement {
  readonly kind: Kind;
  readonly amountMinor: number;
  readonly externalId?: string;
  readonly details?: unknown;
  /** The guarded change; false when the order's state or amounts forbid it. */
  apply(db: Executor, nowMs: number): Promise<boolean>;
  /** A full reversal's record of what it zeroed, read after `apply` (see undoMovement). */
  prior?(): Prior;
}

/** The order's status and amounts before a full reversal. */
interface Prior {
  readonly status: number;
  readonly approved_minor: number;
  readonly deposited_minor: number;
}

/** The acquirer call of a movement; the same call again when a stalled movement is resumed. */
function callFor(
  acquirer: AcquirerPort,
  kind: Kind,
  order: OrderRow,
  amountMinor: number,
): Promise<FollowUpAnswer> {
  const request = followUp(order, amountMinor);
  if (kind === 'capture') return acquirer.capture(request);
  if (kind === 'refund') return acquirer.refund(request);
  return acquirer.reverse(request);
}

const CALLBACK_OF: Record<Kind, CallbackOperation> = {
  capture: 'deposited',
  reversal: 'reversed',
  refund: 'refunded',
};

/**
 * Undoes a movement the acquirer refused, from its operation row alone, so a movement resumed
 * after a restart is undone the same way: each undo is relative (it takes back its own amount) or
 * guarded on the state the movement left, so concurrent movements are never clobbered.
 */
async function undoMovement(
  db: Executor,
  operation: Pick<OrderOperationRow, 'order_id' | 'kind' | 'amount_minor' | 'prior'>,
): Promise<void> {
  const orderId = operation.order_id;
  const amountMinor = operation.amount_minor;
  if (operation.kind === 'capture') {
    await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.approved, deposited_minor: 0, deposited_at_ms: null })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.deposited)
      .where('refunded_minor', '=', 0)
      .execute();
  } else if (operation.kind === 'refund') {
    await db
      .updateTable('orders')
      .set((eb) => ({
        refunded_minor: eb('refunded_minor', '-', amountMinor),
        // Literal statuses: PostgreSQL types a bare parameter in a CASE as text, not integer.
        status: sql<number>`case when refunded_minor = ${amountMinor} then ${sql.lit(ORDER_STATUS.deposited)} else ${sql.lit(ORDER_STATUS.refunded)} end`,
      }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.refunded)
      .execute();
  } else if (operation.prior === null) {
    // A partial reversal released part of a hold: the part comes back.
    await db
      .updateTable('orders')
      .set((eb) => ({ approved_minor: eb('approved_minor', '+', amountMinor) }))
      .where('id', '=', orderId)
      .execute();
  } else {
    const prior = JSON.parse(operation.prior) as Prior;
    await db
      .updateTable('orders')
      .set({
        status: prior.status,
        approved_minor: prior.approved_minor,
        deposited_minor: prior.deposited_minor,
        reversed_at_ms: null,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.reversed)
      .execute();
  }
}

function followUp(order: OrderRow, amountMinor: number) {
  return {
    orderId: order.id,
    amountMinor,
    currency: order.currency,
    original: {
      approvalCode: order.approval_code ?? '',
      rrn: order.rrn ?? '',
      paymentNetRefNum: order.payment_net_ref_num ?? '',
      terminalId: order.terminal_id ?? '',
      authRefNum: order.auth_ref_num ?? '',
    },
  };
}

/**
 * deposit.do, reverse.do, refund.do, decline.do. Each movement: the guarded change and its pending
 * operation row (one unit), the acquirer call, then the operation's outcome and the callback (one
 * unit), or the change undone if the acquirer refused. Guards make concurrent requests safe:
 * captured ≤ approved, refunded ≤ captured, one capture, one reversal.
 */
export class OrderLifecycle {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
  ) {}

  async deposit(order: OrderRow, requestedMinor: number, details?: unknown): Promise<void> {
    if (order.status !== ORDER_STATUS.approved) throw new Refusal('ORDER_NOT_PAYABLE');
    const amountMinor = effectiveAmount(requestedMinor, order.approved_minor);
    if (amountMinor > order.approved_minor)
      throw invalidParam('amount', 'reason.integerRange', { min: 0, max: order.approved_minor });
    await this.move(order, {
      kind: 'capture',
      amountMinor,
      details,
      apply: (db, nowMs) => this.orders.applyDeposit(db, order.id, amountMinor, nowMs),
    });
  }

  async reverse(
    merchant: MerchantContext,
    order: OrderRow,
    requestedMinor: number | undefined,
    details?: unknown,
  ): Promise<void> {
    if (order.status !== ORDER_STATUS.approved && order.status !== ORDER_STATUS.deposited) {
      throw new Refusal('ORDER_NOT_PAYABLE');
    }
    const full = order.status === ORDER_STATUS.approved ? order.approved_minor : order.deposited_minor;
    const amountMinor = requestedMinor === undefined ? full : effectiveAmount(requestedMinor, full);
    if (amountMinor > full) throw invalidParam('amount', 'reason.integerRange', { min: 0, max: full });
    if (amountMinor < full) {
      if (!merchant.permissions.has('partialReversal'))
        throw new Refusal('PERMISSION_REQUIRED', { feature: 'amount' });
      if (order.status !== ORDER_STATUS.approved) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.move(order, {
        kind: 'reversal',
        amountMinor,
        details,
        apply: (db, nowMs) => this.orders.applyPartialReversal(db, order.id, amountMinor, nowMs),
      });
      return;
    }
    let before: OrderRow | undefined;
    await this.move(order, {
      kind: 'reversal',
      amountMinor,
      details,
      apply: async (db, nowMs) => {
        before = await this.orders.applyFullReversal(db, order.id, nowMs);
        return before !== undefined;
      },
      prior: () => ({
        status: before?.status ?? order.status,
        approved_minor: before?.approved_minor ?? order.approved_minor,
        deposited_minor: before?.deposited_minor ?? order.deposited_minor,
      }),
    });
  }

  async refund(
    order: OrderRow,
    requestedMinor: number,
    options: { expectedDepositedMinor?: number; externalRefundId?: string; details?: unknown } = {},
  ): Promise<void> {
    if (options.externalRefundId !== undefined) {
      const existing = await this.orders.findRefundByExternalId(order.id, options.externalRefundId);
      // The same externalRefundId answers success with the first refund instead of refunding again.
      if (existing !== undefined && existing.state === 'approved') return;
    }
    if (order.status !== ORDER_STATUS.deposited && order.status !== ORDER_STATUS.refunded) {
      throw new Refusal('ORDER_NOT_PAYABLE');
    }
    const left = order.deposited_minor - order.refunded_minor;
    const amountMinor = effectiveAmount(requestedMinor, left);
    if (amountMinor > left) throw invalidParam('amount', 'reason.integerRange', { min: 0, max: left });
    await this.move(order, {
      kind: 'refund',
      amountMinor,
      details: options.details,
      ...(options.externalRefundId === undefined ? {} : { externalId: options.externalRefundId }),
      apply: (db, nowMs) =>
        this.orders.applyRefund(db, order.id, amountMinor, nowMs, options.expectedDepositedMinor),
    });
  }

  async decline(order: OrderRow): Promise<void> {
    const changed = await this.writes.run((db) => this.orders.applyDecline(db, order.id, this.clock.nowMs()));
    if (!changed) throw new Refusal('ORDER_NOT_PAYABLE');
  }

  private async move(order: OrderRow, movement: Movement): Promise<void> {
    const operationId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const operation = await this.writes.run(async (db) => {
      if (!(await movement.apply(db, startedMs))) throw new Refusal('ORDER_NOT_PAYABLE');
      const row: OrderOperationRow = {
        id: operationId,
        order_id: order.id,
        merchant_id: order.merchant_id,
        kind: movement.kind,
        state: 'pending',
        amount_minor: movement.amountMinor,
        currency: order.currency,
        action_code: -9000,
        rrn: null,
        approval_code: null,
        external_id: movement.externalId ?? null,
        details: movement.details === undefined ? null : JSON.stringify(movement.details),
        prior: movement.prior === undefined ? null : JSON.stringify(movement.prior()),
        created_at_ms: startedMs,
        completed_at_ms: null,
      };
      await this.orders.insertOperation(db, row);
      return row;
    });
    if (!(await this.finish(order, operation))) throw new Refusal('SYSTEM_ERROR');
  }

  /**
   * A capture, reversal or refund whose process stopped during the acquirer call: the same call
   * again (a movement is the same request, so the acquirer can recognize it), then its outcome.
   */
  async resume(operation: OrderOperationRow): Promise<boolean> {
    if (operation.state !== 'pending' || !isKind(operation.kind)) return false;
    const order = await this.orders.findById(operation.merchant_id, operation.order_id);
    if (order === undefined) return false;
    return this.finish(order, operation);
  }

  /** The acquirer call and the outcome unit: completed with its callback, or undone. */
  private async finish(order: OrderRow, operation: OrderOperationRow): Promise<boolean> {
    const kind = operation.kind as Kind;
    const answer = await callFor(this.acquirer, kind, order, operation.amount_minor);
    const nowMs = this.clock.nowMs();
    return this.writes.run(async (db) => {
      // Only the pending row is finished, once: a resumed movement and a late original never both.
      if (!(await this.orders.completePendingOperation(db, operation.id, operationOutcome(answer, nowMs)))) {
        return answer.approved;
      }
      if (!answer.approved) {
        await undoMovement(db, operation);
        return false;
      }
      await this.emit(db, paymentEventFor(order, CALLBACK_OF[kind], true, operation.amount_minor), nowMs);
      return true;
    });
  }
}

function isKind(kind: string): kind is Kind {
  return kind === 'capture' || kind === 'reversal' || kind === 'refund';
}
