import type { Kysely } from 'kysely';

/**
 * 3-D Secure in mobile apps (EMV deviceChannel 01). The 3DS Server keeps which channel a
 * transaction runs on and what the ARes gave the app to start its challenge (the signed content
 * and the ACS's reference number), so a repeated request answers the same. The sandbox ACS keeps
 * the challenge's session (its key sealed under the master key, never in clear), the SDK's
 * transaction id, the screen it chose, the two message counters and the deadline of the SDK's
 * timeout, and what the emulated bank app answered for an out-of-band step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('threeds_transactions')
    .addColumn('device_channel', 'text', (c) => c.notNull().defaultTo('02'))
    .execute();
  await db.schema.alterTable('threeds_transactions').addColumn('acs_signed_content', 'text').execute();
  await db.schema.alterTable('threeds_transactions').addColumn('acs_reference_number', 'text').execute();
  const acsColumns: readonly [string, 'text' | 'integer' | 'bigint'][] = [
    ['session_sealed', 'text'],
    ['sdk_trans_id', 'text'],
    ['ui_type', 'text'],
    ['oob_decision', 'text'],
    ['deadline_ms', 'bigint'],
  ];
  await db.schema
    .alterTable('acs_transactions')
    .addColumn('device_channel', 'text', (c) => c.notNull().defaultTo('02'))
    .execute();
  for (const [name, type] of acsColumns) {
    await db.schema.alterTable('acs_transactions').addColumn(name, type).execute();
  }
  for (const name of ['sdk_counter', 'acs_counter']) {
    await db.schema
      .alterTable('acs_transactions')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'acs_counter',
    'sdk_counter',
    'deadline_ms',
    'oob_decision',
    'ui_type',
    'sdk_trans_id',
    'session_sealed',
    'device_channel',
  ]) {
    await db.schema.alterTable('acs_transactions').dropColumn(name).execute();
  }
  for (const name of ['acs_reference_number', 'acs_signed_content', 'device_channel']) {
    await db.schema.alterTable('threeds_transactions').dropColumn(name).execute();
  }
}
