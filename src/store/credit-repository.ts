import type { Kysely } from 'kysely';
import { ORDER_ROW_COLUMNS } from './order-columns.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { type Executor, preparedQuery } from '../store-engine/index.js';
import type { Database, OrderRow, PendingCreditCardRow } from './schema.js';

/** What a credit's answer sets on its order. */
export interface CreditOutcome {
  readonly orderId: string;
  readonly operationId: string;
  readonly status: number;
  readonly actionCode: number;
  readonly approvalCode: string | null;
  readonly rrn: string | null;
  /** The amount paid to the card: the order's amount when approved, 0 when declined. */
  readonly refundedMinor: number;
  readonly nowMs: number;
}

/** The order's columns after a credit's outcome. */
export function creditColumns(
  outcome: CreditOutcome,
): Pick<
  OrderRow,
  | 'status'
  | 'action_code'
  | 'approval_code'
  | 'rrn'
  | 'auth_at_ms'
  | 'refunded_minor'
  | 'refunded_at_ms'
  | 'updated_at_ms'
> {
  return {
    status: outcome.status,
    action_code: outcome.actionCode,
    approval_code: outcome.approvalCode,
    rrn: outcome.rrn,
    auth_at_ms: outcome.nowMs,
    refunded_minor: outcome.refundedMinor,
    refunded_at_ms: outcome.refundedMinor > 0 ? outcome.nowMs : null,
    updated_at_ms: outcome.nowMs,
  };
}

/**
 * Instant refunds (instantRefund.do): the card kept sealed while its credit is with the acquirer,
 * the guarded outcome on the order, and the credits a stopped process left pending.
 */
export class CreditRepository {
  private readonly insertCard = preparedQuery((db, p: PendingCreditCardRow) =>
    db.insertInto('pending_credit_cards').values({
      id: p.id,
      merchant_id: p.merchant_id,
      card_sealed: p.card_sealed,
      created_at_ms: p.created_at_ms,
    }),
  );

  private readonly cardById = preparedQuery((db, p: { operationId: string }) =>
    db.selectFrom('pending_credit_cards').selectAll().where('id', '=', p.operationId),
  );

  private readonly deleteCard = preparedQuery((db, p: { operationId: string }) =>
    db.deleteFrom('pending_credit_cards').where('id', '=', p.operationId),
  );

  constructor(private readonly db: Kysely<Database>) {}

  /** Inside the intent's unit: the sealed card the credit can be sent again from. */
  async keepCard(db: Executor, row: PendingCreditCardRow): Promise<void> {
    await this.insertCard(db, row);
  }

  async card(operationId: string): Promise<PendingCreditCardRow | undefined> {
    return (await this.cardById(this.db, { operationId })).rows[0];
  }

  /** Inside the outcome's unit: the card is not needed once the credit is decided. */
  async forgetCard(db: Executor, operationId: string): Promise<void> {
    await this.deleteCard(db, { operationId });
  }

  /**
   * The credit's outcome on its order, guarded by the operation that claimed the order and by the
   * order being still undecided: a resent credit and a late original never both write it.
   */
  async recordOutcome(db: Executor, outcome: CreditOutcome): Promise<OrderRow | undefined> {
    return db
      .updateTable('orders')
      .set(creditColumns(outcome))
      .where('id', '=', outcome.orderId)
      .where('payment_attempt_id', '=', outcome.operationId)
      .where('status', '=', ORDER_STATUS.registered)
      .returning(ORDER_ROW_COLUMNS)
      .executeTakeFirst();
  }
}
