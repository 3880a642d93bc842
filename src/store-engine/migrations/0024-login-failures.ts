import type { Kysely } from 'kysely';

/**
 * Failed console logins, one row each, named by what they count against: the email tried and the
 * address it came from (issue 40). In the database, not a process's memory, so that the lock-out
 * holds across every node behind a load balancer and across restarts. Rows older than the window
 * are removed as new failures arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_name')
    .on('login_failures')
    .columns(['name', 'at_ms'])
    .execute();
  await db.schema.createIndex('login_failures_at').on('login_failures').column('at_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
