import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, DccCalculationRow, DccRateRow } from './schema.js';

/** The operator's DCC rate table. */
export class DccRateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets (or replaces) the rate of one currency pair. */
  async set(row: DccRateRow): Promise<void> {
    await this.db
      .insertInto('dcc_rates')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['from_currency', 'to_currency']).doUpdateSet({
          rate: row.rate,
          markup_percent: row.markup_percent,
          updated_at_ms: row.updated_at_ms,
        }),
      )
      .execute();
  }

  async find(fromCurrency: string, toCurrency: string): Promise<DccRateRow | undefined> {
    return this.db
      .selectFrom('dcc_rates')
      .selectAll()
      .where('from_currency', '=', fromCurrency)
      .where('to_currency', '=', toCurrency)
      .executeTakeFirst();
  }

  async list(): Promise<DccRateRow[]> {
    return this.db
      .selectFrom('dcc_rates')
      .selectAll()
      .orderBy('from_currency')
      .orderBy('to_currency')
      .execute();
  }
}

/** Calculations offered to customers, each read through the merchant it was made for. */
export class DccCalculationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DccCalculationRow): Promise<void> {
    await this.db.insertInto('dcc_calculations').values(row).execute();
  }

  async find(merchantId: string, id: string): Promise<DccCalculationRow | undefined> {
    return this.db
      .selectFrom('dcc_calculations')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An unused, live calculation of this order for this card (the payment page asks again on each keystroke). */
  async findOpen(
    merchantId: string,
    orderId: string,
    cardKeys: readonly string[],
    nowMs: number,
  ): Promise<DccCalculationRow | undefined> {
    return this.db
      .selectFrom('dcc_calculations')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('card_key', 'in', cardKeys)
      .where('merchant_id', '=', merchantId)
      .where('used_at_ms', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .orderBy('created_at_ms', 'desc')
      .executeTakeFirst();
  }

  /** Marks it used, in the unit of the payment it pays: once only, and only while it is live. */
  async markUsed(db: Executor, id: string, nowMs: number): Promise<boolean> {
    const result = await db
      .updateTable('dcc_calculations')
      .set({ used_at_ms: nowMs })
      .where('id', '=', id)
      .where('used_at_ms', 'is', null)
      .where('expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
