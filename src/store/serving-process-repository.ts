import type { Executor, Store } from '../store-engine/index.js';

/** The serving_processes table: who serves the API now, as each process last reported. */
export class ServingProcessRepository {
  constructor(private readonly store: Store) {}

  /**
   * Says this process is alive at `nowMs`. Guarded by time so that running it again on the state
   * it left changes nothing (the group commit's unit contract).
   */
  static async beat(
    db: Executor,
    row: { id: string; host: string; pid: number; started_at_ms: number },
    nowMs: number,
  ): Promise<void> {
    await db
      .insertInto('serving_processes')
      .values({ ...row, seen_at_ms: nowMs })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet({ seen_at_ms: nowMs })
          .where('serving_processes.seen_at_ms', '<', nowMs),
      )
      .execute();
  }

  /** Rows of processes silent since `beforeMs`: killed ones never remove their own. */
  static async sweep(db: Executor, beforeMs: number): Promise<void> {
    await db.deleteFrom('serving_processes').where('seen_at_ms', '<', beforeMs).execute();
  }

  static async forget(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('serving_processes').where('id', '=', id).execute();
  }

  /** Processes heard from since `sinceMs`. */
  async liveSince(sinceMs: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('serving_processes')
      .select((eb) => eb.fn.countAll().as('live'))
      .where('seen_at_ms', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return Number(row.live);
  }
}
