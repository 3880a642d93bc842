import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { preparedQuery } from './prepared-query.js';
import { cacheReads, cachedTablesNamedBy, READ_CACHE_MAX_ENTRIES } from './read-cache.js';
import { ownReadWindows, ReadWindows } from './read-window.js';
import type { Database } from '../store/schema.js';
import { withStatementCache } from './statement-cache.js';
import { countStatements, takeStatementCounts } from './statement-counter.js';

/** The read windows of the handles these tests open (openStore makes one per store). */
const windows = new ReadWindows();

countStatements();
const VERSION_CHECK = 'pragma data_version';

const BY_ID = 'select * from "orders" where "merchant_id" = ? and "id" = ?';
cacheReads(BY_ID, 'orders');

function ordersDatabase(): { file: string; database: BetterSqlite3.Database } {
  const file = join(mkdtempSync(join(tmpdir(), 'gatehouse-read-cache-')), 'test.db');
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.exec(`create table orders (id text primary key, merchant_id text not null, status integer not null);
    create table notes (id integer primary key, text text);
    insert into orders values ('o1', 'm1', 0), ('o2', 'm1', 0);`);
  return { file, database };
}

/** The status as SQLite holds it, read past the cache on the same connection. */
function statusBehindTheCache(database: BetterSqlite3.Database, id: string): unknown {
  return database.prepare('select status from orders where id = ?').pluck().get(id);
}

/** Changes a row behind the cache's back (same connection, not through the wrapper): only a cache would still show the old value. */
function changeBehindTheCache(database: BetterSqlite3.Database, id: string, status: number): void {
  database.prepare('update orders set status = ? where id = ?').run(status, id);
}

/** The status a cached read by id answers. */
function statusThroughCache(cached: ReturnType<typeof withStatementCache>, id: string): unknown {
  return (cached.prepare(BY_ID).all(['m1', id])[0] as { status: number }).status;
}

test('a repeated read is answered from memory, with a fresh object each time', () => {
  const { database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  const first = cached.prepare(BY_ID).all(['m1', 'o1']);
  changeBehindTheCache(database, 'o1', 9);
  const second = cached.prepare(BY_ID).all(['m1', 'o1']);
  assert.deepEqual(second, [{ id: 'o1', merchant_id: 'm1', status: 0 }]);
  assert.notEqual(second[0], first[0]);
  assert.equal(statusBehindTheCache(database, 'o1'), 9);
  // Another merchant's read of the same id is its own entry, and finds nothing.
  assert.deepEqual(cached.prepare(BY_ID).all(['m2', 'o1']), []);
});

test('a write through the store that names the table empties its entries', () => {
  const { database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  cached.prepare(BY_ID).all(['m1', 'o1']);
  cached.prepare('update "orders" set "status" = ? where "id" = ?').run([2, 'o1']);
  assert.deepEqual(cached.prepare(BY_ID).all(['m1', 'o1']), [{ id: 'o1', merchant_id: 'm1', status: 2 }]);
  // A write of another table leaves the entries alone.
  cached.prepare(BY_ID).all(['m1', 'o2']);
  changeBehindTheCache(database, 'o2', 7);
  cached.prepare('insert into notes (text) values (?)').run(['x']);
  assert.equal(statusThroughCache(cached, 'o2'), 0);
  // A write returning rows (a reader that writes) empties them too.
  cached.prepare('update orders set status = status + 1 where id = ? returning status').all(['o2']);
  assert.equal(statusThroughCache(cached, 'o2'), 8);
});

test("another connection's commit is seen at the next read", () => {
  const { file, database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  cached.prepare(BY_ID).all(['m1', 'o1']);
  const other = new BetterSqlite3(file);
  other.prepare('update orders set status = 5 where id = ?').run('o1');
  other.close();
  assert.equal(statusThroughCache(cached, 'o1'), 5);
});

test('inside a transaction nothing is kept, so a rolled-back write is never served', () => {
  const { database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  cached.prepare('begin').run([]);
  cached.prepare('update orders set status = 3 where id = ?').run(['o1']);
  assert.equal(statusThroughCache(cached, 'o1'), 3);
  cached.prepare('rollback').run([]);
  assert.equal(statusThroughCache(cached, 'o1'), 0);
  // Read inside a transaction that has not written: still not kept.
  cached.prepare('begin').run([]);
  cached.prepare(BY_ID).all(['m1', 'o2']);
  cached.prepare('commit').run([]);
  changeBehindTheCache(database, 'o2', 4);
  assert.equal(statusThroughCache(cached, 'o2'), 4);
});

test('the entries are bounded, the oldest leaving first', () => {
  const { database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  cached.prepare(BY_ID).all(['m1', 'o1']);
  changeBehindTheCache(database, 'o1', 6);
  for (let index = 0; index < READ_CACHE_MAX_ENTRIES; index += 1)
    cached.prepare(BY_ID).all(['m1', `x${index}`]);
  assert.equal(statusThroughCache(cached, 'o1'), 6);
});

test('a statement names a cached table only by the whole word', () => {
  assert.deepEqual(cachedTablesNamedBy('update "orders" set "status" = ?'), ['orders']);
  assert.deepEqual(cachedTablesNamedBy('insert into orders (id) values (?)'), ['orders']);
  assert.deepEqual(cachedTablesNamedBy('DELETE FROM Orders'), ['orders']);
  assert.deepEqual(cachedTablesNamedBy('update "order_operations" set "state" = ?'), []);
  assert.deepEqual(cachedTablesNamedBy('update "orders_archive" set "x" = ?'), []);
});

test("inside a read window the version is checked once; another connection's commit is seen in the next window", async () => {
  const { file, database } = ordersDatabase();
  const cached = withStatementCache(database, windows);
  const other = new BetterSqlite3(file);
  cached.prepare(BY_ID).all(['m1', 'o1']);
  other.prepare('update orders set status = 5 where id = ?').run('o1');
  takeStatementCounts();
  await windows.next();
  // Committed before the window opened: seen.
  assert.equal(statusThroughCache(cached, 'o1'), 5);
  // Committed inside the window, after its check: no request served in this window can have
  // been sent after it, so the window's answer stands.
  other.prepare('update orders set status = 6 where id = ?').run('o1');
  assert.equal(statusThroughCache(cached, 'o1'), 5);
  assert.equal(takeStatementCounts()[VERSION_CHECK], 1);
  await nextCheckPhase();
  // Outside a window every read checks for itself.
  assert.equal(statusThroughCache(cached, 'o1'), 6);
  other.prepare('update orders set status = 7 where id = ?').run('o1');
  assert.equal(statusThroughCache(cached, 'o1'), 7);
  assert.equal(takeStatementCounts()[VERSION_CHECK], 2);
  other.close();
});

test('reads of one turn through a cached prepared query share one version check', async () => {
  const { file, database } = ordersDatabase();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database, windows) }),
  });
  ownReadWindows(db, windows);
  const byId = preparedQuery(
    (executor, p: { merchantId: string; id: string }) =>
      executor
        .selectFrom('orders')
        .selectAll()
        .where('merchant_id', '=', p.merchantId)
        .where('id', '=', p.id),
    { cachedOn: 'orders' },
  );
  await byId(db, { merchantId: 'm1', id: 'o1' });
  // Leave that read's window, as the next request would arrive after it.
  await nextCheckPhase();
  const other = new BetterSqlite3(file);
  other.prepare('update orders set status = 8 where id = ?').run('o1');
  other.close();
  takeStatementCounts();
  const results = await Promise.all([
    byId(db, { merchantId: 'm1', id: 'o1' }),
    byId(db, { merchantId: 'm1', id: 'o2' }),
    byId(db, { merchantId: 'm1', id: 'o1' }),
  ]);
  assert.deepEqual(
    results.map((result) => (result.rows[0] as { status: number }).status),
    [8, 0, 8],
  );
  assert.equal(takeStatementCounts()[VERSION_CHECK], 1);
  // In a transaction the read neither waits for a window nor uses the cache.
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ status: 9 } as never)
      .where('id', '=', 'o1')
      .execute();
    assert.equal(((await byId(trx, { merchantId: 'm1', id: 'o1' })).rows[0] as { status: number }).status, 9);
  });
  await db.destroy();
});
