import type { Kysely } from 'kysely';

// Kysely migrations run against an untyped database: the schema at that moment is not `Database`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createMerchants(db);
  await createOrders(db);
}

/** Merchants, their permissions, API users and tokens, and their certificates. */
async function createMerchants(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'text', (c) => c.references('merchants.id'))
    .addColumn('default_currency', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('session_timeout_secs', 'integer', (c) => c.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('callback_key_sealed', 'text')
    .addColumn('require_signature', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_limit_per_second', 'integer', (c) => c.notNull())
    .addColumn('concurrent_limit', 'integer', (c) => c.notNull())
    .addColumn('allowed_mccs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('merchant_permissions')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('merchant_permissions_pk', ['merchant_id', 'permission'])
    .execute();

  await db.schema
    .createTable('merchant_access')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('target_merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addPrimaryKeyConstraint('merchant_access_pk', ['merchant_id', 'target_merchant_id'])
    .execute();

  await db.schema
    .createTable('api_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at_ms', 'bigint')
    .execute();

  await db.schema
    .createTable('merchant_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('pem', 'text', (c) => c.notNull())
    .addColumn('fingerprint_sha256', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('merchant_certificates_unique', ['merchant_id', 'fingerprint_sha256'])
    .execute();
}

async function createOrders(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('registered_by_merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint')
    .addColumn('two_phase', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('action_code', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('fail_url', 'text')
    .addColumn('dynamic_callback_url', 'text')
    .addColumn('client_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('email', 'text')
    .addColumn('post_address', 'text')
    .addColumn('cardholder_name', 'text')
    .addColumn('binding_id', 'text')
    .addColumn('mcc', 'integer')
    .addColumn('mvv', 'text')
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('json_params', 'text')
    .addColumn('order_bundle', 'text')
    .addColumn('payer_data', 'text')
    .addColumn('marketplace', 'text')
    .addColumn('payment_facilitator', 'text')
    .addUniqueConstraint('orders_merchant_number_unique', ['merchant_id', 'order_number'])
    .execute();

  // The expiry job scans registered orders by deadline; this keeps that scan off the whole table.
  await db.schema
    .createIndex('orders_status_expiry')
    .on('orders')
    .columns(['status', 'expires_at_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'orders',
    'merchant_certificates',
    'api_tokens',
    'api_users',
    'merchant_access',
    'merchant_permissions',
    'merchants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
