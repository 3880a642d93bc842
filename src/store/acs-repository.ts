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

  /**
   * Takes the app challenge's next message: the counters move on only from the value the message
   * carried, so a replayed or concurrent copy of one CReq gets false.
   */
  async takeMessage(id: string, sdkCounter: number): Promise<boolean> {
    const result = await this.db
      .updateTable('acs_transactions')
      .set((eb) => ({ sdk_counter: eb('sdk_counter', '+', 1), acs_counter: eb('acs_counter', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'challenge')
      .where('sdk_counter', '=', sdkCounter)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The emulated bank app's answer to an out-of-band step, once, while the challenge is open. */
  async decideOutOfBand(id: string, decision: 'approved' | 'declined'): Promise<boolean> {
    const result = await this.db
      .updateTable('acs_transactions')
      .set({ oob_decision: decision })
      .where('id', '=', id)
      .where('state', '=', 'challenge')
      .where('ui_type', '=', '04')
      .where('oob_decision', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
