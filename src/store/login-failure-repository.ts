import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, LoginFailureRow } from './schema.js';

/** Failed console logins, shared by every node: counted per name, removed once stale. */
export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** How many failures `name` had after `sinceMs`, and when the latest was. */
  async since(name: string, sinceMs: number): Promise<{ count: number; lastMs: number }> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('at_ms').as('last_ms')])
      .where('name', '=', name)
      .where('at_ms', '>', sinceMs)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), lastMs: Number(row?.last_ms ?? 0) };
  }

  /** Records failures (each with its own id, so a second run adds nothing) and drops stale ones. */
  static async record(
    db: Executor,
    failures: readonly LoginFailureRow[],
    staleBeforeMs: number,
  ): Promise<void> {
    await db
      .insertInto('login_failures')
      .values([...failures])
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    await db.deleteFrom('login_failures').where('at_ms', '<', staleBeforeMs).execute();
  }

  static async clear(db: Executor, name: string): Promise<void> {
    await db.deleteFrom('login_failures').where('name', '=', name).execute();
  }
}
