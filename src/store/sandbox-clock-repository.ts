import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, SandboxClockRow } from './schema.js';

/** The sandbox merchants' test clocks (migration 0028); a merchant without a row reads real time. */
export class SandboxClockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async all(): Promise<SandboxClockRow[]> {
    const rows = await this.db.selectFrom('sandbox_clocks').selectAll().execute();
    return rows.map((row) => ({
      ...row,
      offset_ms: Number(row.offset_ms),
      updated_at_ms: Number(row.updated_at_ms),
    }));
  }

  /**
   * Moves a merchant's clock to `offsetMs` ahead of real time, never back: an offset not above the
   * stored one changes nothing (a second node's advance, or a retried one). Answers the offset the
   * clock now has.
   */
  static async moveAhead(db: Executor, merchantId: string, offsetMs: number, nowMs: number): Promise<number> {
    const row = await db
      .insertInto('sandbox_clocks')
      .values({ merchant_id: merchantId, offset_ms: offsetMs, updated_at_ms: nowMs })
      .onConflict((conflict) =>
        conflict
          .column('merchant_id')
          .doUpdateSet({ offset_ms: offsetMs, updated_at_ms: nowMs })
          .where('sandbox_clocks.offset_ms', '<', offsetMs),
      )
      .returning('offset_ms')
      .executeTakeFirst();
    if (row !== undefined) return Number(row.offset_ms);
    const kept = await db
      .selectFrom('sandbox_clocks')
      .select('offset_ms')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return Number(kept.offset_ms);
  }

  /**
   * Puts a merchant's clock back on real time, only while it has no orders: going back would date
   * new orders before old ones. Answers whether the merchant had none (and so was reset).
   */
  static async reset(db: Executor, merchantId: string): Promise<boolean> {
    const orders = await db
      .selectFrom('orders')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .limit(1)
      .executeTakeFirst();
    if (orders !== undefined) return false;
    await db.deleteFrom('sandbox_clocks').where('merchant_id', '=', merchantId).execute();
    return true;
  }
}
