import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, OperatorRow, OperatorSessionRow } from './schema.js';

/** An operator with the merchants a limit names (empty: every merchant). */
export interface OperatorRecord extends OperatorRow {
  readonly merchantIds: readonly string[];
}

/** Operators, their merchant limits and their sessions. Writes go through the caller's unit. */
export class OperatorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  static async insert(db: Executor, row: OperatorRow, merchantIds: readonly string[]): Promise<void> {
    await db.insertInto('operators').values(row).execute();
    if (merchantIds.length > 0) {
      await db
        .insertInto('operator_merchants')
        .values(merchantIds.map((merchantId) => ({ operator_id: row.id, merchant_id: merchantId })))
        .execute();
    }
  }

  async byEmail(email: string): Promise<OperatorRecord | undefined> {
    const row = await this.db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    return row === undefined ? undefined : this.withMerchants(row);
  }

  async byId(id: string): Promise<OperatorRecord | undefined> {
    const row = await this.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.withMerchants(row);
  }

  async list(): Promise<OperatorRecord[]> {
    const rows = await this.db.selectFrom('operators').selectAll().orderBy('email').execute();
    const limits = await this.db.selectFrom('operator_merchants').selectAll().execute();
    return rows.map((row) => ({
      ...row,
      merchantIds: limits.filter((limit) => limit.operator_id === row.id).map((limit) => limit.merchant_id),
    }));
  }

  private async withMerchants(row: OperatorRow): Promise<OperatorRecord> {
    const limits = await this.db
      .selectFrom('operator_merchants')
      .select('merchant_id')
      .where('operator_id', '=', row.id)
      .execute();
    return { ...row, merchantIds: limits.map((limit) => limit.merchant_id) };
  }

  static async update(
    db: Executor,
    id: string,
    change: Partial<Pick<OperatorRow, 'password_hash' | 'disabled' | 'totp_sealed' | 'totp_last_step'>> & {
      updated_at_ms: number;
    },
  ): Promise<boolean> {
    const result = await db.updateTable('operators').set(change).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Takes TOTP time step `step` for the operator: false when that step (or a later one) was taken
   * already, so a code observed once cannot be replayed.
   */
  static async takeTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
    const result = await db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  static async insertSession(db: Executor, row: OperatorSessionRow): Promise<void> {
    await db.insertInto('operator_sessions').values(row).execute();
  }

  async session(id: string): Promise<OperatorSessionRow | undefined> {
    return this.db.selectFrom('operator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves the idle deadline forward; never backward (two tabs may race). */
  static async touchSession(db: Executor, id: string, nowMs: number): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ last_seen_ms: nowMs })
      .where('id', '=', id)
      .where('last_seen_ms', '<', nowMs)
      .execute();
  }

  static async endSession(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('operator_sessions').where('id', '=', id).execute();
  }

  static async endSessionsOf(db: Executor, operatorId: string): Promise<void> {
    await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
  }
}
