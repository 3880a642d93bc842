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
import type { OrderRow } from '../store/schema.js';
import type { PaymentEventSink } from './card-payment.js';
import { paymentEventFor, type CallbackOperation } from './callbacks/payment-event.js';
import type { MerchantContext } from './merchant-context.js';
import { operationOutcome } from './operation-outcome.js';

type Kind = 'capture' | 'reversal' | 'refund';

interface Movement {
  readonly kind: Kind;
  readonly amountMinor: number;
  readonly callback: CallbackOperation;
  readonly externalId?: string;
  readonly details?: unknown;
  /** The guarded change; false when the order's state or amounts forbid it. */
  apply(db: Executor, nowMs: number): Promise<boolean>;
  /** Undoes `apply` when the acquirer refuses the movement. */
  undo(db: Executor, nowMs: number): Promise<void>;
  call(acquirer: AcquirerPort, order: OrderRow): Promise<FollowUpAnswer>;
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
      callback: 'deposited',
      details,
      apply: (db, nowMs) => this.orders.applyDeposit(db, order.id, amountMinor, nowMs),
      undo: (db) =>
        db
          .updateTable('orders')
          .set({ status: ORDER_STATUS.approved, deposited_minor: 0, deposited_at_ms: null })
          .where('id', '=', order.id)
          .where('status', '=', ORDER_STATUS.deposited)
          .where('refunded_minor', '=', 0)
          .execute()
          .then(() => undefined),
      call: (acquirer) => acquirer.capture(followUp(order, amountMinor)),
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
        callback: 'reversed',
        details,
        apply: (db, nowMs) => this.orders.applyPartialReversal(db, order.id, amountMinor, nowMs),
        undo: (db) =>
          db
            .updateTable('orders')
            .set((eb) => ({ approved_minor: eb('approved_minor', '+', amountMinor) }))
            .where('id', '=', order.id)
            .execute()
            .then(() => undefined),
        call: (acquirer) => acquirer.reverse(followUp(order, amountMinor)),
      });
      return;
    }
    let before: OrderRow | undefined;
    await this.move(order, {
      kind: 'reversal',
      amountMinor,
      callback: 'reversed',
      details,
      apply: async (db, nowMs) => {
        before = await this.orders.applyFullReversal(db, order.id, nowMs);
        return before !== undefined;
      },
      undo: (db) =>
        db
          .updateTable('orders')
          .set({
            status: before?.status ?? order.status,
            approved_minor: before?.approved_minor ?? order.approved_minor,
            deposited_minor: before?.deposited_minor ?? order.deposited_minor,
            reversed_at_ms: null,
          })
          .where('id', '=', order.id)
          .where('status', '=', ORDER_STATUS.reversed)
          .execute()
          .then(() => undefined),
      call: (acquirer) => acquirer.reverse(followUp(order, amountMinor)),
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
      callback: 'refunded',
      details: options.details,
      ...(options.externalRefundId === undefined ? {} : { externalId: options.externalRefundId }),
      apply: (db, nowMs) =>
        this.orders.applyRefund(db, order.id, amountMinor, nowMs, options.expectedDepositedMinor),
      undo: (db) =>
        db
          .updateTable('orders')
          .set((eb) => ({
            refunded_minor: eb('refunded_minor', '-', amountMinor),
            status: sql<number>`case when refunded_minor = ${amountMinor} then ${ORDER_STATUS.deposited} else ${ORDER_STATUS.refunded} end`,
          }))
          .where('id', '=', order.id)
          .where('status', '=', ORDER_STATUS.refunded)
          .execute()
          .then(() => undefined),
      call: (acquirer) => acquirer.refund(followUp(order, amountMinor)),
    });
  }

  async decline(order: OrderRow): Promise<void> {
    const changed = await this.writes.run((db) => this.orders.applyDecline(db, order.id, this.clock.nowMs()));
    if (!changed) throw new Refusal('ORDER_NOT_PAYABLE');
  }

  private async move(order: OrderRow, movement: Movement): Promise<void> {
    const operationId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      if (!(await movement.apply(db, startedMs))) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.orders.insertOperation(db, {
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
        created_at_ms: startedMs,
        completed_at_ms: null,
      });
    });
    const answer = await movement.call(this.acquirer, order);
    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      if (!answer.approved) await movement.undo(db, nowMs);
      await this.orders.completeOperation(db, operationId, operationOutcome(answer, nowMs));
      if (answer.approved) {
        await this.emit(db, paymentEventFor(order, movement.callback, true, movement.amountMinor), nowMs);
      }
    });
    if (!answer.approved) throw new Refusal('SYSTEM_ERROR');
  }
}
