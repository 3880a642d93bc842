import { test } from 'node:test';
import assert from 'node:assert/strict';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { preparedQuery } from './prepared-query.js';
import type { Database } from '../store/schema.js';

test('named parameters are substituted on every call, one used twice, constants kept', async () => {
  const database = new BetterSqlite3(':memory:');
  database.exec(`create table orders (id text primary key, merchant_id text not null, status integer not null,
      approved_minor integer not null, deposited_minor integer not null);
    insert into orders values
      ('o1', 'm1', 1, 500, 500), ('o2', 'm1', 1, 300, 100), ('o3', 'm1', 2, 300, 300), ('o4', 'm2', 1, 700, 700);`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  let builds = 0;
  const settled = preparedQuery((executor, p: { merchantId: string; amountMinor: number }) => {
    builds += 1;
    return executor
      .selectFrom('orders')
      .select('id')
      .where('merchant_id', '=', p.merchantId)
      .where('status', '=', 1)
      .where('approved_minor', '=', p.amountMinor)
      .where('deposited_minor', '=', p.amountMinor)
      .orderBy('id');
  });
  const ids = async (merchantId: string, amountMinor: number) =>
    (await settled(db, { merchantId, amountMinor })).rows.map((row) => row.id);
  // o2 has the amount only once; o3 has it twice but not the constant status.
  assert.deepEqual(await ids('m1', 500), ['o1']);
  assert.deepEqual(await ids('m1', 300), []);
  assert.deepEqual(await ids('m2', 700), ['o4']);
  assert.deepEqual(await ids('m2', 500), []);
  // Built and compiled once: the later calls only substituted their values.
  assert.equal(builds, 1);
  await db.destroy();
});
