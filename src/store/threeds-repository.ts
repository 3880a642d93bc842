import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, ThreeDsTransactionRow } from './schema.js';

export type ThreeDsTransaction = Selectable<ThreeDsTransactionRow>;

/** The 3DS Server's transactions; every change is a guarded update on the stage it expects. */
export class ThreeDsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(db: Executor, row: ThreeDsTransactionRow): Promise<void> {
    await db.insertInto('threeds_transactions').values(row).execute();
  }

  async find(id: string): Promise<ThreeDsTransaction | undefined> {
    return this.db.selectFrom('threeds_transactions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findForMerchant(merchantId: string, id: string): Promise<ThreeDsTransaction | undefined> {
    return this.db
      .selectFrom('threeds_transactions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The latest authentication of an order. */
  async findByOrder(orderId: string): Promise<ThreeDsTransaction | undefined> {
    return this.db
      .selectFrom('threeds_transactions')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at_ms', 'desc')
      .executeTakeFirst();
  }

  async findByAcsTransaction(acsTransId: string): Promise<ThreeDsTransaction | undefined> {
    return this.db
      .selectFrom('threeds_transactions')
      .selectAll()
      .where('acs_trans_id', '=', acsTransId)
      .executeTakeFirst();
  }

  /** The browser has loaded the method page: the 10-second wait for the ACS starts now (once). */
  async markMethodStarted(id: string, nowMs: number): Promise<void> {
    await this.db
      .updateTable('threeds_transactions')
      .set({ method_started_at_ms: nowMs, updated_at_ms: nowMs })
      .where('id', '=', id)
      .where('method_state', '=', 'pending')
      .where('method_started_at_ms', 'is', null)
      .execute();
  }

  async markMethodCompleted(id: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('threeds_transactions')
      .set({ method_state: 'completed', updated_at_ms: nowMs })
      .where('id', '=', id)
      .where('method_state', '=', 'pending')
      // Also while the AReq waits out the method's 10 seconds.
      .where('stage', 'in', ['method', 'authenticating'])
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Moves the transaction from `from` to the next stage with what was learnt; false if it moved already. */
  async advance(
    id: string,
    from: string,
    change: Updateable<ThreeDsTransactionRow>,
    db: Executor = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('threeds_transactions')
      .set(change)
      .where('id', '=', id)
      .where('stage', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Takes a challenge whose RReq is in for paying; false for every caller but the first. */
  async claimResult(id: string, from: string, requireResults: boolean, nowMs: number): Promise<boolean> {
    let query = this.db
      .updateTable('threeds_transactions')
      .set({ stage: 'paying', updated_at_ms: nowMs })
      .where('id', '=', id)
      .where('stage', '=', from);
    if (requireResults) query = query.where('rreq_status', 'is not', null);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The RReq of a challenge, recorded once, for the ACS transaction the ARes named. */
  async recordResults(
    id: string,
    acsTransId: string,
    change: Updateable<ThreeDsTransactionRow>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('threeds_transactions')
      .set(change)
      .where('id', '=', id)
      .where('acs_trans_id', '=', acsTransId)
      .where('stage', '=', 'challenge')
      .where('rreq_status', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
