import type { Kysely } from 'kysely';

/**
 * Every process serving the API, whichever node it runs on, and when it last said so. The rate
 * and concurrency limits are per API user for the whole deployment (issue 28): each process
 * enforces the limit divided by the processes seen here recently. A process that is killed stops
 * saying so and drops out; one that stops cleanly removes its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('serving_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('seen_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('serving_processes').execute();
}
