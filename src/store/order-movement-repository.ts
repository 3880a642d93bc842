import { sql } from 'kysely';
import { ORDER_STATUS, UNPAID } from '../domain/order-status.js';
import type { ReversalPrior } from './order-columns.js';
import { type Executor, preparedQuery } from '../store-engine/index.js';
import type { OrderRow } from './schema.js';

/**
 * The card-currency side of a movement of a converted (DCC) order. That side is derived from the
 * amounts the order held when the movement was computed, so the statement also requires them
 * unchanged (`expected*`): a concurrent movement makes it match nothing, and the caller computes
 * again from the fresh row.
 */
export interface DccSide {
  readonly amountMinor: number;
  readonly expectedMinor: number;
  readonly expectedOriginalMinor: number;
}

interface Deposit {
  readonly orderId: string;
  readonly amountMinor: number;
  readonly nowMs: number;
}

/** The capture of a hold, guarded: approved, and at most the approved amount. */
function depositOf(db: Executor, p: Deposit) {
  return db
    .updateTable('orders')
    .set({
      status: ORDER_STATUS.deposited,
      deposited_minor: p.amountMinor,
      deposited_at_ms: p.nowMs,
      updated_at_ms: p.nowMs,
    })
    .where('id', '=', p.orderId)
    .where('status', '=', ORDER_STATUS.approved)
    .where('approved_minor', '>=', p.amountMinor);
}

/**
 * What captures, reversals, refunds and cancellations change on an order: each one guarded
 * statement inside the caller's unit that states its rule (status, and the amount bounds:
 * captured ≤ approved, refunded ≤ captured), and each compensation guarded the same way.
 */
export class OrderMovementRepository {
  /** applyDeposit without a DCC side, the common capture: compiled once. */
  private readonly deposit = preparedQuery(depositOf);

  /** Capture of a hold: once, at most the approved amount. */
  async applyDeposit(
    db: Executor,
    orderId: string,
    amountMinor: number,
    nowMs: number,
    dcc?: DccSide,
  ): Promise<boolean> {
    const deposit = { orderId, amountMinor, nowMs };
    if (dcc === undefined) return (await this.deposit(db, deposit)).numAffectedRows === 1n;
    const result = await depositOf(db, deposit)
      .set({ dcc_deposited_minor: dcc.amountMinor })
      .where('approved_minor', '=', dcc.expectedOriginalMinor)
      .where('dcc_approved_minor', '=', dcc.expectedMinor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Part of a hold released; the rest stays held. Never the whole: that is a full reversal. */
  async applyPartialReversal(
    db: Executor,
    orderId: string,
    amountMinor: number,
    nowMs: number,
    dcc?: DccSide,
  ): Promise<boolean> {
    let query = db
      .updateTable('orders')
      .set((eb) => ({
        approved_minor: eb('approved_minor', '-', amountMinor),
        updated_at_ms: nowMs,
        ...(dcc === undefined ? {} : { dcc_approved_minor: eb('dcc_approved_minor', '-', dcc.amountMinor) }),
      }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.approved)
      .where('approved_minor', '>', amountMinor);
    if (dcc !== undefined) {
      query = query
        .where('approved_minor', '=', dcc.expectedOriginalMinor)
        .where('dcc_approved_minor', '=', dcc.expectedMinor);
    }
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The whole authorization released: from a hold, or from a payment nothing was refunded of. */
  async applyFullReversal(db: Executor, orderId: string, nowMs: number): Promise<OrderRow | undefined> {
    const before = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (before === undefined) return undefined;
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.reversed,
        approved_minor: 0,
        deposited_minor: 0,
        dcc_approved_minor: 0,
        dcc_deposited_minor: 0,
        reversed_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', 'in', [ORDER_STATUS.approved, ORDER_STATUS.deposited])
      .where('refunded_minor', '=', 0)
      .where('approved_minor', '=', before.approved_minor)
      .where('deposited_minor', '=', before.deposited_minor)
      .where('dcc_approved_minor', '=', before.dcc_approved_minor)
      .where('dcc_deposited_minor', '=', before.dcc_deposited_minor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n ? before : undefined;
  }

  /** A refund within what is left of the deposited amount, optionally only at an expected deposited amount. */
  async applyRefund(
    db: Executor,
    orderId: string,
    amountMinor: number,
    nowMs: number,
    expectedDepositedMinor?: number,
    dcc?: DccSide,
  ): Promise<boolean> {
    let query = db
      .updateTable('orders')
      .set((eb) => ({
        status: ORDER_STATUS.refunded,
        refunded_minor: eb('refunded_minor', '+', amountMinor),
        refunded_at_ms: nowMs,
        updated_at_ms: nowMs,
        ...(dcc === undefined ? {} : { dcc_refunded_minor: eb('dcc_refunded_minor', '+', dcc.amountMinor) }),
      }))
      .where('id', '=', orderId)
      .where('status', 'in', [ORDER_STATUS.deposited, ORDER_STATUS.refunded])
      .where((eb) => eb(eb('deposited_minor', '-', eb.ref('refunded_minor')), '>=', amountMinor));
    if (expectedDepositedMinor !== undefined)
      query = query.where('deposited_minor', '=', expectedDepositedMinor);
    if (dcc !== undefined) {
      query = query
        .where('refunded_minor', '=', dcc.expectedOriginalMinor)
        .where('dcc_refunded_minor', '=', dcc.expectedMinor)
        .where((eb) =>
          eb(eb('dcc_deposited_minor', '-', eb.ref('dcc_refunded_minor')), '>=', dcc.amountMinor),
        );
    }
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** decline.do: an order nobody has started paying is cancelled. */
  /** An automatic action that needs a person is not tried again under a new id by the next job run. */
  async clearAutomaticActions(db: Executor, orderId: string): Promise<void> {
    await db
      .updateTable('orders')
      .set({ auto_complete_at_ms: null, auto_reverse_at_ms: null })
      .where('id', '=', orderId)
      .execute();
  }

  async applyDecline(db: Executor, orderId: string, nowMs: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.declined, updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /*
   * Compensations: a movement the acquirer refused is taken back. Each takes back exactly its own
   * amount and is guarded on the state that movement left, so a movement that came after it is
   * never clobbered; false means the order has moved on and nothing was changed.
   */

  /** A refused capture: the order is a hold again, if nothing was refunded of it since. */
  async undoCapture(db: Executor, orderId: string, amountMinor: number): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.approved,
        deposited_minor: 0,
        dcc_deposited_minor: 0,
        deposited_at_ms: null,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.deposited)
      .where('deposited_minor', '=', amountMinor)
      .where('refunded_minor', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused refund: its amount is no longer refunded; with nothing refunded left the order is paid again. */
  async undoRefund(db: Executor, orderId: string, amountMinor: number, dccMinor = 0): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set((eb) => ({
        refunded_minor: eb('refunded_minor', '-', amountMinor),
        dcc_refunded_minor: eb('dcc_refunded_minor', '-', dccMinor),
        // Literal statuses: PostgreSQL types a bare parameter in a CASE as text, not integer.
        status: sql<number>`case when refunded_minor = ${amountMinor} then ${sql.lit(ORDER_STATUS.deposited)} else ${sql.lit(ORDER_STATUS.refunded)} end`,
      }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.refunded)
      .where('refunded_minor', '>=', amountMinor)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused partial reversal: the part comes back to the hold, while it is still a hold. */
  async undoPartialReversal(
    db: Executor,
    orderId: string,
    amountMinor: number,
    dccMinor = 0,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set((eb) => ({
        approved_minor: eb('approved_minor', '+', amountMinor),
        dcc_approved_minor: eb('dcc_approved_minor', '+', dccMinor),
      }))
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.approved)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** A refused full reversal: the status and amounts it zeroed are put back. */
  async undoFullReversal(db: Executor, orderId: string, prior: ReversalPrior): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: prior.status,
        approved_minor: prior.approved_minor,
        deposited_minor: prior.deposited_minor,
        dcc_approved_minor: prior.dcc_approved_minor ?? 0,
        dcc_deposited_minor: prior.dcc_deposited_minor ?? 0,
        reversed_at_ms: null,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.reversed)
      .where('approved_minor', '=', 0)
      .where('deposited_minor', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
