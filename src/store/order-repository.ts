import type { Kysely } from 'kysely';
import { ACTION_CODE } from '../domain/action-codes.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { GroupCommit } from './group-commit.js';
import { preparedQuery } from './prepared-query.js';
import type { Database, OrderRegistrationColumns, OrderRow } from './schema.js';

export type NewOrder = OrderRegistrationColumns;

/** Column order of a prepared insert: every column of the row. */
const ORDER_COLUMNS = [
  'id',
  'merchant_id',
  'registered_by_merchant_id',
  'order_number',
  'amount_minor',
  'currency',
  'fee_minor',
  'two_phase',
  'status',
  'action_code',
  'created_at_ms',
  'expires_at_ms',
  'updated_at_ms',
  'language',
  'description',
  'return_url',
  'fail_url',
  'dynamic_callback_url',
  'client_id',
  'ip',
  'email',
  'post_address',
  'cardholder_name',
  'binding_id',
  'mcc',
  'mvv',
  'features',
  'json_params',
  'order_bundle',
  'payer_data',
  'marketplace',
  'payment_facilitator',
] as const satisfies readonly (keyof NewOrder)[];

// A type test: adding a registration column without adding it here fails to compile.
type MissingColumns = Exclude<keyof NewOrder, (typeof ORDER_COLUMNS)[number]>;
const allColumnsListed: MissingColumns extends never ? true : MissingColumns = true;
void allColumnsListed;

/** Orders, always read through the merchant that owns them. */
export class OrderRepository {
  private readonly insertOrder = preparedQuery(
    (db, ...values: unknown[]) =>
      db
        .insertInto('orders')
        .values(
          Object.fromEntries(
            ORDER_COLUMNS.map((column, index) => [column, values[index]]),
          ) as unknown as NewOrder,
        ),
    ORDER_COLUMNS.length,
  );

  private readonly orderById = preparedQuery(
    (db, merchantId: string, orderId: string) =>
      db.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).where('id', '=', orderId),
    2,
  );

  private readonly orderByNumber = preparedQuery(
    (db, merchantId: string, orderNumber: string) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('order_number', '=', orderNumber),
    2,
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writes: GroupCommit,
  ) {}

  /** Resolves once the order is durable; rejects with a unique violation for a reused order number. */
  async insert(order: NewOrder): Promise<void> {
    await this.writes.run((db) => this.insertOrder(db, ...ORDER_COLUMNS.map((column) => order[column])));
  }

  async findById(merchantId: string, orderId: string): Promise<OrderRow | undefined> {
    return (await this.orderById(this.db, merchantId, orderId)).rows[0];
  }

  async findByNumber(merchantId: string, orderNumber: string): Promise<OrderRow | undefined> {
    return (await this.orderByNumber(this.db, merchantId, orderNumber)).rows[0];
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
