import type { Kysely } from 'kysely';
import { ACTION_CODE } from '../domain/action-codes.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { GroupCommit } from './group-commit.js';
import type { Database, OrderRow } from './schema.js';

export type NewOrder = OrderRow;

/** Orders, always read through the merchant that owns them. */
export class OrderRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly writes: GroupCommit,
  ) {}

  /** Resolves once the order is durable; rejects with a unique violation for a reused order number. */
  async insert(order: NewOrder): Promise<void> {
    await this.writes.run((db) => db.insertInto('orders').values(order).execute());
  }

  async findById(merchantId: string, orderId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', orderId)
      .executeTakeFirst();
  }

  async findByNumber(merchantId: string, orderNumber: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
  }

  /**
   * Declines one registered order whose lifetime is over. Guarded by status and deadline, so a
   * payment that wins the race is never overwritten. Returns whether this call made the change.
   */
  async expireOne(orderId: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.declined, action_code: ACTION_CODE.paymentExpired, updated_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', ORDER_STATUS.registered)
      .where('expires_at_ms', '<=', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Ids of registered orders past their deadline, oldest first, at most `limit`. */
  async dueForExpiry(nowMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', ORDER_STATUS.registered)
      .where('expires_at_ms', '<=', nowMs)
      .orderBy('expires_at_ms')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
