import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The operator console (issue 27): operators apart from merchants' API users, the merchants a
 * limited operator may see, sessions (kept by a digest of their token, never the token), and the
 * audit of every operator action, which the database itself refuses to change or delete. The
 * console lists orders of every merchant newest first, so orders get an index on that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_sealed', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_merchants')
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addPrimaryKeyConstraint('operator_merchants_pk', ['operator_id', 'merchant_id'])
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .column('operator_id')
    .execute();
  await db.schema
    .createTable('console_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('operator_email', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('amount_minor', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .execute();
  // One row per confirmation form: a second submit of the same form (a double click) finds it taken.
  await db.schema
    .createTable('console_action_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_audit_at').on('console_audit').columns(['at_ms', 'id']).execute();
  await db.schema
    .createIndex('console_audit_order')
    .on('console_audit')
    .columns(['order_id', 'at_ms'])
    .execute();
  await db.schema
    .createIndex('orders_console_created')
    .on('orders')
    .columns(['created_at_ms', 'id'])
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const change of ['update', 'delete']) {
      await sql`create trigger ${sql.raw(`console_audit_no_${change}`)} before ${sql.raw(change)} on console_audit
        begin select raise(abort, 'the console audit is append-only'); end`.execute(db);
    }
    return;
  }
  await sql`create function console_audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the console audit is append-only'; end $$`.execute(db);
  await sql`create trigger console_audit_append_only before update or delete or truncate on console_audit
    for each statement execute function console_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_console_created').execute();
  await db.schema.dropTable('console_audit').execute();
  await db.schema.dropTable('console_action_keys').execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop function console_audit_append_only()`.execute(db);
  }
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operator_merchants').execute();
  await db.schema.dropTable('operators').execute();
}
