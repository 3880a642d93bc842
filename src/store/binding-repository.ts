import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { BindingRow, Database } from './schema.js';

export type Binding = Selectable<BindingRow>;

export interface BindingFilter {
  readonly clientId?: string;
  readonly bindingId?: string;
  readonly category?: string;
  /** Include bindings whose card has expired (by YYYYMM, compared with `currentMonth`). */
  readonly showExpired: boolean;
  readonly currentMonth: string;
}

/** Bindings, always read through the merchant that owns them. */
export class BindingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(db: Executor, row: BindingRow): Promise<void> {
    await db.insertInto('bindings').values(row).execute();
  }

  /**
   * Inserts the binding, or, when the client already has this card (the unique index), refreshes
   * that one; returns the id of the binding that now holds the card.
   */
  async insertOrRefresh(db: Executor, row: BindingRow): Promise<string> {
    const stored = await db
      .insertInto('bindings')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['merchant_id', 'client_id', 'pan_hash'])
          .doUpdateSet({ expiry: row.expiry, active: 1, updated_at_ms: row.updated_at_ms }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return stored.id;
  }

  async update(db: Executor, id: string, change: Updateable<BindingRow>): Promise<void> {
    await db.updateTable('bindings').set(change).where('id', '=', id).execute();
  }

  async find(merchantId: string, id: string, db: Executor = this.db): Promise<Binding | undefined> {
    return db
      .selectFrom('bindings')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The client's binding of a card, looked up by any of the card's keyed hashes. */
  async findByCard(
    db: Executor,
    merchantId: string,
    clientId: string,
    panHashes: readonly string[],
  ): Promise<Binding | undefined> {
    return db
      .selectFrom('bindings')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('client_id', '=', clientId)
      .where('pan_hash', 'in', panHashes)
      .executeTakeFirst();
  }

  /** Every client's binding of a card at this merchant (getBindingsByCardOrId.do). */
  async findAllByCard(merchantId: string, panHashes: readonly string[]): Promise<Binding[]> {
    return this.db
      .selectFrom('bindings')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('pan_hash', 'in', panHashes)
      .orderBy('created_at_ms')
      .execute();
  }

  async list(merchantId: string, filter: BindingFilter): Promise<Binding[]> {
    let query = this.db
      .selectFrom('bindings')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('active', '=', 1);
    if (filter.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
    if (filter.bindingId !== undefined) query = query.where('id', '=', filter.bindingId);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    if (!filter.showExpired) query = query.where('expiry', '>=', filter.currentMonth);
    return query.orderBy('created_at_ms').orderBy('id').execute();
  }

  /** Turns a binding on or off; false when it already was (errorCode 2 of unBindCard / bindCard). */
  async setActive(
    db: Executor,
    merchantId: string,
    id: string,
    active: boolean,
    nowMs: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('bindings')
      .set({ active: active ? 1 : 0, updated_at_ms: nowMs })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('active', '=', active ? 0 : 1)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The approved payments made with (or storing) a binding: what later payments may cite. */
  async approvedPayments(
    merchantId: string,
    bindingId: string,
  ): Promise<{ netRefNum: string; atMs: number | null }[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['payment_net_ref_num', 'auth_at_ms'])
      .where('merchant_id', '=', merchantId)
      .where('binding_id', '=', bindingId)
      .where('payment_net_ref_num', 'is not', null)
      .execute();
    return rows.map((row) => ({ netRefNum: row.payment_net_ref_num ?? '', atMs: row.auth_at_ms }));
  }
}
