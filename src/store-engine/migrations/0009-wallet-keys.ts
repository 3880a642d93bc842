import type { Kysely } from 'kysely';

/**
 * Wallet payments: each merchant's wallet keys (the private key sealed under the master key; for
 * wallet A the payment processing certificate and the hash of its public key, by which a token
 * names the key; for wallet B the recipient id), the trust anchors of each wallet's signature
 * chain, and the tokens already paid, so that one token is never paid twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('certificate_pem', 'text')
    .addColumn('public_key_hash', 'text')
    .addColumn('recipient_id', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_keys_by_merchant')
    .on('wallet_keys')
    .columns(['merchant_id', 'wallet'])
    .execute();
  await db.schema
    .createTable('wallet_trust_anchors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('protocol_version', 'text')
    .addColumn('key_expiration_ms', 'bigint')
    .addColumn('sandbox', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  // The same anchor added twice is one anchor.
  await db.schema
    .createIndex('wallet_trust_anchors_value')
    .on('wallet_trust_anchors')
    .columns(['wallet', 'kind', 'value'])
    .unique()
    .execute();
  await db.schema
    .createTable('wallet_token_uses')
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_token_uses_pk', ['wallet', 'token_id'])
    .execute();
  // The sandbox world's wallet vendors: made on first use, their keys sealed, one per wallet.
  await db.schema
    .createTable('wallet_sandbox_authorities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_sandbox_authorities').execute();
  await db.schema.dropTable('wallet_token_uses').execute();
  await db.schema.dropTable('wallet_trust_anchors').execute();
  await db.schema.dropTable('wallet_keys').execute();
}
