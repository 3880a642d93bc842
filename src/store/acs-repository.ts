import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AcsTransactionRow, Database } from './schema.js';

export type AcsTransaction = Selectable<AcsTransactionRow>;

/** The sandbox ACS's own records: what it was asked to authenticate and how a challenge stands. */
export class AcsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<AcsTransactionRow>): Promise<void> {
    await this.db.insertInto('acs_transactions').values(row).execute();
  }

  async find(id: string): Promise<AcsTransaction | undefined> {
    return this.db.selectFrom('acs_transactions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Counts a wrong answer while the challenge is open; returns the failures so far, or undefined if closed. */
  async countFailure(id: string): Promise<number | undefined> {
    const result = await this.db
      .updateTable('acs_transactions')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'challenge')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return undefined;
    return (await this.find(id))?.failures;
  }

  /** Closes an open challenge; false when it was closed already (a second submit). */
  async close(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('acs_transactions')
      .set({ state: 'done' })
      .where('id', '=', id)
      .where('state', '=', 'challenge')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
