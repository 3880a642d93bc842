import type { OrderConversion } from '../domain/dcc/order-conversion.js';
import { sql, type Kysely } from 'kysely';
import type { AuthorizationOutcome } from '../domain/order-outcomes.js';
import { ORDER_STATUS, UNPAID } from '../domain/order-status.js';
import {
  CLAIM_COLUMNS,
  CLAIMED_ORDER_COLUMNS,
  claimColumns,
  conversionColumns,
  ORDER_COLUMNS,
  OUTCOME_COLUMNS,
  outcomeColumns,
  ORDER_ROW_COLUMNS,
  pickColumns,
  type NewOrder,
  type PaymentClaim,
} from './order-columns.js';
import { type Executor, preparedQuery } from '../store-engine/index.js';
import type { Database, OrderRow } from './schema.js';

/** The claim's columns, with the order and the time its guard is checked at. */
type ClaimParameters = Pick<OrderRow, (typeof CLAIM_COLUMNS)[number]> & {
  readonly orderId: string;
  readonly nowMs: number;
};

/** The outcome's columns, with the order and the attempt that must still hold it. */
type OutcomeParameters = Pick<OrderRow, (typeof OUTCOME_COLUMNS)[number]> & {
  readonly orderId: string;
  readonly attemptId: string;
};

interface TransferParameters {
  readonly amountMinor: number;
  readonly feeMinor: number;
  readonly toMaskedPan: string | null;
  readonly toNetwork: string | null;
  readonly parties: string | null;
  readonly orderId: string;
  readonly attemptId: string;
}

/**
 * Orders, always read through the merchant that owns them: registration, and a payment attempt's
 * claim and outcome. Captures, reversals and refunds are OrderMovementRepository's, operation rows
 * OperationRepository's, and deadlines OrderDeadlineRepository's.
 */
export class OrderRepository {
  private readonly insertOrder = preparedQuery((db, p: NewOrder) =>
    db.insertInto('orders').values(pickColumns(p, ORDER_COLUMNS)),
  );

  // Every transfer's debit approval runs it.
  private readonly touchClaimed = preparedQuery(
    (db, p: { nowMs: number; orderId: string; attemptId: string }) =>
      db
        .updateTable('orders')
        .set({ updated_at_ms: p.nowMs })
        .where('id', '=', p.orderId)
        .where('payment_attempt_id', '=', p.attemptId)
        .where('status', 'in', UNPAID),
  );

  private readonly orderById = preparedQuery(
    (db, p: { merchantId: string; orderId: string }) =>
      db
        .selectFrom('orders')
        .select(ORDER_ROW_COLUMNS)
        .where('merchant_id', '=', p.merchantId)
        .where('id', '=', p.orderId),
    { cachedOn: 'orders' },
  );

  private readonly orderByNumber = preparedQuery(
    (db, p: { merchantId: string; orderNumber: string }) =>
      db
        .selectFrom('orders')
        .select(ORDER_ROW_COLUMNS)
        .where('merchant_id', '=', p.merchantId)
        .where('order_number', '=', p.orderNumber),
    { cachedOn: 'orders' },
  );

  /** Registration and claim in one statement (instantPayment.do): the order goes in claimed. */
  private readonly insertClaimedOrder = preparedQuery(
    (db, p: Pick<OrderRow, (typeof CLAIMED_ORDER_COLUMNS)[number]>) =>
      db.insertInto('orders').values(pickColumns(p, CLAIMED_ORDER_COLUMNS)),
  );

  /** The claim, guarded: still unpaid, unclaimed and alive. */
  private readonly claim = preparedQuery((db, p: ClaimParameters) =>
    db
      .updateTable('orders')
      .set(
        Object.fromEntries(
          CLAIM_COLUMNS.map((column) => [
            column,
            // A claim without a binding keeps the one the order was registered with.
            column === 'binding_id' ? sql`coalesce(${p.binding_id}, binding_id)` : p[column],
          ]),
        ),
      )
      .where('id', '=', p.orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '>', p.nowMs),
  );

  /** The outcome, guarded by the claiming attempt; the row as it left it. */
  private readonly recordOutcome = preparedQuery((db, p: OutcomeParameters) =>
    db
      .updateTable('orders')
      .set(pickColumns(p, OUTCOME_COLUMNS))
      .where('id', '=', p.orderId)
      .where('payment_attempt_id', '=', p.attemptId)
      .where('status', 'in', UNPAID)
      .returning(ORDER_ROW_COLUMNS),
  );

  /**
   * Money found held after all: the order of an attempt declined for want of an answer (or still
   * waiting) reads what the acquirer holds, guarded by the attempt.
   */
  private readonly recordHeldOutcome = preparedQuery((db, p: OutcomeParameters) =>
    db
      .updateTable('orders')
      .set(pickColumns(p, OUTCOME_COLUMNS))
      .where('id', '=', p.orderId)
      .where('payment_attempt_id', '=', p.attemptId)
      .where('status', 'in', [...UNPAID, ORDER_STATUS.declined])
      .returning(ORDER_ROW_COLUMNS),
  );

  private readonly transferColumns = preparedQuery((db, p: TransferParameters) =>
    db
      .updateTable('orders')
      .set({
        amount_minor: p.amountMinor,
        fee_minor: p.feeMinor,
        to_masked_pan: p.toMaskedPan,
        to_network: p.toNetwork,
        to_card_sealed: null,
        p2p_parties: p.parties,
      })
      .where('id', '=', p.orderId)
      .where('payment_attempt_id', '=', p.attemptId),
  );

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inside the caller's unit: the order row, already claimed by a payment attempt. `order` is the
   * complete unpaid row (unpaidOrderRow), so the claim's columns replace members, never add them.
   */
  async insertClaimedIn(db: Executor, order: OrderRow, claim: PaymentClaim): Promise<void> {
    await this.insertClaimedOrder(db, { ...order, ...claimColumns(claim, order.binding_id) });
  }

  /** Inside the caller's unit; a reused order number fails with a unique violation. */
  async insertIn(db: Executor, order: NewOrder): Promise<void> {
    await this.insertOrder(db, order);
  }

  async findById(merchantId: string, orderId: string): Promise<OrderRow | undefined> {
    return (await this.orderById(this.db, { merchantId, orderId })).rows[0];
  }

  /** Inside the caller's unit: the order as the unit sees it. */
  async findIn(db: Executor, merchantId: string, orderId: string): Promise<OrderRow | undefined> {
    return (await this.orderById(db, { merchantId, orderId })).rows[0];
  }

  async findByNumber(merchantId: string, orderNumber: string): Promise<OrderRow | undefined> {
    return (await this.orderByNumber(this.db, { merchantId, orderNumber })).rows[0];
  }

  /**
   * Claims a registered, live order for one payment attempt and records the card summary. Only
   * one attempt can ever hold an order: the guard is the attempt column itself.
   */
  async claimForPayment(db: Executor, claim: PaymentClaim): Promise<boolean> {
    const result = await this.claim(db, {
      // The claim names its binding, or NULL so the statement keeps the order's own.
      ...claimColumns(claim, null),
      orderId: claim.orderId,
      nowMs: claim.nowMs,
    });
    return result.numAffectedRows === 1n;
  }

  /**
   * The authorization's outcome, guarded by the attempt that claimed the order and by the order
   * being still unpaid; the row as the outcome left it, or undefined when the guard refused.
   */
  async recordAuthorization(db: Executor, outcome: AuthorizationOutcome): Promise<OrderRow | undefined> {
    const result = await this.recordOutcome(db, {
      ...outcomeColumns(outcome),
      orderId: outcome.orderId,
      attemptId: outcome.attemptId,
    });
    return result.rows[0];
  }

  /**
   * The outcome of an attempt whose money the acquirer holds and will not give back: written
   * over a decline for want of an answer, so the order reads what the money is.
   */
  async recordHeld(db: Executor, outcome: AuthorizationOutcome): Promise<OrderRow | undefined> {
    const result = await this.recordHeldOutcome(db, {
      ...outcomeColumns(outcome),
      orderId: outcome.orderId,
      attemptId: outcome.attemptId,
    });
    return result.rows[0];
  }

  /**
   * The order as the database holds it after a unit of its payment wrote it (or lost the race to
   * the recovery job). Orders are never deleted, so a missing one is a bug, not an answer.
   */
  async reread(order: Pick<OrderRow, 'merchant_id' | 'id'>): Promise<OrderRow> {
    const read = await this.findById(order.merchant_id, order.id);
    if (read === undefined) throw new Error(`order ${order.id} vanished under its payment`);
    return read;
  }

  /**
   * Confirms, inside a unit, that the order still waits for this attempt (unpaid and claimed by
   * it): the guard of a unit that goes on with the attempt (a transfer's debit approved, its credit
   * next), so it loses to the recovery job once that has declined the order.
   */
  async stillClaimed(db: Executor, orderId: string, attemptId: string, nowMs: number): Promise<boolean> {
    const result = await this.touchClaimed(db, { nowMs, orderId, attemptId });
    return result.numAffectedRows === 1n;
  }

  /**
   * The conversion the customer accepted, on an order nobody is paying yet (the payment page,
   * paymentOrderBinding.do with dccData): once, before the payment starts.
   */
  async setConversion(
    db: Executor,
    orderId: string,
    conversion: OrderConversion,
    nowMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ ...conversionColumns(conversion), updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.registered)
      .where('payment_attempt_id', 'is', null)
      .where('dcc_uuid', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * A transfer's amounts and credited card, in the unit of its claim: the amount (amountInput may
   * replace the registered one), the fee debited on top, and the recipient card masked.
   */
  async setTransfer(
    db: Executor,
    orderId: string,
    attemptId: string,
    transfer: {
      amountMinor: number;
      feeMinor: number;
      toMaskedPan: string | null;
      toNetwork: string | null;
      parties: string | null;
    },
  ): Promise<void> {
    await this.transferColumns(db, { ...transfer, orderId, attemptId });
  }

  /**
   * A transfer about to authenticate its debited card: its amounts and the recipient card (sealed)
   * kept on the order until the transfer starts. Only while nobody is paying it.
   */
  async prepareTransfer(
    orderId: string,
    transfer: {
      amountMinor: number;
      feeMinor: number;
      toMaskedPan: string | null;
      toNetwork: string | null;
      toCardSealed: string | null;
    },
    nowMs: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({
        amount_minor: transfer.amountMinor,
        fee_minor: transfer.feeMinor,
        to_masked_pan: transfer.toMaskedPan,
        to_network: transfer.toNetwork,
        to_card_sealed: transfer.toCardSealed,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.registered)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The binding an approved payment stored (or refreshed) for the order's client. */
  async setBinding(db: Executor, orderId: string, bindingId: string): Promise<void> {
    await db.updateTable('orders').set({ binding_id: bindingId }).where('id', '=', orderId).execute();
  }

  /** The customer is at the issuer's ACS (3-D Secure under way): status 5. */
  async markAcsStarted(orderId: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.acsStarted, updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.registered)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** 3-D Secure did not authenticate the customer: the order is declined without an authorization. */
  async declineUnauthenticated(
    db: Executor,
    orderId: string,
    actionCode: number,
    secureAuth: string,
    nowMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.declined,
        action_code: actionCode,
        secure_auth: secureAuth,
        updated_at_ms: nowMs,
      })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
