import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { GroupCommit } from './group-commit.js';
import type { Database } from '../store/schema.js';
import { submittingSite, unitContractCheck, type UnitCheckRecord } from './store-checks.js';

async function checkedStore() {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
  });
  await sql`create table probe (id text primary key, state text not null, touched integer not null)`.execute(
    db,
  );
  const records: UnitCheckRecord[] = [];
  const writes = new GroupCommit(db, { check: unitContractCheck((entry) => records.push(entry)) });
  const rows = async () =>
    (await sql<{ id: string; state: string }>`select id, state from probe order by id`.execute(db)).rows;
  return { db, writes, records, rows };
}

test('the second run of each unit is told apart: refused, unchanged, or a breach', async () => {
  const { writes, records, rows } = await checkedStore();
  // A key given by the caller: the second insert is refused by the primary key.
  await writes.run((db) => sql`insert into probe values ('a', 'pending', 0)`.execute(db));
  // Guarded by the state it moves from: the second run matches no row.
  await writes.run((db) =>
    sql`update probe set state = 'done' where id = 'a' and state = 'pending'`.execute(db),
  );
  // Rewrites the value it had: SQLite counts a change, the content says none.
  await writes.run((db) => sql`update probe set touched = 5 where id = 'a'`.execute(db));
  // A key made inside the unit: a second row each time it runs.
  await writes.run((db) => sql`insert into probe values (${randomUUID()}, 'pending', 0)`.execute(db));
  // Counts without a guard: each run adds one.
  await writes.run((db) => sql`update probe set touched = touched + 1 where id = 'a'`.execute(db));
  assert.deepEqual(
    records.map((entry) => entry.secondRun),
    ['refused', 'unchanged', 'unchanged', 'changed', 'changed'],
  );
  assert.ok(
    records.every((entry) => entry.site.includes('store-checks.test.js:')),
    'named by the test line',
  );
  // The check's own runs are rolled back: the database holds what the first runs wrote.
  const held = await rows();
  assert.equal(held.length, 2);
  assert.deepEqual(
    held.find((row) => row.id === 'a'),
    { id: 'a', state: 'done' },
  );
});

test('a unit is named by the line that submitted it, outside the group commit', () => {
  const stack = [
    'Error',
    '    at file:///x/dist/src/store/store-checks.js:40:19',
    '    at GroupCommit.run (file:///x/dist/src/store/group-commit.js:97:18)',
    '    at CardPayment.pay (file:///x/dist/src/services/card-payment.js:118:25)',
  ].join('\n');
  assert.equal(submittingSite(stack), 'src/services/card-payment.js:118');
});
